"""MkDocs hook: the page of obligations (docs/towns/obligations.md) shows the counts and
the rows of the obligation tables as they are at build time, never typed by hand."""

import importlib.util
from pathlib import Path

OBLIGATIONS_PAGE = "towns/obligations.md"


def _tables_module():
    path = Path(__file__).resolve().parent / "tables.py"
    spec = importlib.util.spec_from_file_location("obligation_tables", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def on_page_markdown(markdown, page, **kwargs):
    if page.file.src_uri != OBLIGATIONS_PAGE:
        return markdown
    tables = _tables_module()
    return tables.render_page(markdown, tables.read_tables())
