"""Residence limits and noise complaints (North Andover Code ch. 60, Limits A–E; Restraint C).

Noise complaints live here, not in a feature of their own: both are the Animal Control
Officer's findings on a case, judged by a rule set, kept in the case's ``findings`` and
cited under the fine schedule, and their services and pages share the officer's checks
and the page machinery.
"""
