"""What one Kaverini table holds (data/limits.yaml `table`, docs/limits.md): a party of 400
made every command take half a second with the players' view on (issue 31, item 12). After
each command the state is measured against these bounds; one beyond is refused, naming the
bound, and nothing changes. None of them is the rulebook's: they are the companion's."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from guide.core.i18n import domain
from guide.games.kaverini.data.tables import limits

_, ngettext, pgettext = domain("kaverini").functions()

WHERE = "docs/limits.md"


def beyond(state: Mapping[str, Any]) -> str | None:
    """The first bound the state passes, in words; None when it holds all."""
    bound = limits()["table"]
    for key, count, words in _counts(state):
        if count > bound[key]:
            return _("at most {bound} {what} ({where}); this would make {count}").format(
                bound=bound[key], what=words, where=WHERE, count=count)
    return None


def _counts(state: Mapping[str, Any]) -> Iterator[tuple[str, int, str]]:
    yield from _party(state, _("the party"), _("the confrontation"))
    strategy = state.get("strategy") or {}
    players = strategy.get("players") or []
    yield "strategy_players", len(players), _("players of the Strategy Game")
    for p in players:
        yield "kaverit", len(p.get("kaverit", [])), _("Kaverit of {name}").format(name=p["name"])
        yield "strategy_cards", len(p.get("cards", [])), _("cards of {name}").format(name=p["name"])
    if strategy.get("arena"):
        yield from _party(strategy["arena"], _("the Strategy Game's battle"),
                          _("the Strategy Game's battle"), teams=len(players))


def _party(state: Mapping[str, Any], where: str, fight: str, teams: int = 1
           ) -> Iterator[tuple[str, int, str]]:
    """`teams` sides share the Kaverit of a Strategy Game's battle: each side's count."""
    yield ("kaverit", -(-len(state.get("kaverit", [])) // max(teams, 1)),
           _("Kaverit in {where}").format(where=where))
    yield "buddies", len(state.get("buddies", [])), _("buddies with {where}").format(where=where)
    yield "companions", len(state.get("companions", [])), _("companions with {where}").format(
        where=where)
    for k in state.get("kaverit", []):
        yield "items", len(k.get("items", [])), _("items held by {name}").format(name=k["name"])
        yield "facts", len(k.get("facts", [])), _("facts about {name}").format(name=k["name"])
    c = state.get("confrontation") or {}
    yield "foes", len(c.get("foes", [])), _("foes in {fight}").format(fight=fight)
