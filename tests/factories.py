"""Factories for the core and the bylaw apps' records."""

import datetime as dt

import factory
from django.contrib.auth.hashers import make_password

from dogs.models import Dog
from dogs.services import mailing_residence
from permits_site.accounts.models import Membership, Role, User
from permits_site.licensing.models import Municipality

PASSWORD = "correct-horse-battery-staple"
_HASHED_PASSWORD = make_password(PASSWORD)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"person{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.org")
    first_name = factory.Faker("first_name")
    last_name = factory.Faker("last_name")
    street_address = factory.Sequence(lambda n: f"{n} Main Street")
    city = "North Andover"
    postal_code = "01845"
    password = _HASHED_PASSWORD


def municipality(code: str) -> Municipality:
    """Reference data comes from the migrations; look a town up by code."""
    return Municipality.objects.get(code=code)


def staff(role: str, town: str = "north_andover", **fields) -> User:
    user = UserFactory(**fields)
    Membership.objects.create(user=user, municipality=municipality(town), role=role)
    return user


class DogFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Dog

    owner = factory.SubFactory(UserFactory)
    residence = factory.LazyAttribute(lambda dog: mailing_residence(dog.owner,
                                                                    acting_user=dog.owner))
    name = factory.Sequence(lambda n: f"Rex{n}")
    breed = "Labrador Retriever"
    color = "Yellow"
    sex = "male"
    date_of_birth = dt.date(2022, 5, 1)
    spayed_neutered = True


__all__ = ["PASSWORD", "Role", "UserFactory", "DogFactory", "municipality", "staff"]
