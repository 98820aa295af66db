"""Variances: the Board's signed relief from named rules (Northborough §8.2, Tisbury 09.0.3).

The application is a Tisbury disposal works permit judged by the coastal septic
rules, with a permit kind registered for the test that says how many Board
signatures a variance needs.
"""

import datetime as dt
import io
from contextlib import ExitStack

import pytest
import time_machine
from django.urls import reverse
from pypdf import PdfReader

from permits_site.accounts.models import Role
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.kinds import PermitKind, registered_kind
from permits_site.licensing.models import (
    ApplicationStatus,
    PermitType,
    VarianceSignature,
    VarianceStatus,
)
from permits_site.licensing.services.applications import (
    approve_application,
    blockers,
    create_application,
    evaluate,
    submit_application,
)
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import issue_permit
from permits_site.licensing.services.variances import (
    deny_variance,
    granted_rule_ids,
    request_variance,
    sign_variance,
)
from permits_site.pdf.rendering import render_permit_pdf_bytes
from tests.declared import declared_permit_type
from tests.factories import UserFactory, staff
from tests.page_forms import assert_on_the_page, post_action, post_form
from tests.rules.test_tisbury_rules import COASTAL_SEPTIC_OK
from tests.tisbury.support import with_required_documents

pytestmark = pytest.mark.django_db
JUNE_2030 = dt.datetime(2030, 6, 3, 10, 0)
DISPOSAL_WORKS = "tisbury.disposal_works"
WAIVER_CITATION = "Tisbury BOH Reg 09.0.3"
PRIVATE_WELL = "ti.9.7.6.private_well"
WATER_BODY = "ti.9.7.6.water_body"
TOO_CLOSE_TO_A_WELL = {**COASTAL_SEPTIC_OK, "distance_to_private_well_ft": 150}


class WaiverKind(PermitKind):
    """A disposal works permit whose waivers need ``signatures`` Board signatures."""

    code = DISPOSAL_WORKS
    variance_citation = WAIVER_CITATION

    def __init__(self, signatures: int = 1):
        self.variance_signatures_required = signatures


@pytest.fixture
def waiver_kind():
    """Register a test kind for the disposal works permit; the registry is restored after."""
    with ExitStack() as registrations:

        def register(signatures: int = 1) -> PermitKind:
            return registrations.enter_context(registered_kind(WaiverKind(signatures)))

        yield register


@pytest.fixture
def board_member(db):
    return staff(Role.BOARD_MEMBER, "tisbury", first_name="Bea", last_name="Board")


@pytest.fixture
def second_board_member(db):
    return staff(Role.BOARD_MEMBER, "tisbury", first_name="Ben", last_name="Bench")


@pytest.fixture
def tisbury_clerk(db):
    return staff(Role.CLERK, "tisbury", first_name="Tess", last_name="Clerk")


def submitted_application(facts=TOO_CLOSE_TO_A_WELL):
    applicant = UserFactory(first_name="Sam", last_name="Septic")
    application = create_application(
        applicant=applicant,
        permit_type=PermitType.objects.get(code=DISPOSAL_WORKS),
        action="new",
        facts=facts,
    )
    return submit_application(application=with_required_documents(application),
                              acting_user=applicant)


def requested(application, clerk, rule_ids=(PRIVATE_WELL,)):
    return request_variance(
        application=application,
        rule_ids=list(rule_ids),
        request_text="The lot is too small to keep 200 ft from the neighbour's well.",
        acting_user=clerk,
    )


def approve(variance, member, **text):
    text = {"conditions": "Annual water test.", "bases": "No other site on the lot.", **text}
    return sign_variance(variance=variance, board_member=member, approve=True, **text)


def blocking_rules(application) -> list[str]:
    return [blocker.code for blocker in blockers(application) if blocker.code.startswith("ti.")]


def pay(application, clerk):
    invoice = application.invoices.get()
    record_payment(
        invoice=invoice,
        method="check",
        reference=f"CHK-{application.pk}",
        amount=invoice.total,
        acting_user=clerk,
    )


# -- Services --------------------------------------------------------------------


