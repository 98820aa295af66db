"""One search for the town's staff (issue 20, "One search"): one box finds any record of
the towns a person serves, grouped by kind; bylaw apps add their kinds to the registry."""
