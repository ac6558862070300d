"""The shape of the code: pure helpers stay free of Django, and no two modules import each other.

Both hold by design, not by care: the pure packages sit below the apps (docs/internals.md), and a
module that needs something from above is handed it as a parameter. These tests keep it so.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Collection
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The project's own packages: every top-level directory with an __init__.py, tests aside.
PACKAGES = sorted(path.parent.name for path in ROOT.glob("*/__init__.py") if path.parent.name != "tests")
# Pure: they import nothing of Django, so parsers, derivation and matching run (and are tested,
# benchmarked, reused) without settings or a database.
PURE_PACKAGES = ("matching", "boards.derive", "boards.sources")
PURE_MODULES = ("boards.diff", "boards.groups", "boards.job", "watchtower.site.charts")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def modules_of(package: str) -> list[str]:
    return sorted(name for name in project_modules() if name == package or name.startswith(f"{package}."))


def dependencies(tree: ast.Module, module: str, *, is_package: bool, modules: Collection[str]) -> set[str]:
    """The project modules a module imports, wherever the import statement is (module level or
    inside a function: a function-local import is still a dependency), except under
    `if TYPE_CHECKING:`, which never runs. `from a import b` depends on the module a.b when b is a
    module, else on a; `import a.b` on a.b. Importing a submodule is not counted as depending on
    its parent package: Python runs the parent's __init__ first, which is initialisation, not use."""

    def nearest(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    found: set[str | None] = set()
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            pending.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(nearest(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".") if is_package else module.split(".")[:-1]
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in modules else nearest(base))
        pending.extend(ast.iter_child_nodes(node))
    return {name for name in found if name is not None and name != module}


def import_graph() -> dict[str, set[str]]:
    """module -> the project modules it imports."""
    modules = project_modules()
    return {
        name: dependencies(
            ast.parse(path.read_text(encoding="utf-8"), filename=str(path)),
            name,
            is_package=path.name == "__init__.py",
            modules=modules,
        )
        for name, path in modules.items()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_project_import_graph_has_no_cycles() -> None:
    graph = import_graph()
    assert {"boards.fetch.client", "boards.fetch.robots", "boards.sources.registry"} <= graph.keys()
    assert "boards.fetch.robots" in graph["boards.fetch.client"]  # the graph does see imports
    assert cycles(graph) == []


def test_a_function_local_import_counts_and_a_type_checking_one_does_not() -> None:
    modules = {"p", "p.a", "p.b", "p.c"}
    local = ast.parse("def later():\n    from p import b\n    from p.c import name\n")
    assert dependencies(local, "p.a", is_package=False, modules=modules) == {"p.b", "p.c"}
    relative = ast.parse("from . import b\nfrom .c import name\nimport p.c\n")
    assert dependencies(relative, "p.a", is_package=False, modules=modules) == {"p.b", "p.c"}
    hidden = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from p import b\n")
    assert dependencies(hidden, "p.a", is_package=False, modules=modules) == set()
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_pure_helpers_import_nothing_of_django() -> None:
    pure = [name for package in PURE_PACKAGES for name in modules_of(package)] + list(PURE_MODULES)
    assert len(pure) > 40 and "matching.places.gazetteer" in pure and "boards.sources.workday" in pure
    # One fresh interpreter, modules imported one by one: the first to bring Django in is named.
    script = (
        "import importlib, sys\n"
        f"for name in {pure!r}:\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception:  # a module that needs Django's settings fails here\n"
        "        pass\n"
        "    if any(m == 'django' or m.startswith('django.') for m in sys.modules):\n"
        "        print(name)\n"
        "        break\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"{result.stdout.strip()} imports Django"