@time_machine.travel(JUNE_2030, tick=False)
def test_failed_rule_blocks_while_its_variance_is_only_requested(waiver_kind, tisbury_clerk):
    waiver_kind()
    application = submitted_application()

    before = blocking_rules(application)
    requested(application, tisbury_clerk)

    assert before == [PRIVATE_WELL]
    assert blocking_rules(application) == [PRIVATE_WELL]
    assert granted_rule_ids(application) == set()


@time_machine.travel(JUNE_2030, tick=False)
def test_granted_variance_lifts_the_failed_rule_but_the_finding_stays_8_2(
    waiver_kind, tisbury_clerk, board_member
):
    waiver_kind()
    application = submitted_application()
    variance = approve(requested(application, tisbury_clerk), board_member)

    assert variance.status == VarianceStatus.GRANTED
    assert variance.decided_at is not None
    assert blocking_rules(application) == []
    assert [finding.rule for finding in evaluate(application).failures] == [PRIVATE_WELL]
    assert granted_rule_ids(application) == {PRIVATE_WELL}


@time_machine.travel(JUNE_2030, tick=False)
def test_denied_variance_leaves_the_failed_rule_blocking(waiver_kind, tisbury_clerk, board_member):
    waiver_kind()
    application = submitted_application()
    variance = deny_variance(
        variance=requested(application, tisbury_clerk),
        board_member=board_member,
        reason="A nearer well would be put at risk.",
    )

    assert variance.status == VarianceStatus.DENIED
    assert (variance.denial_reason, variance.bases) == ("A nearer well would be put at risk.", "")
    assert variance.signatures.get().approve is False
    assert blocking_rules(application) == [PRIVATE_WELL]
    denial = AuditEntry.objects.get(action="variance.denied")
    assert denial.after["reason"] == "A nearer well would be put at risk."


@time_machine.travel(JUNE_2030, tick=False)
def test_variance_covers_only_the_rules_it_names(waiver_kind, tisbury_clerk, board_member):
    waiver_kind()
    application = submitted_application({**TOO_CLOSE_TO_A_WELL, "distance_to_water_body_ft": 150})

    approve(requested(application, tisbury_clerk, rule_ids=[PRIVATE_WELL]), board_member)

    assert blocking_rules(application) == [WATER_BODY]


@time_machine.travel(JUNE_2030, tick=False)
def test_two_signature_waiver_needs_two_distinct_board_members_09_0_3(
    waiver_kind, tisbury_clerk, board_member, second_board_member
):
    waiver_kind(signatures=2)
    application = submitted_application()
    variance = requested(application, tisbury_clerk)

    after_one = approve(variance, board_member)
    with pytest.raises(InvalidTransition) as twice:
        approve(variance, board_member)
    blocking_after_one = blocking_rules(application)
    after_two = approve(variance, second_board_member, conditions="", bases="")

    assert variance.signatures_required == 2
    assert after_one.status == VarianceStatus.REQUESTED
    assert blocking_after_one == [PRIVATE_WELL]
    assert "already signed" in twice.value.errors["board_member"][0]
    assert after_two.status == VarianceStatus.GRANTED
    assert after_two.conditions == "Annual water test."
    assert VarianceSignature.objects.filter(variance=variance, approve=True).count() == 2
    assert blocking_rules(application) == []


@time_machine.travel(JUNE_2030, tick=False)
def test_second_signer_must_sign_the_conditions_already_proposed(
    waiver_kind, tisbury_clerk, board_member, second_board_member
):
    waiver_kind(signatures=2)
    variance = requested(submitted_application(), tisbury_clerk)
    approve(variance, board_member)

    with pytest.raises(DomainError) as refused:
        approve(variance, second_board_member, conditions="Quarterly water test.")

    assert "sign them as written" in refused.value.errors["conditions"][0]
    assert variance.signatures.count() == 1


