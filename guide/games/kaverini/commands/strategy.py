"""The Kaverini Strategy Game at the table: strategy new, kaveri, buy, wp, setting, bond,
teams, start (R-STRAT-1..7). The battle itself is played with use, foe, next, status and
end, on the same engine as the Adventure Game's confrontations."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import click

from guide.core.errors import CommandError
from guide.core.i18n import domain
from guide.core.result import Result
from guide.games.kaverini import params
from guide.games.kaverini.registry import command
from guide.games.kaverini.rules import strategy as game_rules
from guide.games.kaverini.state import StrategyGame

if TYPE_CHECKING:
    from guide.games.kaverini.table import KaveriniTable
_, ngettext, pgettext = domain("kaverini").functions()


def _game(t: KaveriniTable) -> StrategyGame:
    game = t.state.get("strategy")
    if not game:
        raise CommandError(_("no Strategy Game is set up: strategy new --player A --player B"))
    return game


@command("strategy new", "strategy game")
@click.option("--player", "players", multiple=True, help="A player, in turn order (2 or more).")
@click.option("--budget", type=int, default=None,
              help="Points per player to buy cards (50, 100 or 200 recommended).")
@click.option("--money", type=int, default=0, help="Kaverini Kurrency (K) per player.")
@click.option("--settings", type=click.Choice(game_rules.SETTINGS), default=None,
              help="none, random (from all settings) or chosen (each player adds one).")
@click.option("--fluid", is_flag=True, help="A new setting every round (else one, static).")
@click.option("--no-power-foes", "no_power_foes", is_flag=True, help="Power Foes not allowed.")
@click.option("--pool", type=click.Choice(["shared", "own"]), default="own",
              help="One shared collection (each card once) or each player's own.")
@click.option("--kaverit", type=int, default=1, help="Kaverit per player (at least 1).")
def strategy_new(t: KaveriniTable, players: tuple[str, ...], budget: int | None, money: int,
                 settings: str | None, fluid: bool, no_power_foes: bool, pool: str,
                 kaverit: int) -> Result:
    """Set up a Strategy Game (R-STRAT-1); turn order is the order the players are named.

    Example: strategy new --player Ann --player Ben --budget 50"""
    game = t.state.get("strategy")
    if game and game["arena"] and game["arena"]["confrontation"]:
        raise CommandError(_("a Strategy Game battle is running (end it first)"))
    named = list(players)
    if t.ask and len(named) < 2:       # a short guided setup in a terminal
        while len(named) < 2 or named[-1]:
            named.append(t.ask(_("Player {number} (Enter when all are named)").format(
                number=len(named) + 1), []))
        named = [p for p in named if p]
        if not budget:
            answer = t.ask(_("Point budget (50, 100 or 200 recommended)"), ["50", "100", "200"])
            try:
                budget = int(answer or 50)
            except ValueError:
                raise CommandError(_("budget: a number of points, not {answer!r}").format(
                    answer=answer)) from None
        settings = settings or t.ask(_("Settings: {choices}").format(
            choices=", ".join(game_rules.SETTINGS)), list(game_rules.SETTINGS)) or "none"
    g = game_rules.new_game(named, budget or 50, money, settings or "none", fluid,
                            not no_power_foes, pool, kaverit)
    t.state["strategy"] = g
    t.tell("strategy_new", players=named, budget=g["budget"], money=money,
           settings=g["settings"], fluid=fluid, power_foes=g["power_foes"], pool=pool,
           kaverit=kaverit)
    player, kaveri, card, n = (pgettext("metavar", w) for w in ("PLAYER", "KAVERI", "CARD", "N"))
    line = t.registry.move
    return Result([_("Next: {kaveri}, {buy}, {wp}, then {start}.").format(
        kaveri=line("strategy kaveri", "", player=player, kaveri=kaveri).line,
        buy=line("strategy buy", "", player=player, card=card).line,
        wp=line("strategy wp", "", player=player, count=n).line,
        start=line("strategy start", "").line)])


@command("strategy kaveri", "strategy game")
@click.argument("player", type=params.PLAYER)
@click.argument("kaveri", nargs=-1, required=True, type=params.STRATEGY_KAVERI)
@click.option("--ability", default=None, type=params.ABILITY,
              help="A Kaveri designed for this game: its ability (it joins no party).")
@click.option("--technique", "techniques", multiple=True, type=params.LADDER,
              help="A designed Kaveri's technique: an emotion ladder or custom:NAME; three.")
def strategy_kaveri(t: KaveriniTable, player: str, kaveri: tuple[str, ...], ability: str | None,
                    techniques: tuple[str, ...]) -> None:
    """Bring a Kaveri onto a player's side (at full HP; Kaverit cost nothing): one of the
    campaign's, or one designed for this game with --ability and three --technique, who
    need not join the party (the appendix, step 2).

    Example: strategy kaveri Ann Bob"""
    from guide.games.kaverini.commands.party import design

    g = _game(t)
    who = game_rules.player(g, player)
    name = " ".join(kaveri)
    if ability is not None or techniques:
        taken = [k["name"] for k in t.state["kaverit"]] + [
            k["name"] for p in g["players"] for k in p["kaverit"]]
        sheet = design(t, name, ability, techniques, (), taken, 0)
    else:
        sheet = t.kaveri(name)
    game_rules.bring_kaveri(g, who, sheet)
    t.tell("strategy_kaveri", kaveri=sheet["name"], player=who["name"],
           designed=ability is not None or bool(techniques))


@command("strategy buy", "strategy game")
@click.argument("player", type=params.PLAYER)
@click.argument("card", nargs=-1, required=True, type=params.cards())
@click.option("--for", "holder", default=None, help="The Kaveri who holds a bought item.")
def strategy_buy(t: KaveriniTable, player: str, card: tuple[str, ...], holder: str | None) -> None:
    """Buy a card by its expense number, within the budget (R-STRAT-2).

    Example: strategy buy Ann Rogue Herring Gull"""
    g = _game(t)
    who = game_rules.player(g, player)
    t.tell("strategy_buy", **game_rules.buy(g, who, t.first_side(" ".join(card)), holder))


@command("strategy wp", "strategy game")
@click.argument("player", type=params.PLAYER)
@click.argument("count", type=int)
def strategy_wp(t: KaveriniTable, player: str, count: int) -> None:
    """Buy world points with leftover points, 1 point each (R-STRAT-2).

    Example: strategy wp Ann 3"""
    g = _game(t)
    t.tell("strategy_wp", **game_rules.buy_world_points(g, game_rules.player(g, player), count))


@command("strategy setting", "strategy game")
@click.argument("player", type=params.PLAYER)
@click.argument("card", nargs=-1, required=True, type=params.cards("setting"))
def strategy_setting(t: KaveriniTable, player: str, card: tuple[str, ...]) -> None:
    """Add a setting to the pool (chosen settings: one per player; random: optional).

    Example: strategy setting Ann Vondelpark"""
    g = _game(t)
    t.tell("strategy_setting", **game_rules.add_setting(g, game_rules.player(g, player),
                                                       t.first_side(" ".join(card), "setting")))


@command("strategy bond", "strategy game")
@click.argument("player", type=params.PLAYER)
@click.argument("item", nargs=-1, required=True)
def strategy_bond(t: KaveriniTable, player: str, item: tuple[str, ...]) -> None:
    """Bond (or unbond) a bought item to its Kaveri, before the first round (R-STRAT-2).

    Example: strategy bond Ann Wooden Clogs"""
    g = _game(t)
    t.tell("strategy_bond", **game_rules.bond(g, game_rules.player(g, player), " ".join(item)))


@command("strategy teams", "strategy game")
def strategy_teams(t: KaveriniTable) -> Result:
    """Each player's cards, their expense, and the points left.

    Example: strategy teams"""
    g = _game(t)
    versus = g["arena"]["versus"] if g["arena"] else None
    # the world points bought; in a battle, those left
    wp = versus["wp"] if versus else [p["world_points"] for p in g["players"]]
    r = Result(headers=[_("player"), _("turn"), _("Kaverit"), _("cards"), _("expense"),
                        _("left"), _("WP")])
    for k, p in enumerate(g["players"]):
        cards = ", ".join(c["card"] + (f" ({c['holder']})" if c.get("holder") else "")
                          + f" {c['expense']}" for c in p["cards"])
        r.rows.append([p["name"], k + 1, ", ".join(s["name"] for s in p["kaverit"]) or "-",
                       len(p["cards"]), sum(c["expense"] for c in p["cards"]), p["points_left"],
                       wp[k]])
        if cards:                          # the cards below the table: it keeps to 80 columns
            r.notes += textwrap.wrap(f"{p['name']}: {cards}.", 79, subsequent_indent="    ")
    if versus and versus["winner"]:
        r.notes.append(_("Winner: {winner} (round {round}).").format(
            winner=versus["winner"], round=versus["round"]))
    pool = [s for p in g["players"] for s in p["settings"]]
    r.notes.append((_("Budget {budget} each; settings {settings}, pool: {pool}") if pool else
                    _("Budget {budget} each; settings {settings}")).format(
        budget=g["budget"], settings=g["settings"], pool=", ".join(pool)))
    return r


@command("strategy start", "strategy game")
@click.option("--dice", "faces", default=None, metavar="N",
              help="The table's own die for drawing the setting (R-DICE-3).")
def strategy_start(t: KaveriniTable, faces: str | None) -> Result:
    """Start the battle: use, foe, next and end then work as in a confrontation, any
    opponent's character being a target (R-STRAT-3..7).

    Example: strategy start"""
    from guide.core.dice import parse_faces
    from guide.games.kaverini.commands.confront import faces_used, fight, report

    if faces:
        t.dice.give(parse_faces(faces, "--dice"))

    g = _game(t)
    if g["arena"] is not None:
        raise CommandError(_("this Strategy Game has already started (strategy new for another)"))
    if t.state["confrontation"]:
        raise CommandError(_("an adventure confrontation is running (end it first)"))
    settings = [c.name for c in t.library.cards.values() if c.type == "setting"]
    g["arena"] = game_rules.arena(g, t.first_side, settings)
    f = fight(t, g["arena"])
    assert isinstance(f, game_rules.StrategyFight)
    f.start_battle(g)
    faces_used(t, "--dice")
    return report(t, f)
