"""Every table of a page scrolls inside its own labelled box that takes the keyboard's focus
(WCAG 2.1.1, axe's scrollable-region-focusable): on a 390 px phone a wide table scrolls
sideways, and a person without a mouse must reach what is past the screen's edge. The box
is written once, by the ``{% wide_table %}`` tag; this test reads every template, so a table
added outside it fails here without a browser.

A table of a resident's own records stacks on a phone instead (``table-stacked``, the site's
stylesheet): each cell shows its column's header, from its ``data-label``, which must be the
header's own words, written once in a variable both read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template, TemplateSyntaxError
from django.template.base import Lexer, TokenType
from django.utils import translation

TEMPLATES = Path(settings.BASE_DIR) / "templates"
TABLE = re.compile(r"<table\b", re.IGNORECASE)


def _is_paper(source: str, path: Path) -> bool:
    """A PDF's or printed letter's source: a paper is not scrolled or tabbed through."""
    return (path.relative_to(TEMPLATES).parts[0] == "pdf"
            or source.lstrip().lower().startswith("<!doctype")
            or re.match(r'\s*{%\s*extends\s+"pdf/', source) is not None)


def tables_outside_a_region(source: str) -> int:
    """How many ``<table>`` tags of a template stand outside a ``{% wide_table %}`` block."""
    depth = outside = 0
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents else ""
            if name == "wide_table":
                depth += 1
            elif name == "endwide_table":
                depth -= 1
        elif token.token_type == TokenType.TEXT and depth == 0:
            outside += len(TABLE.findall(token.contents))
    return outside


def page_templates() -> list[Path]:
    return sorted(path for path in TEMPLATES.rglob("*.html")
                  if not _is_paper(path.read_text(encoding="utf-8"), path))


def test_every_table_of_a_page_is_inside_a_focusable_region():
    strays = [f"{path.relative_to(TEMPLATES)}: {count}"
              for path in page_templates()
              if (count := tables_outside_a_region(path.read_text(encoding="utf-8")))]
    assert not strays, ("tables outside {% wide_table %} (wrap each in it):\n"
                        + "\n".join(strays))


def test_the_check_finds_a_bare_table_and_accepts_a_wrapped_one():
    assert tables_outside_a_region("<div><table><tr><td>1</td></tr></table></div>") == 1
    assert tables_outside_a_region(
        '{% load wide_tables %}{% wide_table "Fees" %}<table></table>{% endwide_table %}'
        "<TABLE class='x'></TABLE>") == 1
    assert tables_outside_a_region(
        '{% load wide_tables %}{% wide_table labelledby="h" %}<table></table>'
        "{% endwide_table %}") == 0


def test_papers_are_left_out_and_pages_are_not():
    page_names = {str(path.relative_to(TEMPLATES)) for path in page_templates()}
    assert "pdf/permit.html" not in page_names
    assert "dogs/kennel_hearing_letters.html" not in page_names
    assert "licensing/queue.html" in page_names
    assert "includes/fee_lines.html" in page_names


#: The resident's pages whose tables stack on a phone: read across, each would be wider than
#: a 375 px screen.
STACKED = ("parties/my_businesses.html", "parties/my_properties.html", "parties/_records.html",
           "law/key_dates.html")
STACKED_TABLE = re.compile(r"<table\b[^>]*\btable-stacked\b.*?</table>", re.DOTALL)
HEADER = re.compile(r"<th\b[^>]*>(.*?)</th>", re.DOTALL)
CELL = re.compile(r"<td\b([^>]*)>")
LABEL = re.compile(r'\bdata-label="([^"]*)"')


def unlabelled_cells(source: str) -> list[str]:
    """The cells of a template's stacked tables whose ``data-label`` is not their column's
    header as the template writes it (missing, or another column's)."""
    faults = []
    for table in STACKED_TABLE.findall(source):
        head, _, body = table.partition("</thead>")
        headers = HEADER.findall(head)
        labels = [label.group(1) if (label := LABEL.search(cell)) else None
                  for cell in CELL.findall(body)]
        if len(labels) != len(headers):
            faults.append(f"{len(labels)} cells under {len(headers)} headers")
        faults += [f"{label!r} under {header!r}"
                   for header, label in zip(headers, labels, strict=False) if label != header]
    return faults


@pytest.mark.parametrize("name", STACKED)
def test_a_residents_records_stack_on_a_phone(name):
    source = (TEMPLATES / name).read_text(encoding="utf-8")
    assert source.count("<table") == len(STACKED_TABLE.findall(source)) > 0


def stacked_templates() -> list[str]:
    """The resident's pages declared above, and any other template with a stacked table."""
    return sorted({*STACKED, *(str(path.relative_to(TEMPLATES)) for path in page_templates()
                               if "table-stacked" in path.read_text(encoding="utf-8"))})


@pytest.mark.parametrize("name", stacked_templates())
def test_each_cell_of_a_stacked_table_shows_its_columns_header(name):
    source = (TEMPLATES / name).read_text(encoding="utf-8")
    assert STACKED_TABLE.search(source)
    assert unlabelled_cells(source) == []


def test_the_check_finds_a_cell_without_its_header():
    head = ('<table class="table table-stacked"><thead><tr><th scope="col">{{ town }}</th>'
            '<th scope="col">{{ status }}</th></tr></thead><tbody><tr>')
    assert unlabelled_cells(head + '<td data-label="{{ town }}">a</td>'
                            '<td data-label="{{ status }}">b</td></tr></tbody></table>') == []
    assert unlabelled_cells(head + '<td data-label="{{ town }}">a</td>'
                            "<td>b</td></tr></tbody></table>") == ["None under '{{ status }}'"]
    assert unlabelled_cells(head + '<td data-label="{{ status }}">a</td>'
                            '<td data-label="{{ town }}">b</td></tr></tbody></table>') == [
        "'{{ status }}' under '{{ town }}'", "'{{ town }}' under '{{ status }}'"]
    assert unlabelled_cells(head + '<td data-label="{{ town }}">a</td></tr></tbody></table>') \
        == ["1 cells under 2 headers"]


def render(source: str, **context) -> str:
    return Template("{% load wide_tables %}" + source).render(Context(context))


def test_the_region_is_labelled_focusable_and_scrolls():
    html = render('{% wide_table "Table: fees" %}<table></table>{% endwide_table %}')
    assert html == ('<div class="table-responsive" tabindex="0" role="region" '
                    'aria-label="Table: fees"><table></table></div>')


def test_the_region_may_be_labelled_by_a_heading_or_a_variable_escaped():
    assert render('{% wide_table labelledby="permits-heading" %}<table></table>'
                  "{% endwide_table %}") == (
        '<div class="table-responsive" tabindex="0" role="region" '
        'aria-labelledby="permits-heading"><table></table></div>')
    assert 'aria-label="Table: &quot;A&quot; &lt;b&gt;"' in render(
        "{% wide_table label %}<table></table>{% endwide_table %}", label='Table: "A" <b>')
    assert 'aria-label="Table: what is due in Tisbury"' in render(
        '{% wide_table "Table: what is due in " town %}<table></table>{% endwide_table %}',
        town="Tisbury")


def test_a_translated_label_reads_in_the_page_language():
    with translation.override("es"):
        html = render('{% wide_table _("Table: your properties") %}<table></table>'
                      "{% endwide_table %}")
    assert 'aria-label="Tabla' in html


@pytest.mark.parametrize("source", [
    "{% wide_table %}<table></table>{% endwide_table %}",
    '{% wide_table "a" labelledby="b" %}<table></table>{% endwide_table %}',
    '{% wide_table labelledby="a" labelledby="b" %}<table></table>{% endwide_table %}',
    '{% wide_table "a" %}<table></table>',
])
def test_a_region_without_exactly_one_name_or_end_is_refused(source):
    with pytest.raises(TemplateSyntaxError):
        render(source)


def test_every_template_with_a_region_loads_the_tag():
    from django.template.loader import get_template

    unloaded = []
    for path in page_templates():
        if "{% wide_table" in path.read_text(encoding="utf-8"):
            try:
                get_template(str(path.relative_to(TEMPLATES)))
            except TemplateSyntaxError as error:
                unloaded.append(f"{path.relative_to(TEMPLATES)}: {error}")
    assert not unloaded, "\n".join(unloaded)