def tisbury_waiver_requested(clerk):
    """A waiver of the private well setback under Tisbury's own kind, asked in writing."""
    return request_variance(
        application=submitted_application(), rule_ids=[PRIVATE_WELL],
        request_text="The lot is too small to keep 200 ft from the neighbour's well.",
        locus="9 Beach Road, assessors' lot 12-34", owner="Sam Septic, 9 Beach Road",
        regulation="09.7.6, page 40, the private well setback", relief="150 ft instead",
        acting_user=clerk)


@time_machine.travel(JUNE_2030, tick=False)
def test_a_tisbury_waiver_is_granted_without_conditions_09_0_3(
    tisbury_clerk, board_member, second_board_member
):
    """"The Board may restrict or limit the waiver" (09.0.3): conditions are the Board's
    choice; the bases are still written down."""
    variance = tisbury_waiver_requested(tisbury_clerk)

    approve(variance, board_member, conditions="")
    approve(variance, second_board_member, conditions="")

    variance.refresh_from_db()
    assert variance.status == VarianceStatus.GRANTED
    assert (variance.conditions, variance.bases) == ("", "No other site on the lot.")


@time_machine.travel(JUNE_2030, tick=False)
def test_a_later_signer_cannot_add_conditions_the_first_approval_left_out(
    tisbury_clerk, board_member, second_board_member
):
    variance = tisbury_waiver_requested(tisbury_clerk)
    approve(variance, board_member, conditions="")

    with pytest.raises(DomainError) as refused:
        approve(variance, second_board_member, conditions="Quarterly water test.")

    assert refused.value.errors["conditions"] == [
        "Another member already signed without the conditions imposed; sign it so, or "
        f"oppose. ({WAIVER_CITATION})"]
    variance.refresh_from_db()
    assert (variance.conditions, variance.signatures.count()) == ("", 1)


@time_machine.travel(JUNE_2030, tick=False)
def test_a_tisbury_waiver_still_needs_its_bases(tisbury_clerk, board_member):
    variance = tisbury_waiver_requested(tisbury_clerk)

    with pytest.raises(DomainError) as refused:
        approve(variance, board_member, conditions="", bases=" ")

    assert set(refused.value.errors) == {"bases"}
    assert not variance.signatures.exists()


@time_machine.travel(JUNE_2030, tick=False)
@pytest.mark.parametrize("who", ["clerk", "other_town_board_member", "resident"])
def test_only_a_board_member_of_the_town_can_sign(waiver_kind, tisbury_clerk, who):
    waiver_kind()
    variance = requested(submitted_application(), tisbury_clerk)
    signer = {
        "clerk": tisbury_clerk,
        "other_town_board_member": staff(Role.BOARD_MEMBER, "northborough"),
        "resident": UserFactory(),
    }[who]

    with pytest.raises(PermissionDenied) as refused:
        approve(variance, signer)
    with pytest.raises(PermissionDenied):
        deny_variance(variance=variance, board_member=signer, reason="No.")

    assert "Only a member of the Tisbury Board of Health" in refused.value.errors["board_member"][0]
    assert WAIVER_CITATION in refused.value.errors["board_member"][0]
    variance.refresh_from_db()
    assert variance.status == VarianceStatus.REQUESTED
    assert not variance.signatures.exists()


@time_machine.travel(JUNE_2030, tick=False)
def test_conditions_and_bases_are_required_to_grant(waiver_kind, tisbury_clerk, board_member):
    waiver_kind()
    variance = requested(submitted_application(), tisbury_clerk)

    with pytest.raises(DomainError) as refused:
        approve(variance, board_member, conditions=" ", bases="")

    assert set(refused.value.errors) == {"conditions", "bases"}
    assert refused.value.errors["conditions"][0].endswith(f"({WAIVER_CITATION})")
    variance.refresh_from_db()
    assert variance.status == VarianceStatus.REQUESTED
    assert not variance.signatures.exists()


@time_machine.travel(JUNE_2030, tick=False)
def test_opposing_signature_is_recorded_without_deciding(waiver_kind, tisbury_clerk, board_member):
    waiver_kind(signatures=2)
    variance = requested(submitted_application(), tisbury_clerk)

    variance = sign_variance(variance=variance, board_member=board_member, approve=False)

    assert variance.status == VarianceStatus.REQUESTED
    assert variance.signatures.get().approve is False


