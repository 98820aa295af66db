"""The stable pages: the generated application form and its live rules, the
office's sign-offs, expansions, inspections, horses and burials; access and query counts."""

import datetime as dt
import re

import pytest
import time_machine
from django.urls import reverse, reverse_lazy

from permits_site.enforcement.models import Inspection
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import Application, ApplicationStatus
from permits_site.licensing.services.applications import request_changes
from stables.burials import services as burials
from stables.horses import services as horses
from stables.models import Horse, HorseBurialNotice, Stable
from stables.permits import services
from tests.factories import Role, UserFactory, staff
from tests.page_forms import assert_on_the_page, post_action, post_form
from tests.stables.flow import (
    ITEMS,
    PRIVATE_FACTS,
    answers,
    drafted,
    pdf,
    permitted,
    site,
    submitted,
)
from tests.stables.test_horses import HOLE

pytestmark = pytest.mark.django_db
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)
#: A day the renewal of a permit issued March 15, 2027 is offered: within 30 days of its end.
RENEWAL_OFFERED = dt.datetime(2028, 2, 20, 10, 0)


def form_answers(facts=PRIVATE_FACTS, **changes):
    """The facts as a browser posts them: yes/no radios, plain numbers."""
    return {
        name: ("yes" if value else "no") if isinstance(value, bool) else value
        for name, value in {**facts, **changes}.items()
    }


def new_application_post(place, **changes):
    """The generated form's answers for a new private stable on ``place``."""
    return {"action": "new", "property": place.pk, "occupancy": "owner", **ITEMS,
            **form_answers(**changes)}


APPLY_PRIVATE = reverse_lazy("licensing:apply", args=[services.PRIVATE_STABLE])


# -- The old stable form's address ------------------------------------------------------


def test_the_old_public_stable_form_moves_to_the_generated_form_with_its_answers(
    client, keeper
):
    client.force_login(keeper)

    moved = client.get(reverse("stables:apply", args=["public"]),
                       {"fee_charged": "yes", "horses": "6", "owner_residences": "1"})

    assert moved.status_code == 301
    assert moved.url.startswith(reverse("licensing:apply", args=[services.PUBLIC_STABLE]))
    form = client.get(moved.url).content.decode()
    assert re.search(r'name="horses"[^>]*value="6"', form)


# -- The application form -----------------------------------------------------------------


def test_the_form_asks_the_rule_set_but_not_the_offices_facts(client, keeper):
    client.force_login(keeper)

    content = client.get(APPLY_PRIVATE).content.decode()

    assert 'name="distance_to_abutter_property_line_ft"' in content
    assert 'name="zoning_certified"' not in content
    assert 'name="conservation_commission_reviewed"' not in content
    assert "Plot plan" in content and "Stable plan" in content


@time_machine.travel(MARCH_15_2027, tick=False)
def test_applying_saves_the_stable_and_the_answers_then_asks_for_both_plans(client, keeper):
    place = site(keeper)
    client.force_login(keeper)

    response = client.post(APPLY_PRIVATE, new_application_post(
        place, distance_to_abutter_property_line_ft="42"))

    application = Application.objects.get(applicant=keeper)
    assert response.status_code == 302
    assert response.url == reverse("licensing:application", args=[application.pk])
    assert application.facts["distance_to_abutter_property_line_ft"] == 42
    assert application.facts["fence_height_ft"] == 4.5
    assert "zoning_certified" not in application.facts
    stable = application.stable_application.stable
    assert (stable.keeper, application.place, stable.property) == (keeper, place, place)
    page = client.get(response.url).content.decode()
    assert "12 Bartlett Street" in page
    assert "is 42 ft; it must be at least 50 ft" in page
    assert "Plot plan" in page and "Stable plan" in page


