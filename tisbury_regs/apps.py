from django.apps import AppConfig
from django.utils.translation import gettext_noop


class TisburyRegsConfig(AppConfig):
    """Tisbury Board of Health Regulations 09.0–09.12."""

    name = "tisbury_regs"
    verbose_name = "Tisbury — Board of Health Regulations"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from permits_site.accounts.demo import register_demo
        from permits_site.accounts.models import Role
        from permits_site.accounts.role_titles import register_role_titles
        from permits_site.enforcement.registry import register_enforcement
        from permits_site.licensing.adoption import amend_after_notice_and_hearing
        from permits_site.licensing.page_registry import register_urls
        from permits_site.rules.registry import register_law
        from tisbury_regs import fines, periods, rules
        from tisbury_regs.law import cite
        from tisbury_regs.permits import food
        from tisbury_regs.permits.dumpster_care import DUMPSTER_SITE_VISIT
        from tisbury_regs.site_visits.checklists import SITE_VISITS

        register_law(
            periods.MUNICIPALITY,
            rule_sets=rules.RULE_SETS,
            periods=periods.PERIODS,
            key_dates=periods.KEY_DATES,
            checklists=(food.RESIDENTIAL_KITCHEN_VISIT, food.TEMPORARY_KITCHEN_VISIT,
                        DUMPSTER_SITE_VISIT, *SITE_VISITS),
        )
        # The Board of Health's agent inspects; two of its members sign a waiver (09.0.3).
        register_role_titles(periods.MUNICIPALITY, {
            Role.INSPECTOR: gettext_noop("Board of Health agent"),
            Role.BOARD_MEMBER: gettext_noop("Board of Health member")})
        # "The Board, after notice, hearing and vote may adopt or amend regulations" (09.0.4):
        # its fee and fine schedules too, emergency regulations excepted.
        amend_after_notice_and_hearing(periods.MUNICIPALITY, citation=cite("09.0.4"))
        self.register_zones()
        self.register_permits()
        register_enforcement(fines.CITATION_POLICY, fines.CASE_TYPES)
        register_urls("tisbury", "tisbury_regs.urls")
        self.register_septic_records()
        self.register_health_orders()
        self.register_pumpout_returns()
        self.register_well_readings()
        self.register_inspection_triggers()
        self.register_subdivision_lots()
        # A failed inspection of a temporary kitchen suspends its permit (09.5.3).
        post_save.connect(food.failed_kitchen_receiver, sender="enforcement.Inspection",
                          dispatch_uid="tisbury_failed_temporary_kitchen")
        register_demo("tisbury_board_of_health", "tisbury_regs.demo.board_of_health")
        register_demo("tisbury_pumpout_and_wells", "tisbury_regs.demo.pumpout_and_wells")
        self.register_document_fees()
        self.register_spill_reports()

    @staticmethod
    def register_zones() -> None:
        """A place's zone, derived from the 09.9.2 lot list or the Board's records (09.9.1),
        never asked of a resident; the Board's panel on the property page."""
        from permits_site.accounts.models import Role
        from permits_site.licensing.page_registry import register_queue_link
        from permits_site.parties.places import (
            DerivedAttribute,
            register_derived_attribute,
            register_place_panel,
        )
        from tisbury_regs.rules import MUNICIPALITY, PRIVATE_WELL, ZONE_FACT
        from tisbury_regs.zones import services

        register_derived_attribute(MUNICIPALITY, DerivedAttribute(
            fact=ZONE_FACT, how=services.HOW, derive=services.zones_of,
            record=services.record_from_attributes, may_record=services.may_record,
        ))
        register_derived_attribute(MUNICIPALITY, DerivedAttribute(
            fact=PRIVATE_WELL.fact_map["public_main_reachable"], how=services.MAIN_HOW,
            derive=services.mains_of, record=services.record_public_main,
            may_record=services.may_record_main,
        ))
        register_place_panel(MUNICIPALITY, "tisbury_regs/property_zone_panel.html",
                             services.property_panel)
        register_queue_link(MUNICIPALITY, "Coastal District and Barrier Beach lots",
                            "tisbury_regs:coastal_district", roles=(Role.ADMIN,))

    @staticmethod
    def register_permits() -> None:
        """The permit types, the questions telling them apart, the property's zone they read
        (09.9) and the clerk's disposal works API (09.3.1(3))."""
        from permits_site.api.registry import register_routes
        from permits_site.licensing.declarations import Purpose
        from permits_site.licensing.kinds import register_kind
        from permits_site.licensing.questions import register_questions
        from tisbury_regs import questions
        from tisbury_regs.permits import fees, kinds
        from tisbury_regs.permits.api import DisposalWorksApplicationViewSet

        for kind in (*fees.KINDS, *kinds.DECLARED_KINDS):
            register_kind(kind)
        register_questions(kinds.MUNICIPALITY, Purpose.FOOD_BUSINESS, questions.FOOD)
        register_questions(kinds.MUNICIPALITY, Purpose.DUMPSTER, questions.DUMPSTERS)
        register_questions(kinds.MUNICIPALITY, Purpose.SEPTIC_SYSTEM, questions.SEPTIC)
        register_questions(kinds.MUNICIPALITY, Purpose.RUN_A_TRADE, questions.TRADE)
        register_questions(kinds.MUNICIPALITY, Purpose.HOST_GUESTS, questions.GUESTS)
        register_questions(kinds.MUNICIPALITY, Purpose.WORK_ON_LAND, questions.LAND)
        register_questions(kinds.MUNICIPALITY, Purpose.KEEP_HORSES, questions.HORSES)
        register_routes("disposal-works-applications", DisposalWorksApplicationViewSet,
                        basename="disposal-works-application")

    @staticmethod
    def register_septic_records() -> None:
        """Septic inspection reports and failed systems (09.0.8(4), 09.1.3(5)); the admin
        licenses the system inspectors who file the reports."""
        from permits_site.accounts.models import Role
        from permits_site.api.registry import register_routes
        from permits_site.licensing.page_registry import register_queue_link
        from permits_site.parties.places import register_place_panel
        from tisbury_regs.septic import api, services

        register_place_panel("tisbury", "tisbury_regs/property_septic_panel.html",
                             services.property_panel)
        register_queue_link("tisbury", "System inspector licenses",
                            "tisbury_regs:inspector_licenses", roles=(Role.ADMIN,))
        register_routes("septic-reports", api.SepticReportViewSet, basename="septic-report")
        register_routes("septic-inspector-licenses", api.InspectorLicenseViewSet,
                        basename="septic-inspector-license")

    @staticmethod
    def register_health_orders() -> None:
        """Orders with clocks: quarantines and the 09.4.8, 09.4.7 and 09.5.2 periods."""
        from permits_site.api.registry import register_routes
        from tisbury_regs.health_orders.api import HealthOrderViewSet

        register_routes("health-orders", HealthOrderViewSet, basename="health-order")

    @staticmethod
    def register_pumpout_returns() -> None:
        """Septage pump-out returns (09.6.2)."""
        from permits_site.accounts.permissions import ENFORCEMENT_ROLES
        from permits_site.api.registry import register_routes
        from permits_site.enforcement.deadlines import register_deadline_source
        from permits_site.enforcement.registry import register_case_type
        from permits_site.licensing.page_registry import register_queue_link
        from permits_site.parties.places import register_place_panel
        from tisbury_regs.pumpout import api, services

        register_case_type(services.CASE_TYPE)
        register_deadline_source(services.deadline_rows)
        register_place_panel("tisbury", "tisbury_regs/property_pumpout_panel.html",
                             services.property_panel)
        register_routes("pumpout-returns", api.PumpoutReturnViewSet, basename="pumpout-return")
        register_queue_link("tisbury", "Septage pump-out returns",
                            "tisbury_regs:pumpout_returns_board", roles=ENFORCEMENT_ROLES)

    @staticmethod
    def register_well_readings() -> None:
        """Well meter readings (09.3.1(4))."""
        from permits_site.accounts.permissions import ENFORCEMENT_ROLES
        from permits_site.api.registry import register_routes
        from permits_site.licensing.page_registry import register_queue_link
        from permits_site.parties.places import register_place_panel
        from tisbury_regs.wells import api, services

        register_place_panel("tisbury", "tisbury_regs/property_wells_panel.html",
                             services.property_panel)
        register_routes("well-readings", api.WellReadingViewSet, basename="well-reading")
        register_queue_link("tisbury", "Metered wells", "tisbury_regs:board_wells",
                            roles=ENFORCEMENT_ROLES)

    @staticmethod
    def register_inspection_triggers() -> None:
        """Septic inspections the record requires (09.0.8(4)): on the staff property page,
        in the owner's "My properties" and in the owner's notice."""
        from permits_site.accounts.permissions import ENFORCEMENT_ROLES
        from permits_site.api.registry import register_routes
        from permits_site.enforcement.registry import register_case_type
        from permits_site.licensing.page_registry import register_queue_link
        from permits_site.notifications.reminders import register_reminder_source
        from permits_site.parties.owners import register_owner_notices
        from permits_site.parties.places import register_place_panel
        from tisbury_regs.inspection_triggers import api, leak_tests, services

        register_place_panel("tisbury", "tisbury_regs/property_inspections_due_panel.html",
                             services.property_panel)
        register_owner_notices("tisbury", services.owner_notices)
        register_reminder_source(services.owner_reminders)
        register_queue_link("tisbury", "Septic inspections required",
                            "tisbury_regs:inspections_board", roles=ENFORCEMENT_ROLES)
        register_routes("septic-inspections-required", api.RequiredInspectionViewSet,
                        basename="septic-inspection-required")
        # Tank leak tests at the owner's expense (09.4.7).
        register_case_type(leak_tests.CASE_TYPE)

    @staticmethod
    def register_subdivision_lots() -> None:
        """A lot's subdivision, derived from the issued subdivision plan reviews naming its
        parcel; its disposal works waits on the Board's lot criteria (09.4.2)."""
        from permits_site.parties.places import DerivedAttribute, register_derived_attribute
        from tisbury_regs.rules import MUNICIPALITY, SUBDIVISION_LOT_FACT
        from tisbury_regs.subdivision_lots import services

        register_derived_attribute(MUNICIPALITY, DerivedAttribute(
            fact=SUBDIVISION_LOT_FACT, how=services.HOW, derive=services.subdivisions_of,
            record=services.record, may_record=services.may_record,
        ))

    @staticmethod
    def register_document_fees() -> None:
        """The clerk's charges for documents at the counter (09.0.5)."""
        from permits_site.accounts.models import Role
        from permits_site.api.registry import register_routes
        from permits_site.licensing.kinds import register_kind
        from permits_site.licensing.page_registry import register_queue_link
        from tisbury_regs.documents.api import DocumentChargeViewSet
        from tisbury_regs.documents.kinds import DocumentFeesKind

        register_kind(DocumentFeesKind())
        register_queue_link("tisbury", "Charge for documents",
                            "tisbury_regs:charge_for_documents", roles=(Role.CLERK,))
        register_routes("document-charges", DocumentChargeViewSet, basename="document-charge")

    @staticmethod
    def register_spill_reports() -> None:
        """Hazardous substance spills reported to the Board (09.9.6(3)e, f)."""
        from permits_site.accounts.permissions import ENFORCEMENT_ROLES
        from permits_site.api.registry import register_routes
        from permits_site.licensing.page_registry import register_queue_link
        from permits_site.parties.places import register_place_panel
        from tisbury_regs.spills import api, services

        register_place_panel("tisbury", "tisbury_regs/property_spills_panel.html",
                             services.property_panel)
        register_queue_link("tisbury", "Spill reports", "tisbury_regs:spill_reports",
                            roles=ENFORCEMENT_ROLES)
        register_routes("spill-reports", api.SpillReportViewSet, basename="spill-report")
