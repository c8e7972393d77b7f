"""The data contract every game with data files passes, and Tally given a file of its own
(issue 23, items 1 and 4; issue 31, item 4; a game that declares no file has none to
check, so it is left out): each game's files go through the core's data path (guide.core.box), so `check`
refuses an unknown key (with "did you mean"), an alias bomb, a FIFO or a device, a 10 MB
file, text that is not UTF-8, deep nesting, wrong types and infinities, each at once and
as FILE:LINE:COL; and over mutations of each game's bundled files the core's validator and
python-jsonschema agree, no loader crashes, and `check` accepts exactly what `load` accepts."""

from __future__ import annotations

import copy
import json
import os
import pickle
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from gamelist import game_ids, game_of  # noqa: E402 - puts Tally on the path
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tally import TallyGame  # noqa: E402

from conftest import ROOT, guide
from guide.core import box as core_box
from guide.core import settings as kit
from guide.core import yamlsrc
from guide.core.box import Doc, FileKind
from guide.core.errors import GuideError
from guide.core.game import Game
from guide.core.schema import check_schema
from guide.core.template import BoxTemplate, write_box
from guide.core.yamlsrc import Problem

TALLY_BOX = ROOT / "tests" / "data" / "tally"
TALLY_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Tally box file", "type": "object", "required": ["start"],
    "additionalProperties": False,
    "properties": {"start": {"type": "integer", "minimum": 0, "maximum": 1000},
                   "die": {"type": "integer", "minimum": 2, "maximum": 100},
                   "names": {"type": "array", "maxItems": 20,
                             "items": {"type": "string", "minLength": 1, "maxLength": 40}}}}


class TallyBox(TallyGame):
    """Tally with one small data file (tests/data/tally/tally.yaml), as a new game would
    declare its files: a kind and its schema, and a build of the valid documents."""

    def files(self) -> tuple[FileKind, ...]:
        return (FileKind("tally", "tally", TALLY_SCHEMA),)

    def build(self, docs: list[Doc]) -> tuple[Any, list[Problem]]:
        last = docs[-1].value if docs else {"start": 0}
        if last.get("die", 6) < len(last.get("names", ())):
            return None, [docs[-1].problem(("names",), "names: more names than die faces")]
        return last, []

    def box_template(self, name: str | None) -> BoxTemplate:
        return BoxTemplate({"tally.yaml": "# Tally's box: the start of every count\nstart: 0\n"
                                          "# die: 6        # the faces of the table's die\n"},
                           "tally-box", ["A Tally box in {folder}."])


# the games of the one list (gamelist.py) that declare data files, Tally with one of its own
GAMES: list[Game] = [game for game in (TallyBox() if g == "tally" else game_of(g) for g in game_ids())
                     if game.files()]
IDS = [g.id for g in GAMES]


def samples(game: Game) -> list[Path]:
    """The game's bundled files (Tally's: its test box)."""
    folders = [TALLY_BOX] if game.id == "tally" else core_box.bundled(game.id)
    return core_box.yaml_files(folders)[0]


def plain(path: Path) -> Any:
    """A file as python-jsonschema sees it: its YAML as JSON (keys as text)."""
    return json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8")), default=str))


def kind_of(game: Game, path: Path) -> FileKind:
    node, _ = core_box.compose(path, str(path), game.id, [])
    assert node is not None
    return core_box.choose(core_box.kinds_of(path, game.files()), node)


def schema_problems(game: Game, path: Path) -> list[Problem]:
    return core_box.read([path], game.files(), game.id)[1]


