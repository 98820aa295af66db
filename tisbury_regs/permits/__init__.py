"""Tisbury's permit types (Board of Health Regulations 09.0–09.12): what each declares —
holder, fields, documents, gates, term — in :mod:`~tisbury_regs.permits.kinds`, what is
particular to the food (09.5), sandblasting (09.4.3), dumpster (09.2.5), disposal works and well
registration (09.3.1, 09.0.8) permits, how the core prices them, and the clerk's record that a
disposal works lot is served by public water."""
