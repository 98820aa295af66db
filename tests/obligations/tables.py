"""The obligation tables: every obligation of each town's text, one row each, with the
test that proves the product carries it out.

One CSV per text, next to this module (``north_andover.csv``, ``tisbury.csv``,
``northborough.csv``), columns ``section,obligation,status,test,note``:

- ``section`` cites the text as the town's ``law.cite`` does ("Kennel B(1)", "09.9.4(2)",
  "4.1(a)");
- ``obligation`` says what the text requires, in a few words;
- ``status`` is one of :data:`STATUSES`;
- ``test`` is the pytest node id of the test that proves the row (required when the status
  is ``done``): ``tests/dogs/test_limits.py::test_name``, a class's method
  (``…::TestClass::test_name``) or one parametrized case (``…::test_name[case]``);
- ``note`` says what is missing or which reading the product holds.

Pure standard library: the contract test and the documentation's build both read the
tables through it, and neither imports a test module (node ids are resolved with ``ast``).
"""

import ast
import csv
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent

COLUMNS = ("section", "obligation", "status", "test", "note")

#: What each status means, in the order the documentation counts them.
STATUSES = {
    "done": "carried out, and the named test proves it",
    "partial": "carried out in part (the note says what is missing)",
    "rule-only": "a rule or period exists, but no workflow uses it",
    "missing": "nothing in the product carries it out",
    "untested": "the product seems to carry it out, but no test proves it yet",
    "reading": "carried out on a reading of an ambiguous text, recorded in the spec",
    "contradicts": "the product does what the text does not allow",
}

#: The texts, in the order the documentation lists them: table file stem → title.
TEXTS = {
    "north_andover": "North Andover General Bylaws ch. 60, Dogs and Other Animals",
    "tisbury": "Tisbury Board of Health Regulations 09.0–09.9.7",
    "northborough": "Northborough Board of Health Horse and Stable Regulations",
}

NODE_ID = re.compile(r"^(?P<path>[^:\[\]]+\.py)(?P<names>(::[A-Za-z_][A-Za-z0-9_]*)+)(\[.+\])?$")


@dataclass(frozen=True)
class Row:
    line: int
    section: str
    obligation: str
    status: str
    test: str
    note: str

    @property
    def where(self) -> str:
        return f"line {self.line} ({self.section or '?'})"


def table_path(text: str) -> Path:
    return HERE / f"{text}.csv"


def read_table(path: Path) -> list[Row]:
    """The rows of one table; a header other than :data:`COLUMNS` is an error."""
    with path.open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        if tuple(reader.fieldnames or ()) != COLUMNS:
            raise ValueError(f"{path.name}: the header must be {','.join(COLUMNS)}")
        return [
            Row(
                line=reader.line_num,
                **{column: (record.get(column) or "").strip() for column in COLUMNS},
            )
            for record in reader
        ]


def row_problems(rows: list[Row]) -> list[str]:
    """What is wrong with the rows themselves: blank cells, unknown statuses, a done row
    without its test, the same obligation twice."""
    problems = []
    seen: dict[tuple[str, str], int] = {}
    for row in rows:
        if not row.section:
            problems.append(f"{row.where}: no section")
        if not row.obligation:
            problems.append(f"{row.where}: no obligation")
        if row.status not in STATUSES:
            known = ", ".join(STATUSES)
            problems.append(f"{row.where}: status {row.status!r} is not one of {known}")
        if row.status == "done" and not row.test:
            problems.append(f"{row.where}: done, but names no test that proves it")
        key = (_normalised(row.section), _normalised(row.obligation))
        if key in seen:
            problems.append(f"{row.where}: the same obligation as line {seen[key]}")
        else:
            seen[key] = row.line
    return problems


def node_id_problem(node_id: str, root: Path = REPO_ROOT) -> str | None:
    """Why ``node_id`` names no test pytest would collect under ``root``, or None.

    The file must exist; the function (or the class and its method) must be defined in it
    with a name pytest collects. A parametrized case (``[…]``) is accepted as its test's:
    its ids come from decorators or fixtures that only an import would evaluate.
    """
    match = NODE_ID.match(node_id)
    if not match:
        return f"{node_id!r} is not a pytest node id (path.py::test_name)"
    path = root / match["path"]
    if not path.is_file():
        return f"{match['path']} does not exist"
    names = match["names"].split("::")[1:]
    if len(names) > 2:
        return f"{node_id!r}: only a function or a class's method can be named"
    scope = ast.parse(path.read_text(encoding="utf-8"), filename=str(path)).body
    for name in names:
        definition = next((node for node in scope if _defines(node, name)), None)
        if definition is None:
            return f"{match['path']} defines no {name}"
        scope = getattr(definition, "body", [])
    if not _collected(names):
        return f"{node_id!r}: pytest collects only test_* functions (in Test* classes)"
    return None


def counts(rows: list[Row]) -> Counter:
    return Counter(row.status for row in rows)


def _normalised(text: str) -> str:
    return " ".join(text.lower().split())


def _defines(node: ast.stmt, name: str) -> bool:
    definitions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    return isinstance(node, definitions) and node.name == name


def _collected(names: list[str]) -> bool:
    *classes, function = names
    return function.startswith("test") and all(name.startswith("Test") for name in classes)



# The documentation's page of obligations (docs/towns/obligations.md) is generated from the
# tables at build time: the hook replaces each marker with what these functions render.
COUNTS_MARKER = "<!-- obligations: counts -->"
TABLES_MARKER = "<!-- obligations: tables -->"


def render_counts(tables: dict[str, list[Row]]) -> str:
    """One line per text: how many of its obligations stand at each status; then what
    each status means."""
    header = ["text", *STATUSES, "total"]
    lines = [_markdown_row(header), _markdown_row(["---"] * len(header))]
    for text, rows in tables.items():
        tally = counts(rows)
        figures = [str(tally[status]) for status in STATUSES]
        lines.append(_markdown_row([TEXTS.get(text, text), *figures, str(len(rows))]))
    lines.append("")
    lines.extend(f"- **{status}**: {meaning}" for status, meaning in STATUSES.items())
    return "\n".join(lines)


def render_rows(tables: dict[str, list[Row]]) -> str:
    """Each text's table, row by row: what is done names the test that proves it."""
    sections = []
    for text, rows in tables.items():
        lines = [
            f"### {TEXTS.get(text, text)}",
            "",
            _markdown_row(["section", "obligation", "status", "proved by, or what is missing"]),
            _markdown_row(["---"] * 4),
        ]
        for row in rows:
            evidence = f"`{row.test}`" if row.test else ""
            detail = " — ".join(part for part in (evidence, row.note) if part)
            lines.append(_markdown_row([row.section, row.obligation, row.status, detail]))
        sections.append("\n".join(lines))
    return "\n\n".join(sections)


def render_page(markdown: str, tables: dict[str, list[Row]]) -> str:
    """The page with its markers replaced; a marker gone or a table in error fails."""
    for marker in (COUNTS_MARKER, TABLES_MARKER):
        if marker not in markdown:
            raise ValueError(f"the obligations page lost its marker {marker}")
    for text, rows in tables.items():
        problems = row_problems(rows)
        if problems:
            raise ValueError(f"{text}.csv: " + "; ".join(problems))
    return markdown.replace(COUNTS_MARKER, render_counts(tables)).replace(
        TABLES_MARKER, render_rows(tables)
    )


def read_tables() -> dict[str, list[Row]]:
    return {text: read_table(table_path(text)) for text in TEXTS}


def _markdown_row(cells: list[str]) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"
