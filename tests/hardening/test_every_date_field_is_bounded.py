"""Every date field a request or a page form writes takes only the site's one bound,
:data:`~permits_site.licensing.fact_forms.EARLIEST_DATE`–:data:`~permits_site.licensing.fact_forms.LATEST_DATE`.

The walk imports every module of the project, collects every serializer and form class it
defines and runs each writable date field's own validation on the days either side of
each end: a field added later without the bound fails here, whichever module holds it.
"""

from __future__ import annotations

import datetime as dt
import importlib
import pkgutil

import pytest
from django import forms
from django.core.exceptions import ValidationError as FormValidationError
from rest_framework import serializers
from rest_framework.exceptions import ValidationError as ApiValidationError

from permits_site.licensing.fact_forms import EARLIEST_DATE, LATEST_DATE

PACKAGES = ("permits_site", "dogs", "stables", "tisbury_regs")
INSIDE = [EARLIEST_DATE, LATEST_DATE]
OUTSIDE = [EARLIEST_DATE - dt.timedelta(days=1), LATEST_DATE + dt.timedelta(days=1)]

#: Serializers that cannot be built without arguments, and why (none today).
NOT_BUILT_WITHOUT_ARGUMENTS: dict[str, str] = {}


def _project_modules():
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        yield package
        for info in pkgutil.walk_packages(package.__path__, prefix=f"{package_name}."):
            if ".migrations" in info.name or info.name.endswith((".wsgi", ".asgi")):
                continue
            yield importlib.import_module(info.name)


def _defined_in_project(base: type) -> list[type]:
    """Subclasses of ``base`` defined in a project module, each once, by qualified name."""
    found = {}
    for module in _project_modules():
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, base)
                    and value.__module__.startswith(PACKAGES)):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[name] for name in sorted(found)]


SERIALIZERS = _defined_in_project(serializers.BaseSerializer)
FORMS = _defined_in_project(forms.BaseForm)


def _abstract(cls: type) -> bool:
    """A model serializer base that names no model (it has no fields of its own)."""
    return issubclass(cls, serializers.ModelSerializer) and not hasattr(cls, "Meta")


def _serializer_date_fields() -> list[tuple[str, serializers.Field]]:
    fields = []
    for cls in SERIALIZERS:
        name = f"{cls.__module__}.{cls.__qualname__}"
        if name in NOT_BUILT_WITHOUT_ARGUMENTS or _abstract(cls):
            continue
        for field_name, field in cls().fields.items():
            if isinstance(field, serializers.DateField) and not field.read_only:
                fields.append((f"{name}.{field_name}", field))
    return fields


def _form_date_fields() -> list[tuple[str, forms.Field]]:
    return [
        (f"{cls.__module__}.{cls.__qualname__}.{field_name}", field)
        for cls in FORMS
        for field_name, field in cls.base_fields.items()
        if isinstance(field, forms.DateField) and not field.disabled
    ]


SERIALIZER_DATE_FIELDS = _serializer_date_fields()
FORM_DATE_FIELDS = _form_date_fields()


def test_the_walk_finds_the_project_s_date_fields():
    """A walk that found nothing would prove nothing: the known fields are among those it
    checks (a serializer's model date, a declared one, a page form's)."""
    serializer_names = {name for name, _field in SERIALIZER_DATE_FIELDS}
    form_names = {name for name, _field in FORM_DATE_FIELDS}

    assert "dogs.impoundment.api.IntakeSerializer.impounded_on" in serializer_names
    assert "permits_site.api.calendar.ClosureSerializer.date" in serializer_names
    assert "dogs.licenses.forms.DogForm.date_of_birth" in form_names
    assert "permits_site.reports.forms.ReportFilterForm.start" in form_names
    assert len(SERIALIZER_DATE_FIELDS) >= 70


def test_every_serializer_that_the_walk_skips_is_still_in_the_project():
    names = {f"{cls.__module__}.{cls.__qualname__}" for cls in SERIALIZERS}

    assert set(NOT_BUILT_WITHOUT_ARGUMENTS) <= names


@pytest.mark.parametrize(("name", "field"), SERIALIZER_DATE_FIELDS,
                         ids=[name for name, _field in SERIALIZER_DATE_FIELDS])
def test_every_writable_serializer_date_field_takes_only_the_bound(name, field):
    for day in OUTSIDE:
        with pytest.raises(ApiValidationError):
            field.run_validation(day.isoformat())
    for day in INSIDE:
        assert field.run_validation(day.isoformat()) == day


@pytest.mark.parametrize(("name", "field"), FORM_DATE_FIELDS,
                         ids=[name for name, _field in FORM_DATE_FIELDS])
def test_every_form_date_field_takes_only_the_bound(name, field):
    for day in OUTSIDE:
        with pytest.raises(FormValidationError):
            field.clean(day)
    for day in INSIDE:
        assert field.clean(day) == day


@pytest.mark.parametrize(("field", "earliest", "latest"), [
    ("permits_site.reports.forms.ReportFilterForm.start", "1900-01-01", "2199-12-31"),
    ("tisbury_regs.pumpout.forms.ReturnForm.month", "1900-01", "2199-12"),
])
def test_a_date_picker_carries_the_bound_in_its_own_format(field, earliest, latest):
    """A month picker given ``min="1900-01-01"`` would ignore it: each picker is told the
    bound the way it writes dates."""
    bounded = dict(FORM_DATE_FIELDS)[field]

    attrs = bounded.widget_attrs(bounded.widget)

    assert (attrs["min"], attrs["max"]) == (earliest, latest)
