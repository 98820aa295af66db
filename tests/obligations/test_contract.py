"""The obligation tables' contract: every row names its section and obligation once, and
every done row names a test that exists. The suite's own run proves the named tests pass.

The checks themselves are proven on small tables written here, so that a check that
could never fail is caught too.
"""

import pytest

from tests.obligations.tables import (
    TEXTS,
    node_id_problem,
    read_table,
    row_problems,
    table_path,
)

HEADER = "section,obligation,status,test,note\n"


@pytest.mark.parametrize("text", TEXTS)
def test_every_row_names_its_section_and_obligation_once(text):
    assert row_problems(read_table(table_path(text))) == []


@pytest.mark.parametrize("text", TEXTS)
def test_every_named_test_exists(text):
    named = [row for row in read_table(table_path(text)) if row.test]
    problems = {row.where: node_id_problem(row.test) for row in named}
    assert {where: problem for where, problem in problems.items() if problem} == {}


@pytest.mark.parametrize("text", TEXTS)
def test_every_done_row_names_a_test(text):
    done = [row for row in read_table(table_path(text)) if row.status == "done"]
    assert done, f"{text}: no done row at all"
    assert [row.where for row in done if not row.test] == []


def _table(tmp_path, body):
    path = tmp_path / "table.csv"
    path.write_text(HEADER + body, encoding="utf-8")
    return read_table(path)


def test_a_row_without_section_or_obligation_is_refused(tmp_path):
    rows = _table(tmp_path, ",licence every dog,missing,,\nA(1),,missing,,\n")
    assert row_problems(rows) == ["line 2 (?): no section", "line 3 (A(1)): no obligation"]


def test_the_same_obligation_twice_is_refused_whatever_its_spacing_and_case(tmp_path):
    rows = _table(tmp_path,
                  "A(1),License every dog,missing,,\nA(1), license  every dog ,partial,,\n")
    assert row_problems(rows) == ["line 3 (A(1)): the same obligation as line 2"]


def test_the_same_obligation_under_two_sections_is_two_rows(tmp_path):
    rows = _table(tmp_path, "A(1),fine,missing,,\nB(1),fine,missing,,\n")
    assert row_problems(rows) == []


def test_a_done_row_without_a_test_is_refused(tmp_path):
    rows = _table(tmp_path, "A(1),license every dog,done,,\n")
    assert row_problems(rows) == ["line 2 (A(1)): done, but names no test that proves it"]


def test_an_unknown_status_is_refused(tmp_path):
    rows = _table(tmp_path, "A(1),license every dog,finished,,\n")
    assert row_problems(rows)[0].startswith("line 2 (A(1)): status 'finished' is not one of done")


def test_a_table_with_another_header_is_refused(tmp_path):
    path = tmp_path / "table.csv"
    path.write_text("section,obligation,status\nA(1),x,done\n", encoding="utf-8")
    with pytest.raises(ValueError, match="header must be section,obligation,status,test,note"):
        read_table(path)


@pytest.fixture
def test_file(tmp_path):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_rules.py").write_text(
        "import pytest\n\n"
        "def test_rule():\n    pass\n\n"
        "@pytest.mark.parametrize('feet', [49, 50])\n"
        "def test_setback(feet):\n    pass\n\n"
        "def helper():\n    pass\n\n"
        "class TestKennel:\n    def test_roster(self):\n        pass\n",
        encoding="utf-8",
    )
    return tmp_path


@pytest.mark.parametrize(
    "node_id",
    [
        "tests/test_rules.py::test_rule",
        "tests/test_rules.py::test_setback[49]",
        "tests/test_rules.py::TestKennel::test_roster",
    ],
)
def test_a_node_id_naming_a_collected_test_resolves(test_file, node_id):
    assert node_id_problem(node_id, root=test_file) is None


@pytest.mark.parametrize(
    ("node_id", "problem"),
    [
        ("tests/test_gone.py::test_rule", "tests/test_gone.py does not exist"),
        ("tests/test_rules.py::test_gone", "tests/test_rules.py defines no test_gone"),
        ("tests/test_rules.py::TestKennel::test_gone", "tests/test_rules.py defines no test_gone"),
        ("tests/test_rules.py::TestGone::test_roster", "tests/test_rules.py defines no TestGone"),
        ("tests/test_rules.py::helper", "pytest collects only test_* functions"),
        ("tests/test_rules.py", "is not a pytest node id"),
        ("test_rule", "is not a pytest node id"),
    ],
)
def test_a_node_id_naming_no_test_is_refused(test_file, node_id, problem):
    assert problem in node_id_problem(node_id, root=test_file)