@time_machine.travel(JUNE_2030, tick=False)
def test_a_member_who_approved_cannot_then_deny(waiver_kind, tisbury_clerk, board_member):
    waiver_kind(signatures=2)
    variance = requested(submitted_application(), tisbury_clerk)
    approve(variance, board_member)

    with pytest.raises(InvalidTransition, match="one signature each"):
        deny_variance(variance=variance, board_member=board_member, reason="Changed my mind.")


@time_machine.travel(JUNE_2030, tick=False)
def test_denial_needs_a_reason(waiver_kind, tisbury_clerk, board_member):
    waiver_kind()
    variance = requested(submitted_application(), tisbury_clerk)

    with pytest.raises(DomainError) as refused:
        deny_variance(variance=variance, board_member=board_member, reason="  ")

    assert refused.value.errors["reason"] == [
        f"Give the Board's reason for denying the variance. ({WAIVER_CITATION})"
    ]


@time_machine.travel(JUNE_2030, tick=False)
def test_a_decided_variance_takes_no_more_signatures(
    waiver_kind, tisbury_clerk, board_member, second_board_member
):
    waiver_kind()
    variance = approve(requested(submitted_application(), tisbury_clerk), board_member)

    with pytest.raises(InvalidTransition, match="already granted"):
        approve(variance, second_board_member)


@time_machine.travel(JUNE_2030, tick=False)
def test_request_names_the_field_for_unknown_rules_and_a_missing_reason_8_2(
    waiver_kind, tisbury_clerk
):
    waiver_kind()
    application = submitted_application()

    with pytest.raises(DomainError) as refused:
        request_variance(
            application=application,
            rule_ids=["nb.4.1a.lot_line"],
            request_text="",
            acting_user=tisbury_clerk,
        )

    assert refused.value.errors["rule_ids"] == [
        f"nb.4.1a.lot_line is not a rule this application is judged by. ({WAIVER_CITATION})"
    ]
    assert refused.value.errors["request_text"] == [
        f"Say what is asked of the Board and why. ({WAIVER_CITATION})"
    ]
    assert not application.variances.exists()


def test_a_permit_type_whose_law_provides_no_variance_refuses_a_request(tisbury_clerk):
    with declared_permit_type() as garden_party:
        applicant = UserFactory()
        application = create_application(
            applicant=applicant, permit_type=garden_party, action="new",
            facts={"guests": 300}, details={"party_date": "2030-07-01"},
        )
        submit_application(application=application, acting_user=applicant)
        clerk = staff(Role.CLERK, "north_andover")

        with pytest.raises(InvalidTransition) as refused:
            request_variance(application=application, rule_ids=["garden.2.size"],
                             request_text="A big party.", acting_user=clerk)

    assert "provides no variance" in str(refused.value)
    assert not application.variances.exists()


@time_machine.travel(JUNE_2030, tick=False)
def test_a_rule_already_in_a_pending_variance_cannot_be_asked_again_until_denied(
    waiver_kind, tisbury_clerk, board_member
):
    waiver_kind()
    application = submitted_application()
    first = requested(application, tisbury_clerk)

    with pytest.raises(DomainError) as refused:
        requested(application, tisbury_clerk)
    deny_variance(variance=first, board_member=board_member, reason="Incomplete.")
    second = requested(application, tisbury_clerk)

    assert refused.value.errors["rule_ids"][0].startswith(
        f"{PRIVATE_WELL} is already in variance #{first.pk} (requested)."
    )
    assert second.status == VarianceStatus.REQUESTED


@time_machine.travel(JUNE_2030, tick=False)
def test_no_variance_is_requested_for_a_decided_application(waiver_kind, tisbury_clerk):
    waiver_kind()
    application = submitted_application()
    application.status = ApplicationStatus.DENIED
    application.save()

    with pytest.raises(InvalidTransition,
                       match="Cannot request a variance on an application that is denied"):
        requested(application, tisbury_clerk)


