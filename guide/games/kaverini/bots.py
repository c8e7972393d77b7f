"""Kaverini's bots and bench: the Strategy Game (the rulebook's appendix, R-STRAT-1..7), team
against team, no Tour Guide, its players as the seats. No bot plays a Kaveri in an
adventure: there the Tour Guide runs the table (seat_policy "gm") and `bot` is refused.

The bench's game (`setup_for`, reproducible from the game's seed): two players (or up to
four), a budget of 50 points each, no settings, each player's own pool. Each player brings
one Kaveri designed for the game: an ability drawn from the box's and three emotion ladders
drawn from the Emotion Table. Then each buys characters: the box's buddies and foes with an
expense number (no Power Foes, no items: an item's Usage is hidden from the other players,
R-CONF-12, and the bench keeps the battle open), taken in a random order, each bought
while it fits what is left of the budget and the player's share of what one battle holds
(docs/limits.md: 24 foes, 12 buddies, split evenly among the players); the points left buy
world points (R-STRAT-2).

A player's moves (`moves`): when the fighter whose turn it is fights for that player, each
of its techniques on each opponent's standing character (`use` for a Kaveri or a buddy,
`foe` for a foe; a foe with a move die rolls for its move), and passing (`next`); when
nobody of the phase can act, `next` is the first player's. Each is tried on a copy of the
table first: a line the engine refuses is not offered.

What a player sees (`view`): the whole battle. Every card of the Strategy Game is bought in
the open (`strategy teams` lists them all), the bench buys no item, so only the dice are
hidden; the think level's sampler (`sample`) takes the battle from the view.

`think`: one step ahead on the real engine. Each legal move is played on copies of the
battle with fresh dice (`think_samples`), and judged where it stops by the heuristic
(`value`): the share of its side's HP left, against the strongest opponent's."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from guide.core.bots.kit import BotKit, Outcome
from guide.core.dice import Dice
from guide.core.errors import GuideError
from guide.core.i18n import domain
from guide.core.seats import Move
from guide.core.state import copied

if TYPE_CHECKING:
    from guide.core.table import Table

_, ngettext, pgettext = domain("kaverini").functions()

BUDGET = 50                       # points per player (the rulebook recommends 50, 100 or 200)
TECHNIQUES = 3                    # a designed Kaveri's three techniques (R-SHEET-1)


class StrategyKit(BotKit):
    players = (2, 2, 4)
    default_levels = ("random", "think")
    max_moves = 1500
    think_samples = 2             # fresh dice per legal move
    think_depth = 0               # one step: the move itself, then the heuristic
    think_candidates = 64         # every legal move is weighed

    # --- who plays, what they see and may do --------------------------------------------
    def seats(self, table: Table) -> list[str]:
        game = table.state.get("strategy")
        return [p["name"] for p in game["players"]] if game else []

    def view(self, table: Table, seat: str) -> dict:
        return {"strategy": copied(table.state.get("strategy")), "seat": seat}

    def moves(self, table: Table, seat: str) -> list[Move]:
        from guide.core.bots.think import _run
        from guide.games.kaverini.commands.confront import arena, fight

        field = arena(table)                 # type: ignore[arg-type]  # a KaveriniTable
        if field is None or field.versus is None:
            return []
        f = fight(table, quiet=True)       # type: ignore[arg-type]  # a KaveriniTable
        who = f.turn()
        players = field.versus["players"]
        move = table.registry.move
        if who is None:                   # nobody of the phase can act: the phase ends
            return [move("next", _("Pass this turn"))] if seat == players[0] else []
        if players[who.owner or 0] != seat:
            return []
        targets = [x.name for x in f.fighters() if x.standing and x.owner != who.owner]
        verb = "foe" if who.kind == "foe" else "use"
        tried = [move(verb, target, (who.name,), technique or "", name=who.name,
                      technique=technique, on=target)
                 for technique in _techniques(table, who) for target in targets]
        tried.append(move("next", _("Pass this turn")))   # last: the think level's ties act
        legal: list[Move] = []
        for one in tried:             # on a table of its own in memory: the state copied, fresh dice
            sim = type(table)(table.game, None, table.library,
                              Dice(random.Random(len(legal)).getrandbits(64), record=False))
            sim.state = copied(table.state)
            try:
                _run(sim, one.line, seat)
            except GuideError:
                continue
            legal.append(one)
        return legal

    def refusal(self) -> str | None:
        return _("no bot plays a Kaveri: in an adventure the Tour Guide runs the table and"
                 " each Kaveri is a person's; guide bench --game kaverini plays the Strategy"
                 " Game with bots")

    # --- the bench -------------------------------------------------------------------
    def notes(self, boxes: list) -> list[str]:
        return [_("Kaverini's bench plays the Strategy Game (R-STRAT): {budget} points each,"
                  " one designed Kaveri each (an ability and three ladders drawn), buddies and"
                  " foes bought in a random order while they fit, the rest world points; no"
                  " settings, no items, no Power Foes.").format(budget=BUDGET)]

    def setup_for(self, table: Table, seats: list[str], rng: random.Random) -> list[str]:
        from guide.games.kaverini.data.tables import abilities, ladders, limits

        def line(command: str, **values: Any) -> str:
            return table.registry.move(command, command, **values).line

        lines = [line("strategy new", players=seats, budget=BUDGET)]
        ladder_names = sorted(lad.name for lad in ladders().values())
        ability_names = sorted(abilities())
        buyable = sorted((c for c in table.library.cards.values()
                          if c.type in ("buddy", "foe") and c.expense is not None),
                         key=lambda c: c.name)
        bound = limits()["table"]         # what one battle holds (docs/limits.md), shared
        caps = {"buddy": bound["buddies"] // len(seats), "foe": bound["foes"] // len(seats)}
        for k, seat in enumerate(seats):
            lines.append(line("strategy kaveri", player=seat, kaveri=f"Kaveri {k + 1}",
                              ability=rng.choice(ability_names),
                              techniques=rng.sample(ladder_names, TECHNIQUES)))
            left = BUDGET
            room = dict(caps)
            for card in rng.sample(buyable, len(buyable)):
                assert card.expense is not None
                if card.expense <= left and room[card.type]:
                    lines.append(line("strategy buy", player=seat, card=card.name))
                    left -= card.expense
                    room[card.type] -= 1
            if left:
                lines.append(line("strategy wp", player=seat, count=left))
        return [*lines, line("strategy start")]

    def outcome(self, table: Table) -> Outcome | None:
        game = table.state.get("strategy")
        battle = game["arena"] if game else None
        if not battle or battle["confrontation"]:
            return None
        versus = battle["versus"]
        winner = versus["winner"]
        return Outcome([winner] if winner else [],
                       figures={"rounds": versus["round"], "first": winner == versus["players"][0]})

    def figures(self, outcomes: list[Outcome], seats: list[str]) -> list[str]:
        if not outcomes:
            return []
        first = sum(bool(o.figures.get("first")) for o in outcomes)
        rounds = sum(o.figures.get("rounds", 0) for o in outcomes) / len(outcomes)
        return [_("The first player in turn order won {first} of {games} battles;"
                  " a battle lasted {rounds:.1f} rounds on average.").format(
            first=first, games=len(outcomes), rounds=rounds)]

    def figures_json(self, outcomes: list[Outcome], seats: list[str]) -> dict[str, Any]:
        n = len(outcomes) or 1
        return {"first_player_wins": round(100 * sum(bool(o.figures.get("first"))
                                                     for o in outcomes) / n, 2),
                "mean_rounds": round(sum(o.figures.get("rounds", 0) for o in outcomes) / n, 2)}

    # --- the think level ---------------------------------------------------------------
    def sample(self, library: Any, view: dict, seat: str, rng: random.Random) -> dict | None:
        """Nothing but the dice is hidden (see the module's words): the battle as seen."""
        from guide.games.kaverini.state import new_state

        return {**new_state(), "strategy": view["strategy"]}

    def value(self, table: Table, seat: str) -> float:
        """The share of its characters' HP the seat's side keeps, against the strongest
        opponent's: 1 when every opponent is out, 0 when the seat's side is."""
        battle = table.state["strategy"]["arena"]
        players = battle["versus"]["players"]
        me = players.index(seat)
        c = battle["confrontation"]
        foes = c["foes"] if c else battle["versus"]["foes"]
        shares: list[list[float]] = [[] for _player in players]    # each character's HP share
        for x in (*battle["kaverit"], *battle["buddies"], *foes):
            if x.get("owner") is not None:
                shares[x["owner"]].append(x["hp"] / x["max_hp"] if x["max_hp"] else 0)
        kept = [sum(own) / max(len(own), 1) for own in shares]    # each side's mean share
        theirs = max(share for k, share in enumerate(kept) if k != me)
        return (kept[me] - theirs + 1) / 2


def _techniques(table: Table, who: Any) -> list[str | None]:
    """A fighter's techniques as `use` or `foe` names them (a foe with a move die: None, the
    die chooses)."""
    if who.kind == "kaveri":
        return [*who.data["ladders"], *who.data["custom"]]
    card = who.card
    if card is None:
        return []
    if who.kind == "foe" and card.move_die:
        return [None]
    return [t.name for t in card.techniques]


KIT = StrategyKit()
