"""The shape of the code, held by tests: guide/core is free of import cycles (imports inside
functions count, `if TYPE_CHECKING:` blocks aside), no function in guide/ is graded F by radon
and at most ten D or E, and the repository cites no document it does not hold."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "guide" / "core"
TEXT_FILES = {".py", ".md", ".yaml", ".toml", ".txt", ".html", ".js", ".css", ".po", ".pot", ""}


def _module(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, name: str, known: set[str]) -> set[str]:
    """The modules of `known` that a file (module `name`) imports anywhere but under
    TYPE_CHECKING."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                found.update(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    up = package.split(".")[:len(package.split(".")) - (child.level - 1)]
                    base = ".".join([*up, *([child.module] if child.module else [])])
                found.add(base)
                found.update(f"{base}.{a.name}" for a in child.names)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in known and m != name}


def cycles(folder: Path, root: Path = ROOT) -> list[list[str]]:
    """The import cycles among a folder's modules (Tarjan's strongly connected components);
    module names are read from the paths under `root`."""
    files = {_module(p, root): p for p in folder.rglob("*.py")}
    graph = {m: _imports(p, m, set(files)) for m, p in files.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def test_guide_core_has_no_import_cycle():
    assert cycles(CORE) == []


def test_the_cycle_finder_finds_a_cycle(tmp_path):
    package = tmp_path / "guide" / "core"
    package.mkdir(parents=True)
    (package / "a.py").write_text("def f():\n    from guide.core import b\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\nimport guide.core.a\n"
                                  "if TYPE_CHECKING:\n    from guide.core import c\n")
    (package / "c.py").write_text("from guide.core.b import x\n")
    assert cycles(package, tmp_path) == [["guide.core.a", "guide.core.b"]]


def test_no_function_graded_f_and_at_most_ten_d_or_e():
    radon = pytest.importorskip("radon.complexity")
    grades: dict[str, list[str]] = {"D": [], "E": [], "F": []}
    for path in sorted((ROOT / "guide").rglob("*.py")):
        for block in radon.cc_visit(path.read_text(encoding="utf-8")):
            rank = radon.cc_rank(block.complexity)
            if rank in grades:
                grades[rank].append(f"{path.relative_to(ROOT)}:{block.lineno} {block.name}")
    assert grades["F"] == []
    assert len(grades["D"]) + len(grades["E"]) <= 10, grades["D"] + grades["E"]


def test_the_repository_cites_no_document_it_does_not_hold():
    """What the code relies on is written in the project's own docs/: no path outside the
    repository and no page of the steering side is named."""
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if tracked.returncode != 0:
        pytest.skip("not a git checkout")
    # spelled in parts, so that this guard is not itself one of the citations it looks for
    outside = tuple("".join(parts) for parts in (("decisions", ".md"), ("decisions", ":"),
                                                 ("/sha", "red/"), ("../sha", "red"), ("/wo", "rk/")))
    found = []
    for name in tracked.stdout.splitlines():
        path = ROOT / name
        if path.suffix not in TEXT_FILES:
            continue
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{name}: {word}" for word in outside if word in text]
    assert found == []
