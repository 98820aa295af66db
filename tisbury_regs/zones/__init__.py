"""Where a Tisbury place lies: inland, in the Coastal District or on the Designated Barrier
Beach (Board of Health Regulations 09.9.1(1), 09.9.2), derived — never asked of a resident."""
