"""What a Tisbury dumpster must be kept like, once it is permitted (Board of Health Regulations
09.2.3, 09.2.4, 09.2.6): the conditions printed on the dumpster and contractor permits, and the
agent's site visit whose checklist approves where the dumpster stands ("Dumpster location must
be approved by the Board of Health", 09.2.3(1)) before the dumpster permit issues."""