def test_a_refused_application_names_each_field_and_saves_nothing(client, keeper):
    place = site(keeper)
    client.force_login(keeper)
    data = new_application_post(place, fence_material="razor_wire", layout="")

    response = client.post(APPLY_PRIVATE, data)

    content = response.content.decode()
    assert response.status_code == 400
    for field_id in ("id_fence_material_0", "id_layout"):
        assert f'href="#{field_id}"' in content
    assert Application.objects.count() == 0
    assert Stable.objects.count() == 0


def test_a_woven_wire_fence_needs_its_opening_5_3(client, keeper):
    place = site(keeper)
    client.force_login(keeper)

    response = client.post(APPLY_PRIVATE,
                           new_application_post(place, fence_material="woven_wire"))

    assert response.status_code == 400
    assert "fence_opening_in" in response.content.decode()


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_old_addresses_lead_to_the_generated_form(client, keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk)
    draft = drafted(keeper, address="7 Whitney Street")
    client.force_login(keeper)

    moves = {
        reverse("stables:apply", args=["private"]): APPLY_PRIVATE,
        reverse("stables:edit_application", args=[draft.pk]):
            reverse("licensing:edit", args=[draft.pk]),
        reverse("stables:renew", args=[permit.pk]):
            f"{APPLY_PRIVATE}?action=renewal&permit={permit.pk}",
        reverse("stables:transfer"): f"{APPLY_PRIVATE}?action=transfer",
    }

    for old, new in moves.items():
        response = client.get(old)
        assert (response.status_code, response.url) == (301, new), old
    assert client.post(reverse("stables:transfer")).status_code == 405


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_draft_sent_back_for_changes_is_edited_on_the_generated_form(
    client, keeper, nb_clerk
):
    application = submitted(keeper)
    request_changes(application=application, message="The stable is 48 ft from the line?",
                    acting_user=nb_clerk)
    client.force_login(keeper)
    url = reverse("licensing:edit", args=[application.pk])

    page = client.get(url).content.decode()
    response = client.post(url, {**new_application_post(application.place,
                                                         distance_to_abutter_property_line_ft=48),
                                 "layout": "Three stalls."})

    application.refresh_from_db()
    assert "The stable is 48 ft from the line?" in page
    assert response.status_code == 302
    assert application.facts["distance_to_abutter_property_line_ft"] == 48
    assert application.stable_application.layout == "Three stalls."
    assert application.status == ApplicationStatus.DRAFT


@time_machine.travel(MARCH_15_2027, tick=False)
def test_renewing_prefills_the_last_answers_and_asks_what_changed_2_2(client, keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk)
    answers = {"action": "renewal", "permit": permit.pk, **ITEMS, **form_answers()}

    with time_machine.travel(RENEWAL_OFFERED, tick=False):
        client.force_login(keeper)
        page_url = kind_for(permit.permit_type.code).renewal_url(permit)
        page = client.get(page_url).content.decode()
        refused = client.post(APPLY_PRIVATE, answers)
        saved = client.post(APPLY_PRIVATE, {**answers, "changes_made": "No changes"})

    assert 'name="changes_made"' in page
    assert re.search(r'name="corral_area_sqft"[^>]*value="6000"', page)
    assert refused.status_code == 400
    assert 'href="#id_changes_made"' in refused.content.decode()
    renewal = Application.objects.get(action="renewal")
    assert saved.url == reverse("licensing:application", args=[renewal.pk])
    assert renewal.previous_permit == permit


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_transferee_applies_then_both_written_notices_are_asked_2_4(
    client, keeper, nb_clerk
):
    permit = permitted(keeper, nb_clerk)
    newcomer = UserFactory()
    client.force_login(newcomer)

    response = client.post(APPLY_PRIVATE, {
        "action": "transfer", "permit_number": permit.number,
        "address": "12 Bartlett Street", "occupancy": "occupant"})

    application = Application.objects.get(action="transfer")
    assert response.url == reverse("licensing:application", args=[application.pk])
    page = client.get(response.url).content.decode()
    assert "Written notice of the transfer from the transferor" in page
    assert "Written notice of the transfer from the transferee" in page


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_transfer_of_an_unknown_permit_is_refused_on_the_number(client, keeper):
    client.force_login(keeper)

    response = client.post(APPLY_PRIVATE, {
        "action": "transfer", "permit_number": "PVS-2027-00042",
        "address": "12 Bartlett Street", "occupancy": "owner"})

    assert response.status_code == 400
    assert 'href="#id_permit_number"' in response.content.decode()
    assert not Application.objects.exists()


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_public_stables_permit_is_taken_over_on_its_own_form_7_1(client, keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk, code=services.PUBLIC_STABLE)
    client.force_login(UserFactory())

    response = client.post(APPLY_PRIVATE, {
        "action": "transfer", "permit_number": permit.number,
        "address": "12 Bartlett Street", "occupancy": "owner"})

    assert response.status_code == 400
    assert "take it over on the public stable permit form" in response.content.decode()
    assert not Application.objects.filter(action="transfer").exists()


