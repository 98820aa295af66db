"""Enforcement services: every state change of inspections, cases and fine schedules.

Each is keyword-only, runs in one transaction and writes an audit entry
(DESIGN convention 1). The modules group them by record; the names are
re-exported here so callers import from one place.
"""

from permits_site.enforcement.services.cases import (
    close_case,
    decide_appeal,
    decide_case_hearing,
    determine,
    file_appeal,
    inspection_case_details,
    open_case,
    open_case_from_inspection,
    responsible_for_permit,
    schedule_case_hearing,
    suspend_or_revoke_permit,
)
from permits_site.enforcement.services.charges import add_case_charge
from permits_site.enforcement.services.citations import (
    citation_days,
    citation_total,
    issue_citation,
)
from permits_site.enforcement.services.fines import (
    add_fine_offense,
    citable_fine_item,
    create_fine_schedule_version,
    fine_item_in_force,
    fine_schedule_in_force,
    quote_fine,
    retire_fine_schedule,
    set_offense_amounts,
)
from permits_site.enforcement.services.inspections import (
    add_inspection_photo,
    address_of,
    close_inspection,
    record_inspection,
    schedule_inspection,
)
from permits_site.enforcement.services.orders import issue_order, record_compliance
from permits_site.enforcement.services.scheduling import (
    continue_appeal_hearing,
    continue_case_hearing,
    reschedule_inspection,
    schedule_chosen_day,
    schedule_requested_inspection,
)

__all__ = [
    "add_case_charge",
    "add_inspection_photo",
    "address_of",
    "citation_days",
    "citation_total",
    "close_case",
    "close_inspection",
    "continue_appeal_hearing",
    "continue_case_hearing",
    "add_fine_offense",
    "citable_fine_item",
    "create_fine_schedule_version",
    "decide_appeal",
    "decide_case_hearing",
    "determine",
    "file_appeal",
    "fine_item_in_force",
    "fine_schedule_in_force",
    "inspection_case_details",
    "issue_citation",
    "issue_order",
    "open_case",
    "open_case_from_inspection",
    "responsible_for_permit",
    "quote_fine",
    "record_compliance",
    "record_inspection",
    "reschedule_inspection",
    "schedule_chosen_day",
    "retire_fine_schedule",
    "set_offense_amounts",
    "schedule_case_hearing",
    "schedule_inspection",
    "schedule_requested_inspection",
    "suspend_or_revoke_permit",
]
