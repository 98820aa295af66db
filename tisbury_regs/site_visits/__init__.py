"""The Board of Health agent's visits that no permit of the Board asks for (Tisbury BOH Reg
09.6.4, 09.6.5, 09.7.2): a licensed junkyard's screening, oil and rodents; a recreational
facility's restrooms before it opens or grows; the livestock inspection of MGL c.129 §19. Each
is an inspector's checklist, scheduled against an address from the inspection screen or
``POST /api/v1/inspections/``; a failed visit opens a case (the junkyard's the
``junkyard_noncompliance`` fine, a sick animal the quarantine of 09.7.3)."""