# -- The generated form of the permit types' declarations -------------------------------------


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_generated_form_applies_for_a_stable_on_one_of_the_keepers_properties(
    client, keeper
):
    place = site(keeper, "24 Whitney Street")
    client.force_login(keeper)
    url = reverse("licensing:apply", args=[services.PRIVATE_STABLE])

    page = client.get(url).content.decode()
    response = client.post(url, {"action": "new", "property": place.pk, "occupancy": "owner",
                                 **ITEMS, **form_answers()})

    application = Application.objects.get(applicant=keeper)
    assert "24 Whitney Street, Northborough" in page
    assert 'name="zoning_certified"' not in page and 'name="changes_made"' not in page
    assert response.url == reverse("licensing:application", args=[application.pk])
    assert (application.place, application.stable_application.stable.property) == (place,
                                                                                     place)


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_generated_form_registers_a_horse_at_the_keepers_stable(client, keeper, nb_clerk):
    permitted(keeper, nb_clerk)
    client.force_login(keeper)

    response = client.post(reverse("licensing:apply", args=[horses.HORSE_REGISTRATION]), {
        "action": "new", "stable": Stable.objects.get().pk, "name": "Juniper",
        "description": "Bay mare",
    })

    horse = Horse.objects.get()
    assert response.url == reverse("licensing:application", args=[horse.registration_id])
    assert horse.name == "Juniper"


# -- The review screen: the office's sign-offs -------------------------------------------------


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_clerk_records_zoning_and_concom_on_the_review_screen(client, keeper, nb_clerk):
    application = submitted(keeper)
    client.force_login(nb_clerk)
    review = reverse("licensing:review", args=[application.pk])

    before = client.get(review).content.decode()
    client.post(reverse("stables:record_zoning", args=[application.pk]),
                {"on": "2027-03-12", "note": "ZBA letter 27-4"})
    client.post(reverse("stables:record_conservation", args=[application.pk]),
                {"on": "2027-03-14"})
    after = client.get(review).content.decode()

    assert "Record the zoning certification" in before
    assert "Record the Conservation Commission review" in before
    assert "Certified by the zoning authority, dated March 12, 2027" in after
    assert "ZBA letter 27-4" in after
    assert "Location reviewed with the Conservation Commission, dated March 14, 2027" in after
    details = Application.objects.get(pk=application.pk).stable_application
    assert details.conservation_reviewed_by == nb_clerk


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_sign_off_dated_tomorrow_is_refused_with_the_field(client, keeper, nb_clerk):
    application = submitted(keeper)
    client.force_login(nb_clerk)

    response = client.post(reverse("stables:record_zoning", args=[application.pk]),
                           {"on": "2027-03-16"}, follow=True)

    assert "The date cannot be in the future" in response.content.decode()
    assert not Application.objects.get(pk=application.pk).stable_application.zoning_certified


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_clerk_confirms_a_grandfathered_stable(client, keeper, nb_clerk):
    application = submitted(keeper, facts=answers(grandfathered=True))
    client.force_login(nb_clerk)

    page = client.get(reverse("licensing:review", args=[application.pk])).content.decode()
    client.post(reverse("stables:confirm_grandfathered", args=[application.pk]),
                {"note": "BOH permit 1987-12"})

    assert "The applicant says the stable was permitted under the rules" in page
    assert Stable.objects.get().grandfathered_note == "BOH permit 1987-12"


