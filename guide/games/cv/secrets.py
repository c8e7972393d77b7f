"""What CV's state hides (Game.secret_variants, guide.core.secrets): each player's secret
life goal (V-SET-1, V-SCORE-4) until the score reveals every goal, and the cards in their
hand (the TV shows only how many, V-EVENT-1) are theirs; the decks face down (a card
file's piles, in drawing order) are no one's until drawn."""

from __future__ import annotations

from guide.core.secrets import Secret
from guide.core.state import copied
from guide.core.variants import changed, reordered

from .library import Library
from .model import CvState

GOALS = range(76, 84)            # V-SCORE-4: the life goals 76..83


def secret_variants(state: CvState, lib: Library) -> list[Secret]:
    out: list[Secret] = []
    track = state["track"]
    piles = (track.get("piles") if track is not None else None) or {}
    for deck in piles:                           # a deck's order
        reshuffled = reordered(state, ("track", "piles", deck))
        if reshuffled is not None:
            out.append(Secret(None, reshuffled, f"the order of the {deck} deck"))
            break
    for n, player in enumerate(state["players"]):
        goal = player["goal"]
        other = next((g for g in GOALS if g != goal and g not in state["public"]
                      and lib.special_by_id(g) is not None), None)
        if goal is not None and other is not None and not state["scored"]:
            out.append(Secret(player["name"], changed(state, ("players", n, "goal"), other),
                              f"{player['name']}'s secret goal"))
        first = next((d for d, p in piles.items() if p), None)
        if player["hand"] and first is not None and piles[first][0] != player["hand"][0]:
            s = copied(state)              # a card in hand and a deck's top, swapped
            hand, top = s["players"][n]["hand"], s["track"]["piles"][first]  # type: ignore[index]
            hand[0], top[0] = top[0], hand[0]
            out.append(Secret(player["name"], dict(s), f"a card in {player['name']}'s hand"))
    return out
