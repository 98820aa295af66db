"""``tests/factories.py`` has a factory for every model of the project, and each builds a
valid row: a new model without a factory fails here."""

from decimal import Decimal

import factory
import pytest
from django.apps import apps
from django.db import models
from simple_history.models import HistoricalChanges

from tests import factories

PROJECT_PACKAGES = {"permits_site", "dogs", "stables", "tisbury_regs"}
PROJECT_MODELS = [
    model for model in apps.get_models()
    if model.__module__.split(".")[0] in PROJECT_PACKAGES
    and not issubclass(model, HistoricalChanges)
]
FACTORIES = {
    declared._meta.model: declared for declared in vars(factories).values()
    if isinstance(declared, type) and issubclass(declared, factory.django.DjangoModelFactory)
}


def test_the_project_models_are_found():
    labels = {model._meta.label for model in PROJECT_MODELS}

    assert {"accounts.User", "licensing.Permit", "dogs.Dog", "stables.Horse"} <= labels
    assert "licensing.HistoricalPermit" not in labels


@pytest.mark.django_db
@pytest.mark.parametrize("model", PROJECT_MODELS, ids=lambda model: model._meta.label)
def test_every_model_has_a_factory_that_saves_a_valid_row(model):
    assert model in FACTORIES, f"tests/factories.py has no factory for {model._meta.label}"

    row = FACTORIES[model].create()

    money = [field.name for field in model._meta.fields
             if isinstance(field, models.DecimalField)
             and not isinstance(getattr(row, field.name), Decimal | None)]
    assert money == [], f"{model._meta.label} factory gives non-Decimal amounts"
    row.refresh_from_db()
    row.full_clean()
    assert model.objects.filter(pk=row.pk).exists()
