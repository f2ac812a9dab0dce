"""No import circle in python/drawpoker, counting the imports made only for type checking.

import-linter (``lint-imports``, .ci/run) leaves ``if TYPE_CHECKING:`` imports out of its
contracts; this test counts them, so a type named across layers cannot hide a circle (issue
26: ``history.replay`` named ``History`` from ``history.record``, which imports ``Replay``)."""

from __future__ import annotations

from itertools import combinations

import grimp
import pytest

ROOT = "drawpoker"


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    found = grimp.build_graph(
        ROOT, include_external_packages=False, exclude_type_checking_imports=False
    )
    for importer in found.find_modules_that_directly_import(ROOT):
        found.remove_import(importer=importer, imported=ROOT)  # `from drawpoker import _core`
    return found


def circles(graph: grimp.ImportGraph) -> list[tuple[str, str]]:
    """Each pair of modules or packages of one package that import each other, directly or
    through any chain (a package with all it holds)."""
    found = []
    for parent in sorted(m for m in graph.modules if graph.find_children(m)):
        for a, b in combinations(sorted(graph.find_children(parent)), 2):
            if graph.chain_exists(a, b, as_packages=True) and graph.chain_exists(
                b, a, as_packages=True
            ):
                found.append((a, b))
    return found


def test_no_circle_even_counting_type_checking_imports(graph: grimp.ImportGraph) -> None:
    assert circles(graph) == []


def test_the_check_sees_a_circle(graph: grimp.ImportGraph) -> None:
    graph.add_import(
        importer="drawpoker.errors", imported="drawpoker.cards"
    )  # cards imports errors
    try:
        assert ("drawpoker.cards", "drawpoker.errors") in circles(graph)
    finally:
        graph.remove_import(importer="drawpoker.errors", imported="drawpoker.cards")
