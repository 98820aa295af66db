"""The documentation's counts of obligations are generated from the tables at build time
(`make docs`, the hook ``tests/obligations/docs_hook.py``), never typed by hand."""

import importlib.util
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.obligations.tables import (
    COUNTS_MARKER,
    TABLES_MARKER,
    read_table,
    render_counts,
    render_page,
    render_rows,
)

SMALL_TABLE = (
    "section,obligation,status,test,note\n"
    "Licenses A(1),license every dog,done,tests/dogs/test_x.py::test_a,\n"
    "Licenses A(9),neutered fee lower,done,tests/dogs/test_x.py::test_b,\n"
    "Rabies A,cats and ferrets vaccinated,partial,,dogs only\n"
    'Pet shop A(1),"no sale of dogs, cats | rabbits",missing,,\n'
)


@pytest.fixture
def small_tables(tmp_path):
    path = tmp_path / "north_andover.csv"
    path.write_text(SMALL_TABLE, encoding="utf-8")
    return {"north_andover": read_table(path)}


def test_the_counts_are_those_of_the_table_by_status(small_tables):
    assert render_counts(small_tables).splitlines()[:3] == [
        "| text | done | partial | rule-only | missing | untested | reading | contradicts"
        " | total |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        "| North Andover General Bylaws ch. 60, Dogs and Other Animals"
        " | 2 | 1 | 0 | 1 | 0 | 0 | 0 | 4 |",
    ]


def test_the_counts_are_followed_by_what_each_status_means(small_tables):
    legend = render_counts(small_tables).split("\n\n")[1].splitlines()
    assert legend[0] == "- **done**: carried out, and the named test proves it"
    assert [line.split("**")[1] for line in legend] == [
        "done", "partial", "rule-only", "missing", "untested", "reading", "contradicts"]


def test_each_row_is_listed_with_its_test_or_what_is_missing(small_tables):
    lines = render_rows(small_tables).splitlines()
    assert lines[0] == "### North Andover General Bylaws ch. 60, Dogs and Other Animals"
    assert "| Licenses A(1) | license every dog | done | `tests/dogs/test_x.py::test_a` |" in lines
    assert "| Rabies A | cats and ferrets vaccinated | partial | dogs only |" in lines
    assert "| Pet shop A(1) | no sale of dogs, cats \\| rabbits | missing |  |" in lines


def test_the_page_gets_the_counts_and_rows_in_place_of_its_markers(small_tables):
    page = f"# Obligations\n\n{COUNTS_MARKER}\n\n## Row by row\n\n{TABLES_MARKER}\n"
    rendered = render_page(page, small_tables)
    assert COUNTS_MARKER not in rendered and TABLES_MARKER not in rendered
    assert rendered.index("| 2 | 1 | 0 | 1 | 0 | 0 | 0 | 4 |") < rendered.index("## Row by row")
    assert rendered.index("## Row by row") < rendered.index("| Licenses A(1) |")


def test_a_page_that_lost_a_marker_fails_the_build(small_tables):
    with pytest.raises(ValueError, match="lost its marker"):
        render_page(f"# Obligations\n\n{COUNTS_MARKER}\n", small_tables)


def test_a_table_in_error_fails_the_build(tmp_path):
    path = tmp_path / "north_andover.csv"
    path.write_text(SMALL_TABLE + "Licenses A(1),license every dog,done,,\n", encoding="utf-8")
    with pytest.raises(ValueError, match="the same obligation as line 2"):
        render_page(f"{COUNTS_MARKER}\n{TABLES_MARKER}\n", {"north_andover": read_table(path)})


def _hook():
    path = Path(__file__).resolve().parent / "docs_hook.py"
    spec = importlib.util.spec_from_file_location("obligations_docs_hook", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _page(src_uri):
    return SimpleNamespace(file=SimpleNamespace(src_uri=src_uri))


def test_the_hook_renders_the_obligations_page_from_the_real_tables():
    page = f"{COUNTS_MARKER}\n{TABLES_MARKER}\n"
    rendered = _hook().on_page_markdown(page, page=_page("towns/obligations.md"))
    assert "| North Andover General Bylaws ch. 60, Dogs and Other Animals |" in rendered
    assert "### Tisbury Board of Health Regulations 09.0–09.9.7" in rendered
    assert "### Northborough Board of Health Horse and Stable Regulations" in rendered


def test_the_hook_leaves_every_other_page_alone():
    page = f"{COUNTS_MARKER}\n"
    assert _hook().on_page_markdown(page, page=_page("towns/tisbury.md")) == page
