"""One way to page, sort, filter and search every staff list (issue 13).

A town's real volume is thousands of rows; each list shows 25 at a time and
reads its ``?page=``, ``?sort=``, ``?q=`` and filters (``?status=``,
``?town=``…) only from a whitelist the view declares. Anything else — a word
for a page, a page past the end, a sort on a field not offered — falls back to
the default, never to an error. A queryset is paged in the database (one
``COUNT`` and one slice, so the number of queries does not grow with the
rows); a plain list (the deadlines screen, built from several sources) is
paged in Python.

Several lists on one page (the dashboard, the inspections screen) each take a
``prefix`` for their page and sort parameters (``permits_page``); the search
box and filters are shared by the page and stay unprefixed.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import reduce
from typing import Any
from urllib.parse import urlencode

from django.core.paginator import Page, Paginator
from django.db.models import Count, Q, QuerySet, Window

PAGE_SIZE = 25
#: A search longer than this is cut: no one types more, and it bounds the ``LIKE``.
MAX_SEARCH = 100
#: Past this, a page number is nonsense; it is clamped before it reaches an ``OFFSET``.
MAX_PAGE = 100_000


@dataclass(frozen=True)
class Sort:
    """One way a list may be ordered: its label and the fields (or a key for a list)."""

    label: str
    fields: tuple[str, ...] = ()
    key: Callable[[Any], Any] | None = None
    reverse: bool = False


@dataclass(frozen=True)
class Filter:
    """A whitelisted filter: each offered value maps to a ``Q`` (or a test for a list row).

    ``default`` is used when the parameter is absent or not offered; the empty
    value means "all" when ``all_label`` is given.
    """

    label: str
    choices: Mapping[str, tuple[str, Any]]
    default: str = ""
    all_label: str = ""

    def options(self) -> list[tuple[str, str]]:
        offered = [(value, label) for value, (label, _) in self.choices.items()]
        return ([("", self.all_label)] if self.all_label else []) + offered


@dataclass(frozen=True)
class ListSpec:
    """What one list accepts: its sorts (the first is the default), search fields, filters."""

    sorts: Mapping[str, Sort]
    search_fields: Sequence[str] = ()
    search_label: str = "Search"
    #: For a plain list: the row's text the search looks in.
    search_text: Callable[[Any], str] | None = None
    filters: Mapping[str, Filter] = field(default_factory=dict)
    prefix: str = ""
    page_size: int = PAGE_SIZE

    @property
    def default_sort(self) -> str:
        return next(iter(self.sorts))


@dataclass
class Listing:
    """One page of a list and what its controls and links need."""

    page: Page
    spec: ListSpec
    sort: str
    query: str
    selected: dict[str, str]
    params: dict[str, str]

    @property
    def rows(self) -> list:
        return list(self.page.object_list)

    @property
    def page_param(self) -> str:
        return f"{self.spec.prefix}page"

    @property
    def sort_param(self) -> str:
        return f"{self.spec.prefix}sort"

    def url_for_page(self, number: int) -> str:
        params = {key: value for key, value in self.params.items() if key != self.page_param}
        if number != 1:
            params[self.page_param] = str(number)
        return "?" + urlencode(params) if params else "?"

    @property
    def page_links(self) -> list[dict]:
        """The numbered links, with "…" for the gaps (``Paginator.get_elided_page_range``)."""
        paginator = self.page.paginator
        return [
            {"number": number, "url": self.url_for_page(number),
             "current": number == self.page.number, "gap": number == paginator.ELLIPSIS}
            for number in paginator.get_elided_page_range(self.page.number, on_each_side=2,
                                                          on_ends=1)
        ]

    @property
    def previous_url(self) -> str | None:
        return self.url_for_page(self.page.number - 1) if self.page.has_previous() else None

    @property
    def next_url(self) -> str | None:
        return self.url_for_page(self.page.number + 1) if self.page.has_next() else None

    @property
    def sort_options(self) -> list[tuple[str, str]]:
        return [(key, sort.label) for key, sort in self.spec.sorts.items()]

    @property
    def filter_controls(self) -> list[dict]:
        return [
            {"name": name, "label": spec.label, "options": spec.options(),
             "selected": self.selected[name]}
            for name, spec in self.spec.filters.items()
        ]

    @property
    def hidden_params(self) -> list[tuple[str, str]]:
        """Other parameters a search form must carry along (not this list's own)."""
        return self._hidden(sort_only=False)

    @property
    def sort_hidden_params(self) -> list[tuple[str, str]]:
        """What a sort-only form carries: everything but this list's page and sort."""
        return self._hidden(sort_only=True)

    def _hidden(self, *, sort_only: bool) -> list[tuple[str, str]]:
        own = {self.page_param, self.sort_param}
        if not sort_only:
            own |= {"q", *self.spec.filters}
        return [(key, value) for key, value in self.params.items() if key not in own]


def town_filter(towns, field: str = "municipality_id") -> Filter:
    """Narrow to one of the user's towns (``?town=<code>``); empty means all of them."""
    return Filter(
        "Town", {town.code: (town.short_name, Q(**{field: town.pk})) for town in towns},
        all_label="All my towns",
    )


def _page_number(raw: str | None) -> int:
    try:
        return min(max(1, int(raw or 1)), MAX_PAGE)
    except (TypeError, ValueError):
        return 1


def search_term(request) -> str:
    """The search box's text, trimmed; a NUL (which PostgreSQL refuses) is dropped."""
    return request.GET.get("q", "").replace("\x00", "").strip()[:MAX_SEARCH]


def selected_filters(request, filters: Mapping[str, Filter]) -> dict[str, str]:
    selected = {}
    for name, spec in filters.items():
        value = request.GET.get(name, spec.default)
        if value not in spec.choices and not (value == "" and spec.all_label):
            value = spec.default
        selected[name] = value
    return selected


def paginate(request, rows: QuerySet | Sequence, spec: ListSpec) -> Listing:
    """Filter, search, sort and page ``rows`` by the request's whitelisted parameters."""
    sort = request.GET.get(f"{spec.prefix}sort", spec.default_sort)
    if sort not in spec.sorts:
        sort = spec.default_sort
    query = search_term(request)
    selected = selected_filters(request, spec.filters)
    if isinstance(rows, QuerySet):
        rows = _narrow_queryset(rows, spec, query=query, selected=selected, sort=sort)
    else:
        rows = _narrow_list(rows, spec, query=query, selected=selected, sort=sort)
    page = _page(rows, _page_number(request.GET.get(f"{spec.prefix}page")), spec.page_size)
    params = {key: value for key, value in request.GET.items() if value != ""}
    return Listing(page=page, spec=spec, sort=sort, query=query,
                   selected=selected, params=params)


def _page(rows: QuerySet | list, number: int, size: int) -> Page:
    """The page ``number`` (clamped to the last one) of ``rows``.

    A queryset's page and the count of all its rows come in one query
    (``COUNT(*) OVER ()`` is computed before the ``LIMIT``), so every list
    costs the same whatever its length. Only a page past the end costs a
    count and a second read.
    """
    paginator = Paginator(rows, size)
    if not isinstance(rows, QuerySet):
        return paginator.page(min(number, paginator.num_pages))
    start = (number - 1) * size
    fetched = list(rows.annotate(listing_total=Window(Count("*")))[start : start + size])
    if not fetched and number > 1:
        return paginator.page(min(number, paginator.num_pages))
    paginator.count = fetched[0].listing_total if fetched else 0
    return Page(fetched, number, paginator)


def _narrow_queryset(rows: QuerySet, spec: ListSpec, *, query: str, selected: dict[str, str],
                     sort: str) -> QuerySet:
    for name, value in selected.items():
        if value in spec.filters[name].choices:
            rows = rows.filter(spec.filters[name].choices[value][1])
    if query and spec.search_fields:
        terms = [Q(**{f"{name}__icontains": query}) for name in spec.search_fields]
        if query.isdigit():
            terms.append(Q(pk=int(query)))
        rows = rows.filter(reduce(operator.or_, terms))
    return rows.order_by(*spec.sorts[sort].fields)


def _narrow_list(rows: Sequence, spec: ListSpec, *, query: str, selected: dict[str, str],
                 sort: str) -> list:
    rows = list(rows)
    for name, value in selected.items():
        if value in spec.filters[name].choices:
            test = spec.filters[name].choices[value][1]
            rows = [row for row in rows if test(row)]
    if query and spec.search_text:
        needle = query.casefold()
        rows = [row for row in rows if needle in spec.search_text(row).casefold()]
    chosen = spec.sorts[sort]
    if chosen.key is not None:
        rows = sorted(rows, key=chosen.key, reverse=chosen.reverse)
    return rows
