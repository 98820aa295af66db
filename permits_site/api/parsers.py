"""The API's JSON parser: malformed bodies of every kind are a 400, never a server error."""

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class JSONObjectParser(JSONParser):
    """DRF's strict JSON parser (no NaN or Infinity) that also turns JSON nested too deep
    to decode, or an unknown charset, into a 400 instead of a server error."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as error:
            raise ParseError("JSON parse error - the document is nested too deeply.") from error
        except LookupError as error:
            raise ParseError("JSON parse error - unknown character set.") from error
