"""Registration and the profile agree on which fields are required, and check them alike
(issue #21: "Profile: registration and profile agree on which fields are required")."""

import pytest

from permits_site.accounts.forms import ProfileForm, ResidentRegistrationForm

PASSWORD = "correct horse battery staple 9"
ACCOUNT_ONLY = {"username", "email", "password1", "password2"}


def required(form) -> set[str]:
    return {name for name, field in form.fields.items() if field.required}


def registration(**changes):
    data = {"username": "ruthw", "first_name": "Ruth", "last_name": "Walker",
            "email": "ruth@example.org", "street_address": "4 Main Street", "city": "Tisbury",
            "postal_code": "02568", "password1": PASSWORD, "password2": PASSWORD, **changes}
    return ResidentRegistrationForm(data=data)


def test_registration_requires_exactly_what_the_profile_requires():
    assert required(ResidentRegistrationForm()) - ACCOUNT_ONLY == required(ProfileForm())
    assert "postal_code" in required(ProfileForm())
    assert "phone" not in required(ResidentRegistrationForm())


def test_both_forms_word_the_fields_alike():
    registering = ResidentRegistrationForm()
    for name, field in ProfileForm().fields.items():
        assert registering.fields[name].label == field.label


@pytest.mark.django_db
@pytest.mark.parametrize(("postal_code", "message"), [
    ("", "This field is required."),
    ("1845", "Enter a ZIP code like 01845 or 01845-1234."),
])
def test_registration_refuses_a_zip_code_the_profile_would_refuse(postal_code, message):
    form = registration(postal_code=postal_code)

    assert not form.is_valid()
    assert form.errors["postal_code"] == [message]
    assert not ProfileForm(data={**form.data, "postal_code": postal_code}).is_valid()


@pytest.mark.django_db
def test_registration_without_a_phone_is_accepted():
    assert registration(phone="").is_valid(), registration(phone="").errors
