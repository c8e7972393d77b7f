"""What Kaverini's state hides (Game.secret_variants, guide.core.secrets): a foe's moves,
Shield and Heel are the game master's until a Psychic Kaveri is present (R-CONF-3; its
Emotion is public). Of those, the state holds what a campaign's `tweak` changed (rulebook
7.3: `tweak CARD shield=... heel=...`); each variant tweaks a foe of the running
confrontation to another Shield or Heel, the GM's ("gm"). The story keeps them out of the
players' `log` as the TV does (`kept_from_log`)."""

from __future__ import annotations

import re
from typing import Any

from guide.core.errors import GuideError
from guide.core.secrets import GM, Secret
from guide.core.state import copied
from guide.games.kaverini import words
from guide.games.kaverini.commands.confront import secrets_open
from guide.games.kaverini.table import KaveriniTable
from guide.games.kaverini.view.model import secret_words

SIDES = ("shield", "heel")


def secret_variants(t: KaveriniTable) -> list[Secret]:
    fight = t.state["confrontation"]
    if fight is None or secrets_open(t):
        return []
    cards = list(t.library.cards.values())
    out: list[Secret] = []
    for foe in fight["foes"]:
        try:
            card = t.card(foe["card"])
        except GuideError:
            continue
        for side in SIDES:
            now = getattr(card, side)
            other = next((v for v in sorted({getattr(c, side) for c in cards if getattr(c, side)})
                          if v != now), None)
            if other is None:
                continue
            s = copied(t.state)
            s["tweaks"].setdefault(card.key, {})[side] = other
            out.append(Secret(GM, dict(s), f"{foe['name']}'s {side}"))
    return out


def kept_from_log(event: dict[str, Any], t: KaveriniTable) -> bool:
    """Whether an event stays out of the players' `log` (`log --gm` shows it): an item with
    Usage (rulebook 4.3) and, while no Psychic Kaveri is present, a line that names a foe's
    move, Shield or Heel (R-CONF-3), as the TV's story leaves them out. A quote of the
    lottery is read aloud to all (R-QL-1)."""
    if words.secret_item(event):
        return True
    if event.get("kind") == "quote":
        return False
    psychic = secrets_open(t)
    if not psychic and foes_move(event, t):
        return True
    line = words.render(event)
    return line is not None and secret_words(t, psychic)(line)


def foes_move(event: dict[str, Any], t: KaveriniTable) -> bool:
    """Whether an event names a foe's move by a name the Emotion Tables' techniques share
    (the Rogue Herring Gull's Snarl): its words cannot tell it from a Kaveri's own Snarl, so
    the event says whose it is: its actor is a foe ("Rogue Herring Gull uses Snarl", and its
    hit), or, in an event saved before hits named their actor, its target is none ("Snarl
    deals 1 Schmerz to Ann"; a Strategy Game's Kaveri hits another Kaveri, R-STRAT-3). A
    foe's move by a name of its own is a secret word already (view.model.secret_words)."""
    technique = event.get("technique")
    if not isinstance(technique, str) or technique.casefold() not in _cards(t)[1]:
        return False
    actor, target = event.get("actor"), event.get("target")
    if isinstance(actor, str):
        return _is_foe(actor, t)
    return isinstance(target, str) and not _is_foe(target, t)


_NUMBERED = re.compile(r"^(.*) \d+$")          # a card's second foe: "NAME 2" (state.numbered)
# the library the shared names were found for, and them (asked for every event of a log)
_found: list[tuple[object, frozenset[str], frozenset[str]]] = []


def _cards(t: KaveriniTable) -> tuple[frozenset[str], frozenset[str]]:
    """The foe cards' names, and their techniques named as an Emotion Table's are (folded)."""
    if _found and _found[0][0] is t.library:
        return _found[0][1], _found[0][2]
    from guide.games.kaverini.data.tables import ladders

    public = {name.casefold() for lad in ladders().values() for name in lad.techniques}
    foes = [c for c in t.library.cards.values() if c.type in ("foe", "power-foe")]
    names = frozenset(c.name.casefold() for c in foes)
    shared = frozenset(m.name.casefold() for c in foes for m in c.techniques) & public
    _found[:] = [(t.library, names, shared)]
    return names, shared


def _is_foe(name: str, t: KaveriniTable) -> bool:
    """Whether a fighter's name is a foe's: a foe card's, or its second's ("NAME 2"), or a
    foe's of the running confrontation."""
    names = _cards(t)[0]
    folded = name.casefold()
    numbered = _NUMBERED.match(folded)
    fight = t.state.get("confrontation")
    return folded in names or (numbered is not None and numbered.group(1) in names) or \
        (fight is not None and name in [f["name"] for f in fight["foes"]])
