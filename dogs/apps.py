from functools import partial

from django.apps import AppConfig
from django.utils.translation import gettext_noop


class DogsConfig(AppConfig):
    """North Andover Code ch. 60, Dogs and Other Animals: the dog license (``licenses``),
    kennel licenses (``kennels``), impoundment (``impoundment``), dog cases (``cases``) and
    residence limits with noise complaints (``limits``), each plugged into the core here."""

    name = "dogs"
    verbose_name = "North Andover — Dogs and Other Animals"

    def ready(self) -> None:
        from dogs import fines, periods, questions, rules
        from dogs.cases.api import DogCaseViewSet
        from dogs.cases.common import DETERMINED_DOG_CASES
        from dogs.cases.dog import DogOfCase
        from dogs.cases.home import (
            cases_to_determine,
            dog_case_work,
            duties_to_order,
            petitions_to_decide,
        )
        from dogs.impoundment.api import ImpoundmentViewSet
        from dogs.impoundment.deadlines import intake_records_to_forward
        from dogs.impoundment.home import impoundment_work
        from dogs.impoundment.invoices import adoption_subject, fees_subject
        from dogs.impoundment.kinds import ImpoundmentFeesKind
        from dogs.kennels.api import KennelReviewViewSet, KennelViewSet
        from dogs.kennels.deadlines import kennel_decisions, kennel_hearing_notices
        from dogs.kennels.home import kennel_reviews_to_notice
        from dogs.kennels.kinds import KennelLicenseKind
        from dogs.kennels.reminders import renewal_forms
        from dogs.law import cite
        from dogs.licenses.api import DogViewSet, TagExemptionViewSet
        from dogs.licenses.home import paper_licenses_to_record
        from dogs.licenses.kinds import DogLicenseKind
        from dogs.licenses.reminders import renewal_notices
        from dogs.licenses.search import register_search
        from dogs.licenses.services import dogs_of
        from dogs.limits.home import limits_work
        from dogs.limits.services import NUISANCE_NOISE_CASE
        from dogs.pet_shops.checklist import PET_SHOP_VISIT, offenses_found
        from permits_site.accounts.demo import register_demo
        from permits_site.accounts.incompatible_roles import forbid_roles_together
        from permits_site.accounts.models import Role
        from permits_site.accounts.role_titles import register_role_titles
        from permits_site.api.registry import register_routes
        from permits_site.enforcement.deadlines import register_deadline_source
        from permits_site.enforcement.registry import (
            register_case_subject,
            register_enforcement,
            register_inspection_offenses,
        )
        from permits_site.enforcement.services.penalties import register_penalty
        from permits_site.homes.inspector import officer_inspections
        from permits_site.homes.registry import register_home_section
        from permits_site.licensing.declarations import Purpose, register_reference
        from permits_site.licensing.invoice_subjects import register_invoice_subject
        from permits_site.licensing.kinds import register_kind
        from permits_site.licensing.page_registry import (
            register_nav_link,
            register_public_link,
            register_queue_link,
            register_urls,
        )
        from permits_site.licensing.questions import register_questions
        from permits_site.notifications.reminders import register_reminder_source
        from permits_site.rules.registry import register_law

        town = periods.MUNICIPALITY
        officer = (Role.ANIMAL_CONTROL_OFFICER,)

        register_law(town, rule_sets=rules.RULE_SETS, periods=periods.PERIODS,
                     key_dates=periods.KEY_DATES,
                     checklists=(rules.KENNEL_INSPECTION, PET_SHOP_VISIT))
        register_kind(DogLicenseKind())
        register_kind(KennelLicenseKind())
        register_kind(ImpoundmentFeesKind())
        # Impoundment C, H: an impoundment's invoices name it on the owner's "Fees due", the
        # invoice's page and the Clerk's flagged payments.
        register_invoice_subject(fees_subject, related=("impoundment__dog",))
        register_invoice_subject(adoption_subject, related=("adoption",))
        register_questions(town, Purpose.KEEP_DOGS, questions.DOGS)
        register_reference("dog", dogs_of, add_page="dogs:dog_new",
                           add_label=gettext_noop("Add a dog"),
                           counter_label=gettext_noop("Add a dog for %(person)s"))
        register_enforcement(fines.CITATION_POLICY, fines.CASE_TYPES)
        # Dangerous B; Potentially dangerous B: the dog such a case is about, named when the
        # case is opened and on the owner's notice of determination.
        register_case_subject(DogOfCase(), case_types=DETERMINED_DOG_CASES)
        # Pet shop B: a failed item of the officer's visit is cited as the offense it points to.
        register_inspection_offenses(PET_SHOP_VISIT.code, offenses_found)
        register_penalty(
            "na.lic.A.timely",
            case_type="north_andover.unlicensed_dog",
            offense="unlicensed_dog",
            label="Record the Licenses A(10) offense on the owner's record",
        )
        register_demo("dogs", "dogs.demo.build")
        # The Health Division Animal Inspector inspects kennels (Kennel license B(3)).
        register_role_titles(town, {Role.INSPECTOR: gettext_noop("Animal Inspector")})
        forbid_roles_together(
            town, Role.HEARING_AUTHORITY, Role.ANIMAL_CONTROL_OFFICER,
            citation=cite("Hearing authority A"),
            reason="the hearing authority is the Police Chief or a designee, and the designee "
                   "shall not be the Animal Control Officer",
        )
        register_search()

        register_urls("dogs", "dogs.urls")
        register_routes("dogs", DogViewSet, basename="dog")
        register_routes("dog-tag-exemptions", TagExemptionViewSet, basename="dog-tag-exemption")
        register_routes("impoundments", ImpoundmentViewSet, basename="impoundment")
        register_routes("dog-cases", DogCaseViewSet, basename="dog-case")
        register_routes("kennels", KennelViewSet, basename="kennel")
        register_routes("kennel-reviews", KennelReviewViewSet, basename="kennel-review")

        register_queue_link(town, "Dog license renewal season", "dogs:renewal_season",
                            roles=(Role.CLERK,))
        # Overdue license and late fees go to the Collector (Licenses A(8), Kennel B(8)).
        register_queue_link(town, "Overdue license fees for the Collector", "dogs:overdue_fees",
                            roles=(Role.CLERK,))
        register_queue_link(town, "Impoundments", "dogs:impoundments", roles=(Role.CLERK,))
        # The Health Agent opens residence limits cases too (Limits A–E); the officer has
        # the entry in the navigation.
        register_queue_link(town, "Residence limits: open a case", "dogs:limits_new",
                            roles=(Role.INSPECTOR,))
        # The officer keeps the intake records (Impoundment; ACO B(2)), opens residence
        # limits cases (Limits A–E), hears noise complaints (Restraint C) and reports
        # kennels (Kennel license B(4)).
        register_nav_link(town, "Impoundments", "dogs:impoundments", roles=officer)
        register_nav_link(town, "Residence limits", "dogs:limits_new", roles=officer)
        register_nav_link(town, "Noise complaints", "enforcement:cases", roles=officer,
                          query=f"case_type={NUISANCE_NOISE_CASE}")
        # The kennel licenses are listed to the officer, to the hearing authority, who
        # holds their review hearings (Kennel license B(5)), and to the Clerk, who issues
        # them (from the queue's registers).
        register_nav_link(town, "Kennels", "dogs:kennels",
                          roles=(*officer, Role.HEARING_AUTHORITY))
        register_queue_link(town, "Kennel licenses", "dogs:kennels", roles=(Role.CLERK,))
        register_nav_link(town, "Feeding wildlife", "dogs:feeding_cases", roles=officer)
        register_nav_link(town, "Overdue fees for the Collector", "dogs:overdue_fees",
                          roles=(Role.CLERK,))

        # The renewal notices announce these permit types: no separate expiry reminder.
        register_reminder_source(renewal_notices, covers=(DogLicenseKind.code,))
        register_reminder_source(renewal_forms, covers=(KennelLicenseKind.code,))
        register_deadline_source(kennel_hearing_notices)
        register_deadline_source(kennel_decisions)
        register_deadline_source(intake_records_to_forward)

        # Impoundment B, H: finders' reports reach the officer, the case a finder who keeps
        # a stray is cited on (unless the fine schedule's case types offer the offense), and
        # the adoption money report for the Clerk and the Treasurer's Office.
        from dogs.impoundment.found import NOT_TURNED_OVER, STRAY_CASE
        from permits_site.enforcement.registry import case_types, register_case_type

        if not any(NOT_TURNED_OVER in kind.offenses for kind in case_types(town)):
            register_case_type(STRAY_CASE)
        register_nav_link(town, "Found animal reports", "dogs:found_reports", roles=officer)
        register_public_link(
            town, gettext_noop("Found an animal?"), "dogs:found_dog",
            description=gettext_noop("Report a stray, lost or homeless animal to the Animal "
                                     "Control Officer."))
        register_queue_link(town, "Adoption money for the Treasurer", "dogs:adoption_money",
                            roles=(Role.CLERK,))
        from dogs.impoundment.api import FoundReportViewSet
        from dogs.impoundment.home import found_report_work

        register_routes("found-reports", FoundReportViewSet, basename="found-report")

        register_home_section(Role.ANIMAL_CONTROL_OFFICER, "Finders' reports",
                              found_report_work, municipality=town)

        # The Animal Control Officer's home: dogs in custody (Impoundment; ACO B(2)), dog
        # cases and restraint orders (Restraint E, Temporary restraint A), residence limits
        # and noise complaints (Limits A–E, Restraint C).
        register_home_section(Role.ANIMAL_CONTROL_OFFICER, "Impoundments", impoundment_work,
                              municipality=town)
        # Every open case of the chapter, but the noise complaints, listed under their own
        # heading below.
        register_home_section(Role.ANIMAL_CONTROL_OFFICER, "Dog cases",
                              partial(dog_case_work, listed_elsewhere=(NUISANCE_NOISE_CASE,)),
                              municipality=town)
        register_home_section(Role.ANIMAL_CONTROL_OFFICER,
                              "Residence limits and noise complaints", limits_work,
                              municipality=town)
        # The kennels the officer is assigned to inspect (Kennel license B(3)).
        register_home_section(Role.ANIMAL_CONTROL_OFFICER, "Inspections assigned to me",
                              officer_inspections, municipality=town)
        # The Clerk's: dogs whose paper license waits to be recorded (Licenses A(8)).
        register_home_section(Role.CLERK, "Dog licenses", paper_licenses_to_record,
                              municipality=town)
        # The hearing authority's: the dog cases it determines (Dangerous B; Potentially
        # dangerous B), ...
        register_home_section(Role.HEARING_AUTHORITY, "Dog cases to determine",
                              cases_to_determine, municipality=town)
        # ... keepers' petitions to rescind a restraint order (Temporary restraint A; §60-13).
        register_home_section(Role.HEARING_AUTHORITY, "Dog cases", petitions_to_decide,
                              municipality=town)
        # ... and the determined dogs whose owner's duties it has to order (Dangerous D, E;
        # Potentially dangerous C).
        register_home_section(Role.HEARING_AUTHORITY, "Determined dogs", duties_to_order,
                              municipality=town)
        # Its kennel reviews whose public hearing is not noticed yet (Kennel license B(5)).
        register_home_section(Role.HEARING_AUTHORITY, "Kennel reviews",
                              kennel_reviews_to_notice, municipality=town)

        self._register_officer_records(town)

    @staticmethod
    def _register_officer_records(town: str) -> None:
        """The officer's log of calls and bite records (ACO B(2)), the Animal Inspector's
        quarantine orders (Welfare C), vacated property (Welfare G) and the Clerk's list of
        records past their two years (ACO B(2))."""
        from dogs.bites import search as bite_search
        from dogs.bites.api import BiteRecordViewSet, QuarantineOrderViewSet
        from dogs.bites.home import bite_work, quarantine_work
        from dogs.calls import search as call_search
        from dogs.calls.api import AnimalCallViewSet
        from dogs.calls.home import call_work
        from dogs.records.home import retention_work
        from dogs.welfare.api import VacatedPropertyViewSet
        from dogs.welfare.home import vacated_property_work
        from permits_site.accounts.models import Role
        from permits_site.api.registry import register_routes
        from permits_site.homes.registry import register_home_section
        from permits_site.licensing.page_registry import register_nav_link

        officer, inspector, clerk = (Role.ANIMAL_CONTROL_OFFICER,), (Role.INSPECTOR,), (Role.CLERK,)
        call_search.register_search()
        bite_search.register_search()
        register_routes("animal-calls", AnimalCallViewSet, basename="animal-call")
        register_routes("bites", BiteRecordViewSet, basename="bite")
        register_routes("quarantine-orders", QuarantineOrderViewSet, basename="quarantine-order")
        register_routes("vacated-properties", VacatedPropertyViewSet,
                        basename="vacated-property")
        register_nav_link(town, "Call log", "dogs:calls", roles=officer)
        register_nav_link(town, "Bite records", "dogs:bites", roles=officer + inspector)
        register_nav_link(town, "Vacated properties", "dogs:vacated_properties", roles=officer)
        register_nav_link(town, "Records past two years", "dogs:retention", roles=clerk)
        register_home_section(Role.ANIMAL_CONTROL_OFFICER, "Calls", call_work,
                              municipality=town)
        register_home_section(Role.ANIMAL_CONTROL_OFFICER, "Bites", bite_work,
                              municipality=town)
        register_home_section(Role.ANIMAL_CONTROL_OFFICER, "Vacated property",
                              vacated_property_work, municipality=town)
        register_home_section(Role.INSPECTOR, "Quarantine orders", quarantine_work,
                              municipality=town)
        register_home_section(Role.CLERK, "The officer's records", retention_work,
                              municipality=town)
