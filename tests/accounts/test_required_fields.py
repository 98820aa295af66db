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
            "state": "MA", "postal_code": "02568", "password1": PASSWORD, "password2": PASSWORD,
            **changes}
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


@pytest.mark.django_db
@pytest.mark.parametrize(("phone", "accepted"), [
    ("(978) 555-0100", True), ("+1 978.555.0100", True), ("978-555-0100 ext. 12", True),
    ("555-0100", True),  # seven digits, a local number
    ("555-010", False),  # six
    ("abc", False), ("1", False), ("9785550100123456", False),  # sixteen
])
def test_a_phone_is_a_telephone_number_on_both_forms(phone, accepted):
    """Licenses and notices print it: letters or a stray digit are refused, naming the field."""
    form = registration(phone=phone)

    assert form.is_valid() is accepted, form.errors
    assert ProfileForm(data={**form.data}).is_valid() is accepted
    if not accepted:
        assert form.errors["phone"] == ["Enter a telephone number like (978) 555-0100."]
