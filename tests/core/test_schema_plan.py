"""The fast roads of `guide check` (issue 32) held to the general ones. The compiled
schemas (guide/core/schemaplan.py) against the Validator reading each schema keyword by
keyword (`fast=False`): on every case of the JSON-Schema-Test-Suite, on each game's bundled
files with hostile changes made to their YAML nodes, and on refused files, both give the
same problems in the same order, the same value, and count the same number of values
(yamlsrc.MAX_NODES). The composer's tags are PyYAML's, and an ASCII name's look-alike
skeleton is the general road's."""

from __future__ import annotations

import random
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT
from guide.core import box as core_box
from guide.core import games, text, yamlsrc
from guide.core.schema import SchemaError, Validator, check_schema
from guide.core.yamlsrc import MAP, SEQ, STR, TooBig, Walker, compose_text

sys.path.insert(0, str(ROOT / "tests" / "contract"))
from gamelist import installed_ids  # noqa: E402
from test_json_schema_suite import CASES, node_of  # noqa: E402

GAMES = installed_ids()            # the one list of games (tests/contract/gamelist.py)


def outcome(schema: Any, node: yaml.Node, fast: bool) -> tuple:
    problems: list = []
    walker = Walker("f.yaml", problems)
    validator = Validator(schema, walker, fast=fast)
    try:
        value = validator.check(node, schema, "")
    except TooBig as e:
        value = ("refused", str(e))
    return problems, value, walker.visited


def same(schema: Any, node: yaml.Node) -> tuple:
    slow = outcome(schema, node, fast=False)
    assert outcome(schema, node, fast=True) == slow
    return slow


def test_the_suite_cases_give_the_same_problems_and_values():
    checked = 0
    for param in CASES:
        case = param.values[0]
        try:
            check_schema(case["schema"])
        except SchemaError:
            continue
        for test in case["tests"]:
            same(case["schema"], node_of(test["data"]))
            checked += 1
    assert checked > 500


def _samples() -> list[tuple[str, Path]]:
    return [(g, p) for g in GAMES for p in core_box.yaml_files(core_box.bundled(g))[0]]


SAMPLES = _samples()
_MARK = yaml.Mark("f.yaml", 0, 2, 3, None, None)
HOSTILE = [("tag:yaml.org,2002:int", "-7"), ("tag:yaml.org,2002:int", "0x1F"),
           ("tag:yaml.org,2002:int", "²"), ("tag:yaml.org,2002:int", "9" * 101),
           ("tag:yaml.org,2002:float", "3.0"), ("tag:yaml.org,2002:float", "2.5"),
           ("tag:yaml.org,2002:float", ".inf"), ("tag:yaml.org,2002:float", "abc"),
           ("tag:yaml.org,2002:bool", "true"), ("tag:yaml.org,2002:null", "~"),
           ("tag:yaml.org,2002:timestamp", "2001-12-14"), ("!custom", "x"),
           ("tag:yaml.org,2002:python/object", "os.system"), (STR, ""), (STR, "x" * 90),
           (STR, "foe"), (STR, "Lv"), (STR, "2+Lv"), (STR, "NL"), (STR, "peek"),
           ("tag:yaml.org,2002:int", "0"), ("tag:yaml.org,2002:int", "100001"),
           ("tag:yaml.org,2002:int", "3")]


def _nodes(node: yaml.Node) -> list[yaml.Node]:
    out = [node]
    if isinstance(node, yaml.SequenceNode):
        out += [n for child in node.value for n in _nodes(child)]
    elif isinstance(node, yaml.MappingNode):
        out += [n for k, v in node.value for n in (*_nodes(k), *_nodes(v))]
    return out


