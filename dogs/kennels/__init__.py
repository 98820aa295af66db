"""Kennel licenses (North Andover Code ch. 60, Kennel license B): the license declared and
priced, the Animal Inspector's visit, the roster of the kennel's dogs, the renewal forms,
and the kennel review hearing after the Animal Control Officer's report.
"""