@time_machine.travel(JUNE_2030, tick=False)
def test_each_variance_action_writes_one_audit_entry(waiver_kind, tisbury_clerk, board_member):
    waiver_kind()
    variance = approve(requested(submitted_application(), tisbury_clerk), board_member)

    actions = list(
        AuditEntry.objects.filter(object_id=variance.pk, action__startswith="variance.")
        .order_by("pk")
        .values_list("action", "actor")
    )

    assert actions == [
        ("variance.requested", tisbury_clerk.pk),
        ("variance.granted", board_member.pk),
    ]


@time_machine.travel(JUNE_2030, tick=False)
def test_issued_permit_freezes_granted_variances_and_its_pdf_lists_them_8_2(
    waiver_kind, tisbury_clerk, board_member
):
    waiver_kind()
    application = submitted_application({**TOO_CLOSE_TO_A_WELL, "distance_to_water_body_ft": 150})
    approve(requested(application, tisbury_clerk, rule_ids=[PRIVATE_WELL]), board_member)
    approve(
        requested(application, tisbury_clerk, rule_ids=[WATER_BODY]),
        board_member,
        conditions="Silt fence during construction.",
        bases="The pond is a seasonal basin.",
    )
    pay(application, tisbury_clerk)
    approve_application(application=application, acting_user=tisbury_clerk)

    permit = issue_permit(application=application, acting_user=tisbury_clerk)
    text = "\n".join(
        page.extract_text() for page in PdfReader(io.BytesIO(render_permit_pdf_bytes(permit))).pages
    )

    assert permit.conditions == [
        {
            "kind": "variance",
            "rules": [PRIVATE_WELL],
            "conditions": "Annual water test.",
            "bases": "No other site on the lot.",
            "citation": WAIVER_CITATION,
        },
        {
            "kind": "variance",
            "rules": [WATER_BODY],
            "conditions": "Silt fence during construction.",
            "bases": "The pond is a seasonal basin.",
            "citation": WAIVER_CITATION,
        },
    ]
    assert "Variances" in text
    assert PRIVATE_WELL not in text and WATER_BODY not in text  # ids stay on staff screens
    assert "Tisbury BOH Reg 09.9.7(6)" in " ".join(text.split())
    for expected in (
        "Annual water test.",
        "No other site on the lot.",
        "Silt fence during construction.",
        "The pond is a seasonal basin.",
        WAIVER_CITATION,
    ):
        assert expected in text


@time_machine.travel(JUNE_2030, tick=False)
def test_denied_variances_are_not_printed_on_the_license(waiver_kind, tisbury_clerk, board_member):
    waiver_kind()
    application = submitted_application()
    deny_variance(
        variance=requested(application, tisbury_clerk),
        board_member=board_member,
        reason="Move the system instead.",
    )
    application.facts = COASTAL_SEPTIC_OK
    application.save(update_fields=["facts"])
    pay(application, tisbury_clerk)
    approve_application(application=application, acting_user=tisbury_clerk)

    permit = issue_permit(application=application, acting_user=tisbury_clerk)
    text = PdfReader(io.BytesIO(render_permit_pdf_bytes(permit))).pages[0].extract_text()

    assert permit.conditions == []
    assert "Variances" not in text


# -- The review screen ------------------------------------------------------------


def review_url(application):
    return reverse("licensing:review", args=[application.pk])


@time_machine.travel(JUNE_2030, tick=False)
def test_clerk_requests_a_variance_from_the_failed_rules_on_the_review_screen(
    client, waiver_kind, tisbury_clerk
):
    waiver_kind()
    application = submitted_application()
    client.force_login(tisbury_clerk)

    page = client.get(review_url(application)).content.decode()
    response = post_action(
        client, review_url(application), "variance_request",
        data={"variance-rule_ids": [PRIVATE_WELL], "variance-request_text": "Small lot."},
    )

    assert 'id="variances-heading"' in page
    assert f'value="{PRIVATE_WELL}"' in page
    assert "Tisbury BOH Reg 09.9.7(6)" in page
    assert response.status_code == 302
    variance = application.variances.get()
    assert (variance.rule_ids, variance.request_text) == ([PRIVATE_WELL], "Small lot.")


