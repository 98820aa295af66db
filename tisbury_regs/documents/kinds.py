"""How the core knows Tisbury's document fees (Tisbury BOH Reg 09.0.5)."""

from __future__ import annotations

from permits_site.licensing.kinds import PermitKind
from tisbury_regs.catalogue import DOCUMENT_FEES_CODE


class DocumentFeesKind(PermitKind):
    """The Board's charges for documents, regulations included (09.0.5): charged by the clerk
    at the counter (``tisbury_regs.documents.services``), never applied for; the admin edits
    and confirms the schedule like any fee schedule."""

    code = DOCUMENT_FEES_CODE
    applied_for = False
