"""The domain audit log: append-only entries of who did what to which record."""

from __future__ import annotations

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone


class AuditEntry(models.Model):
    """Who did what to which record, when, with the state before and after."""

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    municipality = models.ForeignKey(
        "towns.Municipality", on_delete=models.PROTECT, null=True, blank=True
    )
    action = models.CharField(max_length=60)
    content_type = models.ForeignKey(ContentType, on_delete=models.PROTECT)
    object_id = models.PositiveBigIntegerField()
    subject = GenericForeignKey("content_type", "object_id")
    summary = models.CharField(max_length=300)
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["content_type", "object_id"])]
        db_table = "licensing_auditentry"
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}: {self.summary}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValidationError("Audit entries are append-only.")
        super().save(*args, **kwargs)