@time_machine.travel(MARCH_15_2027, tick=False)
def test_only_the_towns_clerk_records_sign_offs(client, keeper, board_member):
    application = submitted(keeper)
    client.force_login(board_member)
    north_andover_clerk = staff(Role.CLERK, "north_andover")

    board = client.post(reverse("stables:record_zoning", args=[application.pk]),
                        {"on": "2027-03-12"})
    client.force_login(north_andover_clerk)
    elsewhere = client.post(reverse("stables:record_conservation", args=[application.pk]),
                            {"on": "2027-03-12"})

    assert (board.status_code, elsewhere.status_code) == (404, 404)
    assert not Application.objects.get(pk=application.pk).stable_application.zoning_certified


# -- The stable's page: expansions and sanitary inspections ------------------------------------


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_keeper_records_an_expansion_and_sees_the_count(client, keeper, nb_clerk):
    permitted(keeper, nb_clerk)
    stable = Stable.objects.get()
    client.force_login(keeper)
    page = reverse("stables:stable", args=[stable.pk])

    post_action(client, page, "expansion",
                {"expansion-area_sqft": "60", "expansion-made_on": "2027-03-14"})
    refused = post_form(client, page, 'name="expansion-area_sqft"', {
        "expansion-area_sqft": "40", "expansion-made_on": "2027-03-15"})

    content = refused.content.decode()
    assert refused.status_code == 400
    assert_on_the_page(client, refused, page)
    assert 'href="#id_expansion-area_sqft"' in content
    assert re.search(r"Expansions since then:\s+<strong>60 sq ft</strong>", content)
    assert "§2.1" in content


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_clerk_schedules_a_sanitary_inspection_of_the_permit(
    client, keeper, nb_clerk, inspector
):
    permit = permitted(keeper, nb_clerk)
    stable = Stable.objects.get()
    client.force_login(nb_clerk)

    page = client.get(reverse("stables:stable", args=[stable.pk])).content.decode()
    response = post_action(
        client, reverse("stables:stable", args=[stable.pk]), "inspection",
        {"inspection-scheduled_for": "2027-05-03", "inspection-inspector": inspector.pk},
    )

    inspection = Inspection.objects.get()
    assert "Schedule a sanitary inspection" in page
    assert response.status_code == 302
    assert (inspection.check_code, inspection.permit, inspection.inspector) == (
        "northborough.sanitary_inspection", permit, inspector
    )
    assert inspection.address == "12 Bartlett Street, Northborough"


@time_machine.travel(MARCH_15_2027, tick=False)
def test_an_inspection_without_its_inspector_is_refused_on_the_stables_page(
    client, keeper, nb_clerk
):
    permitted(keeper, nb_clerk)
    page = reverse("stables:stable", args=[Stable.objects.get().pk])
    client.force_login(nb_clerk)

    refused = post_form(client, page, 'name="inspection-scheduled_for"',
                        {"inspection-scheduled_for": "2027-05-03"})

    assert refused.status_code == 400
    assert_on_the_page(client, refused, page)
    assert 'href="#id_inspection-inspector"' in refused.content.decode()
    assert not Inspection.objects.exists()


