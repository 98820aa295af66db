"""A license keeps the holder's mailing address whole, however long a person's address can be
(street 200, city 100, state and ZIP: 317 characters), as an invoice keeps its payer's: on
PostgreSQL a shorter column refused the issue of such a person's license."""

import pytest

from permits_site.accounts.services import update_profile
from permits_site.licensing.models import Permit
from tests.factories import PermitFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_longest_person_address_is_kept_whole_on_the_license():
    holder = UserFactory()
    update_profile(holder, street_address="S" * 200, city="C" * 100, postal_code="0" * 10)

    permit = PermitFactory(holder=holder, holder_address=holder.mailing_address)

    assert len(holder.mailing_address) == 317
    assert Permit.objects.get(pk=permit.pk).holder_address == holder.mailing_address