@time_machine.travel(JUNE_2030, tick=False)
def test_a_request_for_a_rule_that_passes_is_refused_on_the_screen_naming_it_8_2(
    client, waiver_kind, tisbury_clerk
):
    waiver_kind()
    application = submitted_application()
    client.force_login(tisbury_clerk)

    response = post_action(
        client, review_url(application), "variance_request",
        data={"variance-rule_ids": [WATER_BODY], "variance-request_text": "Small lot."},
    )

    assert response.status_code == 400
    assert (f"{WATER_BODY} passes: the application meets it and needs no variance. "
            f"({WAIVER_CITATION})") in response.content.decode()
    assert not application.variances.exists()


@time_machine.travel(JUNE_2030, tick=False)
def test_a_refused_request_shows_the_error_on_the_screen(client, waiver_kind, tisbury_clerk):
    waiver_kind()
    application = submitted_application()
    client.force_login(tisbury_clerk)

    response = post_form(client, review_url(application), 'name="variance-request_text"',
                         {"variance-rule_ids": [PRIVATE_WELL], "variance-request_text": ""})

    assert response.status_code == 400
    assert_on_the_page(client, response, review_url(application))
    assert 'class="alert-link" href="#id_variance-request_text"' in response.content.decode()
    assert f"Say what is asked of the Board and why. ({WAIVER_CITATION})" in (
        response.content.decode()
    )
    assert not application.variances.exists()


@time_machine.travel(JUNE_2030, tick=False)
def test_two_members_sign_a_tisbury_waiver_without_conditions_on_the_review_screen(
    client, tisbury_clerk, board_member, second_board_member
):
    variance = tisbury_waiver_requested(tisbury_clerk)
    url = review_url(variance.application)
    client.force_login(board_member)

    first_page = client.get(url).content.decode()
    post_action(client, url, "variance_approve", variance=variance.pk,
                data={f"approve-{variance.pk}-bases": "No other site on the lot."})
    client.force_login(second_board_member)
    second_page = client.get(url).content.decode()
    response = post_action(client, url, "variance_approve", variance=variance.pk)

    assert "Conditions imposed (optional)" in first_page
    assert "You sign the specific bases proposed above, without conditions." in second_page
    assert response.status_code == 302
    variance.refresh_from_db()
    assert (variance.status, variance.conditions) == (VarianceStatus.GRANTED, "")


@time_machine.travel(JUNE_2030, tick=False)
def test_board_member_signs_on_the_review_screen_and_the_finding_is_marked_covered(
    client, waiver_kind, tisbury_clerk, board_member
):
    waiver_kind()
    application = submitted_application()
    variance = requested(application, tisbury_clerk)
    client.force_login(board_member)

    page = client.get(review_url(application)).content.decode()
    response = post_action(
        client, review_url(application), "variance_approve", variance=variance.pk,
        data={
            f"approve-{variance.pk}-conditions": "Annual test.",
            f"approve-{variance.pk}-bases": "Lot.",
        },
    )
    after = client.get(review_url(application)).content.decode()

    assert "Approve with these conditions and bases" in page
    assert "Deny the variance" in page
    assert response.status_code == 302
    variance.refresh_from_db()
    assert variance.status == VarianceStatus.GRANTED
    assert f"Covered by variance #{variance.pk}" in after
    assert f"✓ Approved — {board_member.display_name}" in after


@time_machine.travel(JUNE_2030, tick=False)
def test_board_member_denies_on_the_review_screen(client, waiver_kind, tisbury_clerk, board_member):
    waiver_kind()
    application = submitted_application()
    variance = requested(application, tisbury_clerk)
    client.force_login(board_member)

    response = post_action(
        client, review_url(application), "variance_deny", variance=variance.pk,
        data={f"deny-{variance.pk}-reason": "The well is too close."},
    )

    variance.refresh_from_db()
    assert response.status_code == 302
    assert (variance.status, variance.denial_reason, variance.bases) == (
        VarianceStatus.DENIED, "The well is too close.", "")
    page = client.get(reverse("licensing:review", args=[application.pk])).content.decode()
    assert "Reason for denial" in page and "The well is too close." in page
    assert "Specific bases" not in page.split("Reason for denial")[0].split(
        f"Variance #{variance.pk}")[-1]