@time_machine.travel(MARCH_15_2027, tick=False)
def test_residents_do_not_schedule_inspections(client, keeper, nb_clerk, inspector):
    permitted(keeper, nb_clerk)
    stable = Stable.objects.get()
    client.force_login(keeper)

    page = client.get(reverse("stables:stable", args=[stable.pk])).content.decode()
    response = post_action(
        client, reverse("stables:stable", args=[stable.pk]), "inspection",
        {"inspection-scheduled_for": "2027-05-03", "inspection-inspector": inspector.pk},
    )

    assert "Schedule a sanitary inspection" not in page
    assert response.status_code == 403
    assert not Inspection.objects.exists()


# -- Horses and burials ---------------------------------------------------------------------


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_horse_is_registered_from_its_form(client, keeper, nb_clerk):
    permitted(keeper, nb_clerk)
    client.force_login(keeper)

    response = client.post(
        reverse("stables:horse_new"),
        {"stable": Stable.objects.get().pk, "name": "Juniper", "description": "Bay mare",
         "certificate": pdf("eee.pdf"), "certificate_dated": "2027-03-01"},
    )

    horse = Horse.objects.get()
    assert response.url == reverse("licensing:application", args=[horse.registration_id])
    assert horse.certificate_dated == dt.date(2027, 3, 1)
    assert horse.inoculation_certificate.kind == "inoculation_certificate"


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_certificate_needs_its_date(client, keeper, nb_clerk):
    permitted(keeper, nb_clerk)
    client.force_login(keeper)

    response = client.post(
        reverse("stables:horse_new"),
        {"stable": Stable.objects.get().pk, "name": "Juniper", "description": "Bay mare",
         "certificate": pdf("eee.pdf")},
    )

    assert response.status_code == 400
    assert 'href="#id_certificate_dated"' in response.content.decode()
    assert not Horse.objects.exists()


@time_machine.travel(dt.datetime(2027, 6, 1, 10, 0), tick=False)
def test_the_registry_flags_the_horses_to_follow_up(client, keeper, nb_clerk):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permitted(keeper, nb_clerk)
    stable = Stable.objects.get()
    for name, dated in (("Current", dt.date(2027, 1, 5)), ("Stale", dt.date(2026, 5, 1)),
                        ("Missing", None)):
        horses.register_horse(owner=keeper, stable=stable, name=name, description="Pony",
                                certificate=pdf() if dated else None, certificate_dated=dated)
    client.force_login(nb_clerk)

    everyone = client.get(reverse("stables:horse_registry")).content.decode()
    flagged = client.get(reverse("stables:horse_registry"), {"show": "flagged"}).content.decode()

    assert re.findall(r'data-flag="(\w+)"', everyone) == ["current", "missing", "stale"]
    assert re.findall(r'data-flag="(\w+)"', flagged) == ["missing", "stale"]
    assert "Certificate dated May 1, 2026 is older than a year" in everyone
    assert "<strong>2</strong>" in everyone


@time_machine.travel(dt.datetime(2027, 6, 1, 10, 0), tick=False)
def test_a_burial_notice_on_monday_after_a_saturday_burial_is_on_time(client, keeper, nb_clerk):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permitted(keeper, nb_clerk)
    client.force_login(keeper)

    response = client.post(
        reverse("stables:burial_new"),
        {"stable": Stable.objects.get().pk, "site": "Back pasture",
         **HOLE, "burial_date": "2027-05-29", "notice_date": "2027-06-01"},
    )

    notice = HorseBurialNotice.objects.get()
    page = client.get(response.url).content.decode()
    assert notice.compliant
    assert "by the next working day (June 1, 2027)" in page
    assert "May 29, 2027" in page


# -- Access --------------------------------------------------------------------------------


