"""Impoundment (North Andover Code ch. 60, Impoundment A–H; ACO B(2)): the Animal Control
Officer's intake records, the owner's notice, fees and release, Town property and its
disposition, and the public "found a dog?" page.
"""