def test_every_game_is_in_the_contract():
    """Every game but one that declares no data file (it needs none)."""
    left_out = [g for g in game_ids() if g not in IDS]
    assert [g for g in left_out if game_of(g).files()] == [] and len(IDS) >= 6


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_each_schema_is_one_the_validator_implements_and_a_valid_json_schema(game):
    assert game.files(), f"{game.id} declares no data files"
    for kind in game.files():
        check_schema(kind.schema)                # a keyword not implemented: SchemaError
        jsonschema.Draft202012Validator.check_schema(kind.schema)
    assert kit.schemas(game) == {k.name: k.schema for k in game.files()}


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_bundled_files_pass_both_validators_and_load(game):
    files = samples(game)
    assert files
    for path in files:
        assert schema_problems(game, path) == [], path
        jsonschema.validate(plain(path), kind_of(game, path).schema)
    assert kit.check(game, files)[0] == []
    if game.id != "tally":
        kit.load(game, [])


# --- hostile files: each refused at once, positioned --------------------------------------

def _numbers(value: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _numbers(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _numbers(v, (*path, i))]
    return [path] if isinstance(value, (int, float)) and not isinstance(value, bool) else []


def _set(data: Any, path: tuple, value: Any) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


def _with_number(game: Game) -> tuple[Path, dict]:
    for path in samples(game):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if _numbers(data):
            return path, data
    raise AssertionError(f"{game.id}: no bundled file holds a number")


def _hostile(game: Game, how: str, folder: Path) -> tuple[Path, str]:
    """A hostile file named as the game's first bundled file, and what its refusal says."""
    sample = samples(game)[0]
    text = sample.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    first = next(iter(data))
    target = folder / sample.name
    if how == "unknown key":
        typo = first[:-1] if len(first) > 2 else first + "x"
        target.write_text(re.sub(rf"(?m)^{re.escape(first)}:", f"{typo}:", text, count=1),
                          encoding="utf-8")
        return target, rf"unknown key '{re.escape(typo)}'; did you mean '{re.escape(first)}'\?"
    if how == "alias bomb":
        lines = ["lol: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
            lines.append(f"  - &{name} [{', '.join(['*' + prev] * 9)}]")
        bomb = f"{first}:\n  - &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + \
            "\n".join(lines[1:]) + "\n" + "".join(f"{k}: *i\n" for k in list(data)[1:])
        target.write_text(bomb, encoding="utf-8")
        return target, ""
    if how == "fifo":
        os.mkfifo(target)
        return target, r"a pipe \(FIFO\), not a regular file"
    if how == "device":
        target.symlink_to("/dev/zero")
        return target, "a device, not a regular file"
    if how == "10 MB":
        target.write_bytes(b"# " + b"x" * 10_000_000 + b"\n")
        return target, r"file is too large \(9.5 MB; the limit is 5 MB\)"
    if how == "not UTF-8":
        target.write_bytes(text.encode("utf-8") + b"\nextra: caf\xe9\n")
        return target, r"not UTF-8 text \(byte 0xe9\)"
    if how == "deep nesting":
        target.write_text(f"{first}: " + "[" * 20_000 + "]" * 20_000 + "\n", encoding="utf-8")
        return target, "nested too deeply|nesting depth|must be"
    if how.startswith("dense"):          # a value every byte or two, just past the limit
        over = yamlsrc.MAX_NODES + 1000
        target.write_text({"dense [0,0,...]": "[" + "0," * over + "0]\n",
                           "dense {a,a,...}": "{" + "a," * (over // 2) + "a}\n",
                           "dense - lines": "- \n" * over}[how], encoding="utf-8")
        return target, rf"more than {yamlsrc.MAX_NODES:,} values; the file is refused"
    if how == "wrong types":
        for key, value in data.items():
            data[key] = 7 if isinstance(value, (list, dict)) else [value]
        target.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        return target, "must be"
    assert how == "infinity"
    sample, data = _with_number(game)
    target = folder / sample.name
    _set(data, _numbers(data)[0], float("inf"))
    target.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                      encoding="utf-8")
    return target, r"'\.inf': only finite numbers are read"


def _checked(game: Game, paths: list[Path]) -> tuple[list[Problem], float]:
    """game.check in a thread with a generous guard: a hang fails here, not the suite."""
    out: dict[str, Any] = {}

    def run() -> None:
        start = time.perf_counter()
        try:
            out["problems"] = kit.check(game, paths)[0]
        except BaseException as e:  # noqa: BLE001 - reported below as the failure it is
            out["error"] = e
        out["seconds"] = time.perf_counter() - start

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout=60)
    assert not worker.is_alive(), f"{game.id}: check did not return"
    if "error" in out:
        raise out["error"]
    return out["problems"], out["seconds"]


HOSTILE = ("unknown key", "alias bomb", "fifo", "device", "10 MB", "not UTF-8",
           "deep nesting", "wrong types", "infinity",
           # issue 41, item 1: composing stops at the node limit (a 5 MB one: benchmarks/dense_yaml.py)
           "dense [0,0,...]", "dense {a,a,...}", "dense - lines")


@pytest.mark.parametrize("how", HOSTILE)
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_check_refuses_a_hostile_file_at_once_with_file_line_col(game, how, tmp_path):
    target, says = _hostile(game, how, tmp_path)
    problems, seconds = _checked(game, [target])
    print(f"{game.id} {how}: {len(problems)} problem(s) in {seconds:.3f} s")
    assert problems, f"{game.id} accepts a file with {how}"
    shown = [str(p) for p in problems]
    assert all(re.match(rf"{re.escape(str(target))}:\d+:\d+: \S", line) for line in shown), shown
    assert any(re.search(says, p.message) for p in problems), shown
    with pytest.raises(GuideError, match=re.escape(str(target))):    # play --box refuses it too
        kit.load(game, [tmp_path])


def test_an_alias_bomb_stops_at_the_node_limit_where_it_is_walked(tmp_path):
    """Where a schema lets a value through unread (`items: true`), the bomb is walked, and
    stopped at the core's limit of values rather than filling memory."""
    kind = FileKind("bomb", "*", {"type": "object"})
    lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [{', '.join(['*' + prev] * 9)}]")
    (tmp_path / "bomb.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, problems = core_box.read([tmp_path / "bomb.yaml"], (kind,), "tally")
    assert [p.message for p in problems] == ["too many values (an alias bomb?); the file is"
                                             " refused"]


@pytest.mark.parametrize("game", [g for g in GAMES if g.id != "tally"],
                         ids=[i for i in IDS if i != "tally"])
def test_play_with_a_box_holding_a_pipe_is_refused_by_name(game, tmp_path):
    folder = tmp_path / "box"
    folder.mkdir()
    os.mkfifo(folder / samples(game)[0].name)
    r = guide("play", "--game", game.id, "--box", str(folder), "--campaign",
              str(tmp_path / "c.sqlite"), input="help\n", timeout=60)
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert f"{folder / samples(game)[0].name}:1:1: a pipe (FIFO), not a regular file" in r.stderr
    # how many, and the line that lists them all ("(1 problem(s); run guide check --game
    # taverne)" left the folder out)
    assert r.stderr.strip().endswith(f"(1 problem; run guide check {folder} --game {game.id})")


@pytest.mark.parametrize("game", [g for g in GAMES if g.id != "tally"],
                         ids=[i for i in IDS if i != "tally"])
def test_a_list_as_a_key_is_a_positioned_problem(game, tmp_path):
    """Issue 41, item 5: a YAML key that is a list was an internal error in every game's file."""
    folder = tmp_path / "box"
    folder.mkdir()
    target = folder / samples(game)[0].name
    target.write_text("{[1]: b}\n", encoding="utf-8")
    problems = kit.check(game, [target])[0]
    assert f"{target}:1:2: a key must be a plain value" in [str(p) for p in problems]
    with pytest.raises(GuideError, match=f"^{target}:1:"):
        kit.load(game, [folder])


@pytest.mark.parametrize("game", [g for g in GAMES if g.id != "tally"],
                         ids=[i for i in IDS if i != "tally"])
def test_a_file_that_is_a_list_is_named_the_file(game, tmp_path):
    """A file of a list where the game reads a mapping said "deck.yaml:1:1:  must be a
    mapping, not a list" (the root has no name of its own): it says "the file", or the
    game's own words (Kaverini's loader: "expected a mapping with 'cards:' ...")."""
    target = tmp_path / samples(game)[0].name
    target.write_text("- a\n", encoding="utf-8")
    said = [str(p) for p in kit.check(game, [target])[0]]
    assert said and all(line.startswith(f"{target}:1:1: ") and "  " not in line for line in said)
    assert game.id == "kaverini" or \
        f"{target}:1:1: the file must be a mapping, not a list" in said, said


@pytest.mark.parametrize("game", [g for g in GAMES if g.id != "tally"],
                         ids=[i for i in IDS if i != "tally"])
def test_every_games_cached_box_is_the_box_it_builds(game, tmp_path):
    """The bundled box through the cache (guide.core.boxcache), in a new process, equals the
    one built without."""
    code = (f"import pickle, sys; from guide.core.games import load; from guide.core import settings;"
            f" sys.stdout.buffer.write(pickle.dumps(settings.load(load({game.id!r}), [])))")

    def library(cache: str):
        env = {**os.environ, "GUIDE_CACHE_DIR": cache}
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env,
                             check=True)
        return pickle.loads(out.stdout)

    fresh = library("off")
    first = library(str(tmp_path / "c"))       # builds and stores
    assert list((tmp_path / "c").iterdir())
    second = library(str(tmp_path / "c"))      # reads the stored one
    assert fresh == first == second
    assert kit.load(game, []) == fresh


# --- the schema differential: mutations of each game's bundled files ------------------------

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 120), st.sampled_from([0, 1, 2, 4, 9, 10, 100,
                                                                      101, 1000, 1001, 10**6]),
    st.floats(allow_nan=False, allow_infinity=False, width=32), st.sampled_from([2.5, 3.0]),
    st.text(max_size=6), st.sampled_from(["", " ", "x" * 81, "peek", "bluff", "asset", "up",
                                          "health", "foe", "setting", "Lv", "en"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3),
    st.dictionaries(st.sampled_from(["name", "id", "en", "count", "x", "min", "max"]), inner,
                    max_size=3)), max_leaves=5)