def mutate(node: yaml.Node, rng: random.Random) -> None:
    """One hostile change to a node of the tree, in place."""
    target = rng.choice(_nodes(node))
    scalar = yaml.ScalarNode(*rng.choice(HOSTILE), _MARK, _MARK)
    how = rng.randrange(7)
    if isinstance(target, yaml.ScalarNode) and how < 3:
        target.tag, target.value = rng.choice(HOSTILE)
    elif isinstance(target, yaml.MappingNode) and target.value and how < 5:
        k, v = rng.choice(target.value)
        target.value.append(rng.choice([
            (k, v), (yaml.ScalarNode("tag:yaml.org,2002:merge", "<<", _MARK, _MARK), v),
            (yaml.SequenceNode(SEQ, [k], _MARK, _MARK), v),
            (yaml.ScalarNode(STR, k.value + "s", _MARK, _MARK), scalar)]))
    elif isinstance(target, yaml.MappingNode) and target.value:
        target.value.pop(rng.randrange(len(target.value)))
    elif isinstance(target, yaml.SequenceNode) and target.value:
        target.value.append(rng.choice([target.value[0], scalar]))
        if how == 6:
            target.value.clear()
    elif isinstance(target, yaml.ScalarNode):
        target.tag, target.value = rng.choice(HOSTILE)
    else:
        target.tag = rng.choice([MAP, SEQ, "!custom"])


@settings(max_examples=300, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SAMPLES), st.integers(0, 2**32), st.integers(1, 4))
def test_hostile_changes_to_each_games_files_give_the_same_problems(sample, seed, changes):
    game_id, path = sample
    found: list = []
    node, _ = core_box.compose(path, str(path), game_id, found)
    assert node is not None and not found
    kind = core_box.choose(core_box.kinds_of(path, games.load(game_id).files()), node)
    rng = random.Random(seed)
    for _ in range(changes):
        mutate(node, rng)
    same(kind.schema, node)


def _bomb() -> str:
    lines = ["a0: &a0 [1, 2]"] + [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]"
                                  for i in range(1, 7)]
    return "\n".join(lines) + "\n"


REFUSING = {"type": "object", "additionalProperties": {"type": ["array", "string"]},
            "properties": {"cards": {"type": "array", "items": {
                "type": "object", "required": ["name", "x"],
                "properties": {"type": {"enum": ["foe"]}}}}}}


@pytest.mark.parametrize("text", [
    _bomb(), "".join(f"k{i}: {i}\n" for i in range(1500)),
    "cards:\n" + "".join(f"  - {{name: C{i}, type: fo}}\n" for i in range(600))],
    ids=["alias bomb", "too many problems", "too many problems in a list"])
def test_refused_files_stop_at_the_same_place(text):
    node, problems = compose_text(text, "f.yaml")
    assert node is not None and not problems
    _, value, _ = same(REFUSING, node)
    assert value[0] == "refused"


def _tags(node: yaml.Node) -> list:
    return [(n.tag, n.value if isinstance(n, yaml.ScalarNode) else None) for n in _nodes(node)]


WORDS = ["", "~", "null", "Null", "NULL", "yes", "No", "on", "OFF", "true", "False", "y", "0",
         "-7", "+3", "0x1F", "0o17", "1_000", "1:20", "190:20:30", ".inf", "-.Inf", ".NaN",
         "-.5", "1e3", "3.", "2001-12-14", "2001-12-14t21:59:43.10-05:00", "<<", "=", "foe",
         "Lv", "2+Lv", "Nope", "tilde~", "0.5x", "12abc", "'quoted'", '"7"']


@settings(max_examples=200, deadline=None, database=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8))
def test_the_composer_resolves_every_plain_value_as_pyyaml_does(words):
    text = "".join(f"k{i}: {w}\nl{i}: [{w or 'x'}, x]\nm{i}: {{{w or 'x'}: y}}\n"
                   for i, w in enumerate(words))
    node = yaml.compose(text, Loader=yamlsrc._COMPOSER)
    assert yamlsrc._COMPOSER is not yamlsrc._Loader
    assert _tags(node) == _tags(yaml.compose(text, Loader=yamlsrc._Loader))


def _skeleton_in_full(name: str) -> str:
    """guide.core.text.skeleton's general road, for any text."""
    bare = "".join(ch for ch in unicodedata.normalize("NFKD", name)
                   if unicodedata.category(ch) != "Mn").casefold()
    table = text._confusables()
    return " ".join("".join(table.get(ch, ch) for ch in bare).split())


@settings(max_examples=500, deadline=None, database=None)
@given(st.text(st.characters(max_codepoint=127), max_size=14))
def test_an_ascii_names_skeleton_is_the_general_roads(name):
    assert text.skeleton(name) == _skeleton_in_full(name)
