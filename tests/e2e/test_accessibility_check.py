"""The accessibility check every walk relies on (``assert_accessible``) fails on a page that
breaks WCAG 2.1 AA, naming the rule and the element, and passes a page that does not."""

import pytest

from tests.e2e.conftest import assert_accessible

UNLABELLED = """<!doctype html><html lang="en"><head><title>Form</title></head>
<body><main><h1>Form</h1><img src="data:image/png;base64,iVBORw0KGgo=">
<input id="tag" type="text"></main></body></html>"""

LABELLED = """<!doctype html><html lang="en"><head><title>Form</title></head>
<body><main><h1>Form</h1><img src="data:image/png;base64,iVBORw0KGgo=" alt="Seal">
<label for="tag">Tag number</label><input id="tag" type="text"></main></body></html>"""


def test_a_page_that_breaks_wcag_fails_naming_each_rule_and_element(page):
    page.set_content(UNLABELLED)

    with pytest.raises(AssertionError) as failure:
        assert_accessible(page)

    report = str(failure.value)
    assert "image-alt" in report and "img" in report
    assert "label" in report and "#tag" in report


def test_a_page_that_meets_wcag_passes(page):
    page.set_content(LABELLED)

    assert_accessible(page)
