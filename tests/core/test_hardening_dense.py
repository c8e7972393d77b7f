"""A dense YAML file is refused while it is composed (issue 41, item 1): the node limit
(yamlsrc.MAX_NODES, docs/limits.md) is counted as PyYAML makes each node, and composing
stops at the node after the limit, before the rest of the file is even parsed. The 5 MB
figures (time, memory, every game) are benchmarks/dense_yaml.py's."""

from __future__ import annotations

import pytest

from guide.core import yamlsrc


@pytest.fixture
def limit(monkeypatch):
    monkeypatch.setattr(yamlsrc, "MAX_NODES", 100)
    made: list[int] = []
    counting = yamlsrc._Counted.descend_resolver

    def spy(self, node, index):
        made.append(1)
        return counting(self, node, index)

    monkeypatch.setattr(yamlsrc._Counted, "descend_resolver", spy)
    return made


@pytest.mark.parametrize("text, where", [
    # the root list is node 1: node 101 is the 100th item, just after the 99th
    ("[" + "0, " * 150 + "0] ] } broken", (1, 2 + 3 * 98 + 1)),
    ("- 0\n" * 150 + "]: broken\n", (99, 4)),
    # the root mapping, then each key and its value: node 101 is the 50th key's value
    ("".join(f"k{i}: {i}\n" for i in range(150)) + "[broken", (50, 4)),
    ("{" + "a," * 150 + "a", (1, 2 + 2 * 49 + 1)),
], ids=["flow list", "block list", "mapping", "flow mapping"])
def test_composing_stops_at_the_node_after_the_limit(limit, text, where):
    """The file goes on past the limit and then breaks: the break is never reached."""
    node, problems = yamlsrc.compose_text(text, "f.yaml")
    assert node is None
    assert [str(p) for p in problems] == [
        f"f.yaml:{where[0]}:{where[1]}: more than 100 values; the file is refused"
        " (docs/limits.md)"]
    assert len(limit) == 101                   # made 100 nodes, stopped at the next one


def test_a_file_at_the_limit_composes(limit):
    node, problems = yamlsrc.compose_text("[" + "0, " * 98 + "0]", "f.yaml")
    assert problems == [] and len(node.value) == 99 and len(limit) == 100


def test_explicit_tags_are_counted_too(limit):
    _, problems = yamlsrc.compose_text("[" + "!!str 0, " * 150 + "0]", "f.yaml")
    assert "more than 100 values" in problems[0].message


def test_a_big_refused_file_is_composed_once(tmp_path, limit, monkeypatch):
    """guide check reads a file's `game:` and then checks it: a dense file refused the
    first time is refused again from memory (same name, bytes and language)."""
    monkeypatch.setattr(yamlsrc, "_REMEMBERED_FROM", 10)
    path = tmp_path / "cards.yaml"
    path.write_text("[" + "0, " * 150 + "0]\n")
    first = yamlsrc.compose_file(path, str(path))
    assert yamlsrc.compose_file(path, str(path)) == first and len(limit) == 101
    path.write_text("[" + "1, " * 150 + "0]\n")          # other bytes: composed again
    assert yamlsrc.compose_file(path, str(path))[1] and len(limit) == 202
