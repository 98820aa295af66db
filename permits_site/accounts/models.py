"""Users and the roles they hold in each town.

A resident needs no membership: anyone signed in may apply. Staff roles are
granted per municipality (DESIGN: "Staff roles are granted per municipality").
"""

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from permits_site.accounts.addresses import DEFAULT_STATE, State, format_address


class Role(models.TextChoices):
    CLERK = "clerk", "Clerk"
    INSPECTOR = "inspector", "Inspector"
    ANIMAL_CONTROL_OFFICER = "aco", "Animal Control Officer"
    HEARING_AUTHORITY = "hearing_authority", "Hearing authority"
    BOARD_MEMBER = "board_member", "Board member"
    ADMIN = "admin", "Admin"


class User(AbstractUser):
    """A person: resident, staff member or both. Contact details are what notices use.

    A person the clerk enters at the counter may have no email address: it is stored as
    none (NULL), never as an empty one, so any number of such people live side by side,
    while an address belongs to one person whatever its letters' case. Without an
    address a person cannot sign in or reset a password, and the office posts their
    notices as letters (``permits_site.notifications``).
    """

    email = models.EmailField(_("email address"), unique=True, null=True, blank=True)
    phone = models.CharField(max_length=30, blank=True)
    street_address = models.CharField(max_length=200, blank=True)
    city = models.CharField(max_length=100, blank=True)
    #: The USPS code of the address's state; blank for a person with no address on file.
    state = models.CharField(max_length=2, choices=State.choices, default=DEFAULT_STATE,
                             blank=True)
    postal_code = models.CharField(max_length=10, blank=True)
    #: The language the person chose with the switcher, applied when they sign in; blank
    #: until they choose (their browser's language then decides).
    language = models.CharField(max_length=10, choices=settings.LANGUAGES, blank=True)

    REQUIRED_FIELDS = ["email"]

    class Meta(AbstractUser.Meta):
        constraints = [
            models.UniqueConstraint(Lower("email"), name="unique_email_ignoring_case"),
            models.CheckConstraint(condition=~models.Q(email=""), name="email_none_not_empty"),
        ]

    def save(self, *args, **kwargs) -> None:
        """An empty address is stored as none (see the class docstring)."""
        if not self.email:
            self.email = None
        super().save(*args, **kwargs)

    @property
    def display_name(self) -> str:
        return self.get_full_name() or self.username

    @property
    def initials(self) -> str:
        """Initials only, as the public verification page shows a holder ("J. S.")."""
        parts = [self.first_name, self.last_name] if self.first_name else [self.username]
        return " ".join(f"{part[0].upper()}." for part in parts if part)

    @property
    def mailing_address(self) -> str:
        """The address every page and paper prints, written by ``format_address``:
        "12 Elm Street, North Andover, MA 01845"."""
        return format_address(street=self.street_address, city=self.city, state=self.state,
                              postal_code=self.postal_code)


class Membership(models.Model):
    """One staff role held in one municipality."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="memberships")
    municipality = models.ForeignKey(
        "towns.Municipality", on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=30, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "municipality", "role"], name="unique_membership"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()}, {self.municipality}"

