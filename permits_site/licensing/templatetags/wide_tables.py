"""The box every table of a page sits in: on a 390 px phone a wide table scrolls sideways
inside it, and the box is a labelled region that takes the keyboard's focus, so a person
without a mouse scrolls it with the arrow keys (WCAG 2.1.1; axe's
scrollable-region-focusable). Written here once; ``tests/test_wide_tables.py`` fails on a
template's table outside it.

    {% load wide_tables %}
    {% wide_table _("Table: your properties") %}<table>…</table>{% endwide_table %}
    {% wide_table "Table: what is due in " town.name %}…{% endwide_table %}
    {% wide_table labelledby="permits-heading" %}<table>…</table>{% endwide_table %}

A label of several parts reads them joined (English-only staff pages); a translated page
builds its label with ``{% blocktranslate asvar %}``. A table inside a section labelled by a
heading takes a label of its own ("Table: …"), not the same heading: two regions of one
name read as one.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html

register = template.Library()


class WideTableNode(template.Node):
    def __init__(self, nodelist, label, labelledby):
        self.nodelist = nodelist
        self.label = label
        self.labelledby = labelledby

    def render(self, context):
        if self.labelledby is not None:
            name = format_html('aria-labelledby="{}"', self.labelledby.resolve(context))
        else:
            label = "".join(str(part.resolve(context)) for part in self.label)
            name = format_html('aria-label="{}"', label)
        return format_html('<div class="table-responsive" tabindex="0" role="region" {}>{}</div>',
                           name, self.nodelist.render(context))


@register.tag
def wide_table(parser, token):
    """``{% wide_table label… %}`` or ``{% wide_table labelledby=heading_id %}``, closed by
    ``{% endwide_table %}``: one name, never both, never none (a region must be named)."""
    bits = token.split_contents()[1:]
    labelledby = None
    if len(bits) == 1 and bits[0].startswith("labelledby="):
        labelledby = parser.compile_filter(bits[0].removeprefix("labelledby="))
    label = [parser.compile_filter(bit) for bit in bits if labelledby is None]
    if not bits or (labelledby is None and any(b.startswith("labelledby=") for b in bits)):
        raise template.TemplateSyntaxError(
            "{% wide_table %} takes one name: a label, or labelledby= a heading's id")
    nodelist = parser.parse(("endwide_table",))
    parser.delete_first_token()
    return WideTableNode(nodelist, label, labelledby)
