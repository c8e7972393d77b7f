"""The bridge from every game's rules to the table (issue 23, item 2), over every installed
game: a rule's refusal reaches the table as one line that changes nothing; the toolbar
fits 80 columns and the prompt 40 with four long names at the table (each game's scenes'
`crowded`); every name parameter takes any case and a unique beginning (one resolver); the
core commands' help and examples belong to every game."""

from __future__ import annotations

import json

import pytest
from gamelist import installed_ids, scenes
from support import Play, guide, memory_table

from guide.core.table import Table

LONG = ["Maximiliana", "Bartholomew", "Konstantinopoli", "Evangelina"]   # Wolkenstein, ...


def crowded(game_id: str) -> list[str]:
    """The lines that seat four long names at the game's table, playing (its scenes'); a
    game whose scenes give none fails the test that asks, saying so."""
    given = scenes(game_id)
    if not hasattr(given, "crowded"):
        raise AssertionError(f"{game_id}'s scenes give no crowded(names): the lines that seat"
                             " those names, playing (as tests/games/cave/scenes.py)")
    return given.crowded(LONG)


@pytest.mark.parametrize("game_id", installed_ids())
def test_a_rule_refusal_reaches_the_table_as_one_line_that_changes_nothing(game_id):
    from guide.core.errors import CommandError, RuleError

    table = memory_table(game_id)
    before = json.dumps(table.state, sort_keys=True)

    def refuse(t):
        """Refused by a rule."""
        t.state = {**t.state, "touched": True}
        raise RuleError("not now (X-TEST-1)")

    table.registry.command("refused", "table")(refuse)
    with pytest.raises(CommandError, match=r"^not now \(X-TEST-1\)$"):
        table.execute("refused")
    assert json.dumps(table.state, sort_keys=True) == before


@pytest.mark.parametrize("game_id", installed_ids())
def test_a_reopened_campaign_opens_with_where_it_was_left_not_how_to_begin(game_id, tmp_path):
    """The prompt's first line: the game's greeting at a new table (how to begin: Kaivo's
    "players NAME NAME ..."); reopened with commands played, the core's line for every game
    (guide.core.settings.opening), which the game's greeting would contradict."""
    from guide.core import settings

    game = memory_table(game_id).game
    assert settings.opening(game, 0) == settings.greeting(game)
    play = Play(tmp_path / "c.sqlite", game_id=game_id)
    play.do(*crowded(game_id))
    played = play.table.store.count()
    play.close()
    opening = settings.opening(game, played)
    assert played and opening != settings.greeting(game)
    assert opening.startswith(f"{game.title}: reopened after {played} command")


@pytest.mark.parametrize("game_id", installed_ids())
def test_guide_seats_from_the_shell_lists_the_links_and_draws_one_seats_code(game_id, tmp_path):
    """`guide seats` outside the table lists the links and says `seats qr NAME`, which works
    there too as `guide seats qr NAME` (a name as the shell gives it: one word whatever its
    quotes); anything else is refused in one line."""
    given = scenes(game_id)
    names = given.SEATED_NAMES[:2]
    campaign = str(tmp_path / "c.sqlite")
    env = {"GUIDE_DATA_DIR": str(tmp_path / "data")}
    assert guide("play", "--game", game_id, "--campaign", campaign,
                 input="\n".join(given.seated(names)) + "\n", env=env).returncode == 0
    listed = guide("seats", "--campaign", campaign, env=env)
    assert listed.returncode == 0 and "seats qr NAME" in listed.stdout
    assert all(f"{name}: http" in listed.stdout for name in names)
    one = guide("seats", "--campaign", campaign, "qr", "--", names[1], env=env)   # "-Mo" too
    assert one.returncode == 0 and f"{names[1]}: http" in one.stdout and "\u2588" in one.stdout
    assert f"{names[0]}: http" not in one.stdout
    wrong = guide("seats", "qr", "--campaign", campaign, env=env)
    assert wrong.returncode == 2 and wrong.stderr.strip().endswith("not qr")
    # a campaign that is not there is refused as `guide state` refuses it; it was made (of
    # the default game, Kaverini), which the table of that name then refused as another game's
    nothing = guide("seats", "--game", game_id, "--campaign", str(tmp_path / "none.sqlite"),
                    env=env)
    assert nothing.returncode == 1 and nothing.stderr.strip().endswith("no such campaign")
    assert not (tmp_path / "none.sqlite").exists()


def _lines(bar: object) -> list[str]:
    text = bar if isinstance(bar, str) else "".join(t for _, t in bar or [])
    return text.split("\n")


@pytest.mark.parametrize("game_id", installed_ids())
def test_every_game_toolbar_fits_80_columns(game_id, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    table = memory_table(game_id)
    for line in crowded(game_id):
        table.execute(line)
    lines = _lines(table.game.toolbar(table))
    assert lines and all(len(line) <= 79 for line in lines), lines
    prompt = table.game.prompt(table)
    assert len(prompt) <= 40


@pytest.mark.parametrize("game_id", installed_ids())
def test_every_game_status_table_fits_80_columns_with_long_names(game_id):
    """`status` (every game has it) with four long names seated: its table's lines fit an
    80-column terminal, the columns but the last (the core narrows a table that would not:
    guide.core.result)."""
    from guide.core.result import Result, lines

    table = memory_table(game_id)
    assert "status" in table.registry.commands, f"{game_id} has no status command"
    for line in crowded(game_id):
        table.execute(line)
    shown = table.execute("status")
    assert all(len(line) < 80 for line in lines(Result(headers=shown.headers, rows=shown.rows)))


def _named_params(table: Table):
    from guide.core.params import Named

    for cmd in table.registry.commands.values():
        for param in cmd.click_command.params:
            if isinstance(param.type, Named):
                yield cmd, param


@pytest.mark.parametrize("game_id", installed_ids())
def test_every_name_parameter_takes_any_case_and_a_unique_beginning(game_id):
    import click

    table = memory_table(game_id)
    for line in crowded(game_id):
        table.execute(line)
    checked = 0
    for cmd, param in _named_params(table):
        if not param.type._convert:
            continue
        names = list(dict.fromkeys(param.type.choices(table, [cmd.name])))
        ctx = click.Context(cmd.click_command, obj=table)
        for name in names[:6]:
            assert param.type.convert(name.upper(), param, ctx) == name, (cmd.name, name)
            beginning = name[:max(4, len(name) - 2)]
            if sum(n.casefold().startswith(beginning.casefold()) for n in names) == 1 \
                    and beginning != name:
                assert param.type.convert(beginning.lower(), param, ctx) == name
            checked += 1
        if names:
            with pytest.raises(click.BadParameter, match="did you mean|known|no "):
                param.type.convert(names[0] + "zzq", param, ctx)
    assert checked > 0 or getattr(scenes(game_id), "NAMED_BY_RULES", False)


KAVERINI_WORDS = ("kaveri", "schmerz", "adventure", "tour guide", "r-dice", "confront", "foe")


@pytest.mark.parametrize("game_id", installed_ids())
def test_the_core_commands_help_and_examples_belong_to_every_game(game_id):
    import re

    from guide.core.commands import CORE

    table = memory_table(game_id)
    for cmd in CORE.commands.values():
        text = cmd.help()
        assert not [w for w in KAVERINI_WORDS if w in text.casefold()], (cmd.name, text)
        for example in re.findall(r"Example: (.+)", text):
            words = example.split()
            found, rest = table.registry.lookup(words)
            if found.name == "help" and rest:             # the command it names is there too
                table.registry.lookup(rest)