@time_machine.travel(JUNE_2030, tick=False)
def test_clerk_sees_no_sign_form_and_cannot_sign(client, waiver_kind, tisbury_clerk):
    waiver_kind()
    application = submitted_application()
    variance = requested(application, tisbury_clerk)
    client.force_login(tisbury_clerk)

    page = client.get(review_url(application)).content.decode()
    response = post_action(
        client, review_url(application), "variance_approve", variance=variance.pk,
        data={f"approve-{variance.pk}-conditions": "c", f"approve-{variance.pk}-bases": "b"},
    )

    assert "Approve with these conditions and bases" not in page
    assert "0 of 1 approval needed" in page
    assert response.status_code == 403
    assert not variance.signatures.exists()


@time_machine.travel(JUNE_2030, tick=False)
def test_refused_grant_without_bases_is_shown_on_the_field(
    client, waiver_kind, tisbury_clerk, board_member
):
    waiver_kind()
    application = submitted_application()
    variance = requested(application, tisbury_clerk)
    client.force_login(board_member)

    response = post_form(
        client, review_url(application), f'name="approve-{variance.pk}-bases"',
        {f"approve-{variance.pk}-conditions": "Annual test.", f"approve-{variance.pk}-bases": ""})

    assert response.status_code == 400
    assert_on_the_page(client, response, review_url(application))
    assert f'href="#id_approve-{variance.pk}-bases"' in response.content.decode()
    assert not variance.signatures.exists()


@time_machine.travel(JUNE_2030, tick=False)
def test_refused_denial_without_a_reason_is_shown_on_the_field(
    client, waiver_kind, tisbury_clerk, board_member
):
    waiver_kind()
    application = submitted_application()
    variance = requested(application, tisbury_clerk)
    client.force_login(board_member)

    response = post_form(client, review_url(application), f'name="deny-{variance.pk}-reason"',
                         {f"deny-{variance.pk}-reason": ""})

    assert response.status_code == 400
    assert_on_the_page(client, response, review_url(application))
    assert f'href="#id_deny-{variance.pk}-reason"' in response.content.decode()
    variance.refresh_from_db()
    assert variance.status == VarianceStatus.REQUESTED


@time_machine.travel(JUNE_2030, tick=False)
def test_residents_and_other_towns_cannot_reach_variances(
    client, waiver_kind, tisbury_clerk, board_member
):
    waiver_kind()
    application = submitted_application()
    variance = requested(application, tisbury_clerk)
    data = {f"approve-{variance.pk}-conditions": "c", f"approve-{variance.pk}-bases": "b"}
    statuses = {}

    for who, user in {
        "applicant": application.applicant,
        "other_town_clerk": staff(Role.CLERK, "northborough"),
        "other_town_board_member": staff(Role.BOARD_MEMBER, "northborough"),
    }.items():
        client.force_login(user)
        statuses[who] = (
            post_action(client, review_url(application), "variance_approve", data,
                        variance=variance.pk).status_code,
            post_action(client, review_url(application), "variance_request",
                        {"variance-rule_ids": [PRIVATE_WELL]}).status_code,
        )

    assert statuses == {
        "applicant": (403, 403),
        "other_town_clerk": (404, 404),
        "other_town_board_member": (404, 404),
    }
    assert not variance.signatures.exists()
    assert application.variances.count() == 1


@time_machine.travel(JUNE_2030, tick=False)
def test_a_variance_of_another_application_is_a_404(
    client, waiver_kind, tisbury_clerk, board_member
):
    waiver_kind()
    application = submitted_application()
    other = requested(submitted_application(), tisbury_clerk)
    client.force_login(board_member)

    response = post_action(
        client, review_url(application), "variance_approve", variance=other.pk,
        data={f"approve-{other.pk}-conditions": "c", f"approve-{other.pk}-bases": "b"},
    )

    assert response.status_code == 404
    assert not other.signatures.exists()