@time_machine.travel(MARCH_15_2027, tick=False)
def test_another_residents_stable_records_are_404(client, keeper, nb_clerk, other_resident):
    permit = permitted(keeper, nb_clerk)
    stable = Stable.objects.get()
    draft = drafted(keeper, address="7 Whitney Street")
    horse = horses.register_horse(owner=keeper, stable=stable, name="Juniper",
                                    description="Bay mare")
    notice = burials.file_burial_notice(
        filed_by=keeper, stable=stable, horse=None, site="Back pasture",
        facts={**HOLE, "burial_date": dt.date(2027, 3, 14), "notice_date": dt.date(2027, 3, 14)},
    )
    client.force_login(other_resident)

    pages = [
        reverse("stables:stable", args=[stable.pk]),
        reverse("licensing:edit", args=[draft.pk]),
        reverse("stables:renew", args=[permit.pk]),
        reverse("stables:horse_certificate", args=[horse.pk]),
        reverse("stables:burial", args=[notice.pk]),
        reverse("licensing:application", args=[horse.registration_id]),
        reverse("licensing:application", args=[draft.pk]),
    ]
    posts = [
        (reverse("stables:stable", args=[stable.pk]), {"action": "expansion"}),
        (reverse("licensing:edit", args=[draft.pk]), {}),
    ]

    assert [client.get(url).status_code for url in pages] == [404] * len(pages)
    assert [client.post(url, data).status_code for url, data in posts] == [404] * len(posts)


def test_residents_cannot_open_the_horse_registry(client, keeper):
    client.force_login(keeper)

    assert client.get(reverse("stables:horse_registry")).status_code == 403


def test_an_unknown_kind_of_stable_permit_is_404(client, keeper):
    client.force_login(keeper)

    assert client.get(reverse("stables:apply", args=["racetrack"])).status_code == 404


# -- Query counts ---------------------------------------------------------------------------


@time_machine.travel(dt.datetime(2027, 6, 1, 10, 0), tick=False)
@pytest.mark.parametrize("horse_count", [2, 12])
def test_the_horse_registry_runs_a_fixed_number_of_queries(
    client, keeper, nb_clerk, horse_count, django_assert_max_num_queries
):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permitted(keeper, nb_clerk)
    stable = Stable.objects.get()
    for number in range(horse_count):
        owner = UserFactory()
        horses.register_horse(owner=owner, stable=stable, name=f"Horse {number}",
                                description="Pony", certificate=pdf(),
                                certificate_dated=dt.date(2027, 1, 1))
        burials.file_burial_notice(
            filed_by=keeper, stable=stable, horse=None, site="Back pasture",
            facts={**HOLE, "burial_date": dt.date(2027, 5, 3),
                   "notice_date": dt.date(2027, 5, 3)},
        )
    client.force_login(nb_clerk)

    with django_assert_max_num_queries(8):
        response = client.get(reverse("stables:horse_registry"))

    assert response.content.decode().count("horse-row") == horse_count


@time_machine.travel(MARCH_15_2027, tick=False)
@pytest.mark.parametrize("stables", [1, 6])
def test_the_dashboard_panel_runs_a_fixed_number_of_queries(
    keeper, nb_clerk, stables, django_assert_max_num_queries
):
    for number in range(stables):
        permit = permitted(keeper, nb_clerk, address=f"{number} Bartlett Street")
        horses.register_horse(owner=keeper, stable=Stable.objects.get(area_permitted_by=permit),
                                name=f"Horse {number}", description="Pony")
    boarding = permitted(UserFactory(), nb_clerk, address="1 Boarding Lane")
    horses.register_horse(owner=keeper, stable=Stable.objects.get(area_permitted_by=boarding),
                            name="Boarder", description="Pony")
    with (time_machine.travel(RENEWAL_OFFERED, tick=False),
          django_assert_max_num_queries(3)):
        panel = kind_for(services.PRIVATE_STABLE).panel_context(keeper)
        rows = [(row["stable"].address, row["permit"].number, row["renewable"])
                for row in panel["stables"]]
        horse_names = sorted(horse.name for horse, _ in panel["horses"])

    assert len(rows) == stables
    assert all(renewable for _, _, renewable in rows)
    assert "Boarder" in horse_names and len(horse_names) == stables + 1
