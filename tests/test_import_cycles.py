"""No module of the project imports another in a circle.

A newcomer reads the project bottom-up: the rules engine and its calendar, the
records, the services over them, the pages and the API over those, and the
bylaw apps that plug into the core. That works only while every import points
one way. Modules that import each other, directly or through others, have no
bottom: none of them can be read, tested or moved without the rest. An import
inside a function counts as much as one at the top of the file; one under
``if TYPE_CHECKING:`` never runs and is not counted.

A circle is broken by moving what both sides need into the lower module, or by
a registry the lower module exposes and the higher one fills from its
``AppConfig.ready()``.
"""

import grimp
from grimp import ImportGraph

PACKAGES = ("permits_site", "dogs", "stables", "tisbury_regs", "fixtures")


def project_graph() -> ImportGraph:
    """The imports among the project's modules, migrations left out. Built afresh rather
    than from grimp's cache, so that the files are judged as they are now."""
    graph = grimp.build_graph(*PACKAGES, exclude_type_checking_imports=True, cache_dir=None)
    for module in [module for module in graph.modules if "migrations" in module.split(".")]:
        graph.remove_module(module)
    return graph


def import_cycles(graph: ImportGraph) -> list[list[str]]:
    """Every group of modules that import each other in a circle (the graph's strongly
    connected components of more than one module), and every module importing itself.

    A module's group is itself and whatever it imports, directly or not, that also
    imports it, directly or not.
    """
    groups = set()
    for module in graph.modules:
        group = graph.find_upstream_modules(module) & graph.find_downstream_modules(module)
        if group or graph.direct_import_exists(importer=module, imported=module):
            groups.add(frozenset({module, *group}))
    return sorted(sorted(group) for group in groups)


def test_no_modules_import_each_other_in_a_circle():
    cycles = import_cycles(project_graph())

    assert not cycles, "Modules that import each other in a circle:\n" + "\n".join(
        " <-> ".join(group) for group in cycles)


def graph_of(*imports: tuple[str, str]) -> ImportGraph:
    graph = ImportGraph()
    for importer, imported in imports:
        graph.add_import(importer=importer, imported=imported)
    return graph


def test_modules_importing_one_way_are_in_no_circle():
    graph = graph_of(("app.views", "app.services"), ("app.services", "app.models"),
                     ("app.views", "app.models"), ("app.services", "rules.base"))

    assert import_cycles(graph) == []


def test_each_circle_is_found_once_with_its_members_only():
    graph = graph_of(
        # The services and the kinds import each other; the views above them are no part of it.
        ("app.views", "app.services"), ("app.services", "app.kinds"),
        ("app.kinds", "app.services"), ("app.kinds", "app.models"),
        # A circle through three modules.
        ("other.events", "other.outbox"), ("other.outbox", "other.tasks"),
        ("other.tasks", "other.events"),
        ("lonely", "lonely"),
    )

    assert import_cycles(graph) == [
        ["app.kinds", "app.services"],
        ["lonely"],
        ["other.events", "other.outbox", "other.tasks"],
    ]
