"""Card text the engine cannot apply but the table can act on, said at the moment it
matters (issue 13): a card or technique that creates a token offers the `token` line; a foe
neutralized the way its flip condition names offers the `flip` line. Read from the command's
story events (data) after the engine has run; told as GM-only events (words.GM_ONLY)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from guide.games.kaverini.cardtext import flip_met, tokens_in

if TYPE_CHECKING:
    from guide.games.kaverini.table import KaveriniTable


def at_start(t: KaveriniTable) -> None:
    """After `confront`: the tokens the cards present create (a card's `creates:`), unless
    some are in the confrontation already."""
    c = t.state["confrontation"]
    if not c:
        return
    present = [f["card"] for f in c["foes"]] + list(c["companions"])
    for name in dict.fromkeys(present):
        card = t.card(name)
        for token in card.creates:
            if token not in present:        # else the scene brings them already
                t.tell("offer", card=card.name, token=token, line=f"token {token}")


def after_moves(t: KaveriniTable) -> None:
    """After `use`, `foe` or `schmerz`: a technique's text that creates a token, and flip
    conditions of neutralized foes."""
    tokens = [c.name for c in t.library.cards.values() if c.token]
    ladder: str | None = None
    for e in list(t.story):
        if e["kind"] == "use":
            ladder = e.get("ladder") or _emotion(t, e["actor"], e["technique"])
            for token in tokens_in(e.get("text") or "", tokens):
                t.tell("offer", card=e["actor"], token=token, line=f"token {token}")
        elif e["kind"] == "neutralized" and e.get("foe"):
            card = t.library.card(e["foe"])
            if card is None or card.back is None or not card.back.flip:
                continue
            met = flip_met(card.back.flip, ladder)
            if met is None:
                continue
            running = bool(t.state["confrontation"])
            line = f"flip {card.name}" + ("" if running or card.back.type != "buddy"
                                          else f", then buddy {card.back.name}")
            t.tell("flip_due", card=card.name, condition=card.back.flip, met=met,
                   ladder=ladder, line=line)


def _emotion(t: KaveriniTable, actor: str, technique: str) -> str | None:
    """The emotion of a card technique (a buddy's or a foe's), for flip conditions."""
    field = t.state["confrontation"]
    for who in [*t.state["buddies"], *(field["foes"] if field else [])]:
        if who["name"] == actor:
            card = t.library.card(who.get("card", who["name"]))
            for tech in card.techniques if card else ():
                if tech.name == technique:
                    return tech.emotion
    return None
