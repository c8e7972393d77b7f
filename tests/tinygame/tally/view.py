"""What each viewer sees of Tally (guide.core.viewers), in one place: the TV and every seat
see the count, the guesses sealed until all are in, how many cards each holds and, while a
round runs, whose turn it is; a seat also sees its own guess and its own hand; `guide state`
adds the rolls."""

from __future__ import annotations

from guide.core import turns
from guide.core.sealed import shown
from guide.core.viewers import Viewer


def seen_by(table, viewer: Viewer) -> dict:
    s = table.state
    mine = viewer.seat if viewer.kind == "seat" else None
    out = {"game": table.game.id, "title": table.game.title, "count": s["count"],
           "guesses": shown(s["guesses"], mine),
           "hands": {name: len(cards) for name, cards in s["hands"].items()}}
    if turns.current(s["turns"]) is not None:
        out["turn"] = turns.current(s["turns"])
    if viewer.kind == "state":
        del out["title"]
        return {"schema": 1, **out, "rolls": list(s["rolls"])}
    if viewer.kind == "seat":
        out["hand"] = list(s["hands"].get(mine, []))
    return out
