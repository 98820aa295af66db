"""Pet shops (North Andover Code ch. 60, Pet shop A, B): the inspection checklist."""