def _places(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(value, dict):
        out += [p for k, v in value.items() for p in _places(v, (*path, k))]
    elif isinstance(value, list):
        out += [p for i, v in enumerate(value) for p in _places(v, (*path, i))]
    return out


def _alike(value: Any, words: list[str]) -> st.SearchStrategy:
    """A value of the same kind as `value` (so that some mutants stay valid)."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.one_of(st.integers(-2, 12), st.sampled_from([value - 1, value + 1, 100, 101,
                                                               1000, 1001, 10**6]))
    if isinstance(value, float):
        return st.one_of(st.floats(-2, 2, width=32), st.sampled_from([0.0, 1.0, 1.5, 1000.5]))
    if isinstance(value, str):
        return st.one_of(st.sampled_from(words), st.text(max_size=4), st.just(value * 50))
    if isinstance(value, list) and value:
        return st.lists(st.sampled_from(value), max_size=len(value) + 1)
    return VALUES


def _words(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [w for k, v in value.items() for w in (str(k), *_words(v))]
    if isinstance(value, list):
        return [w for v in value for w in _words(v)]
    return [value] if isinstance(value, str) and len(value) < 40 else []


@st.composite
def mutation(draw, data: Any) -> Any:
    words = sorted(set(_words(data)))[:300] or ["x"]
    data = copy.deepcopy(data)
    for _ in range(draw(st.integers(1, 2))):
        places = _places(data)
        path = draw(st.sampled_from(places[1:] or places))
        if not path:
            return draw(VALUES)
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        how = draw(st.sampled_from(["alike", "alike", "alike", "replace", "delete", "add",
                                    "copy"]))
        if how == "delete":
            del parent[path[-1]]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", *map(str, parent)])) + "x"] = draw(VALUES)
        elif how == "copy" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[path[-1]]))
        elif how == "alike":
            parent[path[-1]] = draw(_alike(parent[path[-1]], words))
        else:
            parent[path[-1]] = draw(VALUES)
    return data


def _mutants(game: Game):
    files = samples(game)
    small = sorted(files, key=lambda p: p.stat().st_size)[:4]

    @st.composite
    def pick(draw):
        path = draw(st.sampled_from(small))
        return path, draw(mutation(yaml.safe_load(path.read_text(encoding="utf-8"))))
    return pick()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_validator_agrees_with_jsonschema_on_mutated_bundled_files(game):
    @settings(max_examples=int(os.environ.get("CONTRACT_EXAMPLES", "40")), deadline=None,
              database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(_mutants(game))
    def agree(mutant):
        sample, data = mutant
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / sample.name
            path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                            encoding="utf-8")
            schema = kind_of(game, path).schema
            refused = [e.message for e in jsonschema.Draft202012Validator(schema)
                       .iter_errors(plain(path))]
            found = schema_problems(game, path)
            assert bool(found) == bool(refused), (found[:2], refused[:2])
            problems, _ = _checked(game, [Path(folder)])     # never a traceback
            try:
                kit.load(game, [Path(folder)])
                loads = True
            except GuideError:
                loads = False
            assert loads == (not problems), problems[:2]     # check accepts what load accepts
            if refused:
                assert problems
    agree()


def template_of(game: Game) -> BoxTemplate | None:
    """The game's box template, for a box named as a table would name it."""
    return game.box_template("Harbour Fog")


TEMPLATED = [g for g in GAMES if template_of(g) is not None]


def test_the_games_with_a_box_template():
    assert {g.id for g in TEMPLATED} >= {"kaverini", "tally"}


@pytest.mark.parametrize("game", TEMPLATED, ids=[g.id for g in TEMPLATED])
def test_the_box_template_is_a_box_check_and_play_read_as_it_stands(game, tmp_path):
    """`guide new box --game ID` writes files the game reads, that `check` passes and `load`
    reads beside the bundled box (issue 27, 30: a table's own cards)."""
    template = template_of(game)
    assert template is not None
    written = write_box(template.files, tmp_path / "box")
    assert any(core_box.kinds_of(path, game.files()) for path in written)
    assert kit.check(game, [tmp_path / "box"])[0] == []
    kit.load(game, [tmp_path / "box"])


def test_a_box_template_goes_only_into_a_new_or_empty_folder_and_writes_all_or_nothing(
        tmp_path):
    template = TallyBox().box_template(None)
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "mine.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(GuideError, match=r"--to: .* already exists and is not an empty folder"):
        write_box(template.files, tmp_path / "box")
    assert [p.name for p in (tmp_path / "box").iterdir()] == ["mine.txt"]
    (tmp_path / "file").write_text("", encoding="utf-8")
    with pytest.raises(GuideError, match="not an empty folder"):
        write_box(template.files, tmp_path / "file")
    (tmp_path / "ro").mkdir()
    (tmp_path / "ro" / "sub").mkdir(mode=0o500)
    if os.geteuid() != 0:                              # root writes anywhere
        with pytest.raises(GuideError, match="cannot write"):
            write_box({"a.yaml": "start: 1\n", "b.yaml": "x"}, tmp_path / "ro" / "sub")
        assert list((tmp_path / "ro" / "sub").iterdir()) == []


def test_guide_new_box_refuses_a_game_with_no_template_in_one_line(tmp_path):
    without = [g for g in GAMES if g.id != "tally" and template_of(g) is None]
    if not without:
        pytest.skip("every installed game has a box template")
    r = guide("new", "box", "--to", str(tmp_path / "box"), "--game", without[0].id)
    assert r.returncode == 1 and r.stderr.count("\n") == 1
    assert "has no box template" in r.stderr and not (tmp_path / "box").exists()
