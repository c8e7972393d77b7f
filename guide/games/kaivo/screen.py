"""What the screens show: `guide state`, the TV page, the status, the prompt and toolbar.
Every value comes through `knowledge.view`: the person at the terminal ("You", seat 1 of a
match against bots) sees what that seat may know; in a match of friends, where each plays
from their own seat, the terminal, like the TV, shows what the whole table may know."""

from __future__ import annotations

import math
from typing import Any

from guide.core.i18n import N_, domain
from guide.core.text import clip, fit, toolbar_width

from .knowledge import SeatView, view
from .model import KaivoState
from .render import TO, YOU, card_called, render
from .table import to_act

_, ngettext, pgettext = domain("kaivo").functions()


def person(state: KaivoState, name: str) -> int | None:
    """The seat of the person of that name; None for a bot, or a name with no seat (a
    friend still waiting to join, one whose seat went to a bot)."""
    for seat, p in enumerate(state["players"]):
        if p["name"] == name and not p["bot"]:
            return seat
    return None


def viewer(state: KaivoState) -> int | None:
    """Whose knowledge the terminal shows: yours ("You", a person); None once your seat went
    to a bot (you left), and in a match of friends: then only what the whole table knows."""
    return person(state, YOU)


OFFERED = -1.0      # a look's `until` while a phone's player has not yet looked (K-DEAL-1)


def showing(state: KaivoState, seat: int | None, at: float, hints: bool) -> set[int] | None:
    """K-DEAL-1: the cards `seat`'s screens show at `at`: those it saw less than the box's
    seconds ago (then hidden again: the player remembers); None (all it knows) under the
    "hints" house rule. A look offered to a phone and not yet taken shows nothing here: its
    page offers it (seats.py)."""
    if hints:
        return None
    return {int(c) for s, c, until, *_ in state.get("looks", []) if s == seat and until > at}


def stamp(state: KaivoState, at: float, seconds: int, phones: set[int] | None = None) -> None:
    """Time what the rules say was just seen (Table.fresh): shown until `at` + seconds. A
    friend at a phone (`phones`) may not be looking at the moment: a card in a row is offered
    on their page until they tap it (`look`), and the seconds run from then (a glimpse of the
    card in play is as brief as it is at the table). Each look keeps when it was seen, which
    names it on the page."""
    t = state["table"]
    looks = [x for x in state.get("looks", []) if x[2] == OFFERED or x[2] > at]
    if t is not None:
        in_rows = {c for h in t["hands"] for c in h}      # a glimpse of a held card flashes
        looks += [[s, c, OFFERED if s in (phones or set()) and c in in_rows else at + seconds,
                   at] for s, c in t.pop("fresh", [])]
    state["looks"] = looks


def look(state: KaivoState, seat: int, card: int, at: float, seconds: int) -> bool:
    """The player at a phone looks at a card offered to them (K-DEAL-1): shown from now for
    the box's seconds, then hidden again. False if no look of that card was waiting."""
    for x in state.get("looks", []):
        if x[0] == seat and int(x[1]) == card and x[2] == OFFERED:
            x[2] = at + seconds
            return True
    return False


def in_play(state: KaivoState) -> bool:
    t = state["table"]
    return state["mode"] == "play" and t is not None and t["phase"] != "over"


def card_text(value: int | None, badges: str = "", face_up: bool = False) -> str:
    """One card as a player's row shows it: [7], [?], [?:AE] (looked at by A and E), [9*]
    (turned face up by Mind Read)."""
    inner = "?" if value is None else str(value)
    if face_up:
        inner += "*"
    if badges:
        inner += ":" + badges
    return f"[{inner}]"


def row(v: SeatView, seat: int) -> str:
    return " ".join(card_text(x, b, f) for x, b, f in
                    zip(v["hands"][seat], v["badges"][seat], v["face_up"][seat], strict=True))


def round_of(v: SeatView) -> dict[str, Any]:
    """What every view of a dealt round begins with: whose turn, the pile's top, the deck."""
    return {"turn": v["names"][v["turn"]], "discard_top": v["discard"][-1] if v["discard"] else None,
            "deck_left": v["deck_left"]}


def public_state(state: KaivoState, seat: int | None, shown: set[int] | None) -> dict[str, Any]:
    """kaivo.md's `guide state`: the match, and during a dealt round the table as `seat`
    knows it (the terminal's `viewer`; None: as the whole table knows it), its cards seen
    shown only while `shown` (K-DEAL-1; None: all it knows)."""
    players = state["players"]
    out: dict[str, Any] = {
        "schema": 1, "game": "kaivo",
        "players": [{"name": p["name"], "bot": p["bot"], "score": p["score"]} for p in players],
        "dealer": players[state["dealer"]]["name"] if players else None,
        "round": state["round"], "winners": list(state["winners"]),
    }
    t = state["table"]
    if in_play(state) and t is not None:
        v = view(t, seat, shown)
        out["table"] = {
            **round_of(v),
            "hands": {name: list(h) for name, h in zip(v["names"], v["hands"], strict=True)},
            "badges": {name: list(b) for name, b in zip(v["names"], v["badges"], strict=True)},
        }
    return out


def tv(state: KaivoState, title: str) -> dict[str, Any]:
    """The TV page: public only (the cards every seat knows, the badges, the pile)."""
    out = public_state(state, None, set())
    out["title"] = title
    out["mode"] = state["mode"]
    t = state["table"]
    if "table" in out and t is not None:
        v = view(t, None)
        out["table"]["rows"] = {name: row(v, s) for s, name in enumerate(v["names"])}
        out["table"]["face_up"] = {n: list(f) for n, f in zip(v["names"], v["face_up"], strict=True)}
    out["news"] = news(state, None)
    out["joining"] = list(state["joining"])
    out["leaving"] = [p["name"] for p in state["players"] if p["leaving"]]
    if state["last"]:
        out["last_round"] = [{"name": x["name"], "total": x["total"], "added": x["added"],
                              "score": x["after"]} for x in state["last"]]
    return out


def news(state: KaivoState, seat: str | None) -> list[str]:
    """The round's last public events in words, one entry an event (a score's lines kept
    together, so that a page showing the newest first keeps each event's own order), `seat`
    addressed as "You" (render.TO; the terminal's own player, named You, is then a third
    person)."""
    lines: list[str] = []
    for event in state.get("news", []):
        if "private" in event:                    # never stored; a guard all the same
            continue
        text = render(event if seat is None else {**event, TO: seat})
        if text:
            lines.append("\n".join(line.strip() for line in text.splitlines()))
    return lines


# what to type next, by the phase of the turn, or in the power phase by the power
HINTS = {
    "turn": N_("draw, take or kaivo"),
    "drawn": N_("swap POS or discard (glimpse first if you like)"),
    "glimpsed": N_("swap POS or discard"),      # K-GLIMPSE-1: once a turn
    "taken": N_("swap POS, or putback"),
    "peek": N_("peek POS, or skip"), "spy": N_("spy PLAYER POS, or skip"),
    "swap": N_("swapwith POS PLAYER POS, or skip"), "mindread": N_("mindread PLAYER POS, or skip"),
}


def over(state: KaivoState) -> str:
    """K-SCORE-3: a won match, who won it and what starts the next one (the sheet's players,
    or a deal against bots or among friends), where a new game master found no word of how."""
    won = _("the match is over: {who} won").format(who=_(" and ").join(state["winners"]))
    if state["mode"] == "sheet":
        return _("{over}; players NAME NAME ... starts a new score sheet").format(over=won)
    return _("{over}; deal --bots N, or deal --friends NAME,NAME, starts a new match").format(over=won)


def hint(state: KaivoState, host: bool = False) -> str:
    """What to type next. `host`: the status's longer word in a match of friends, where the
    terminal is nobody's seat: the moves of the person to act, typed here with --as."""
    t = state["table"]
    if state["winners"]:
        return over(state)
    if t is None:
        return _("players NAME NAME ... for a score sheet, or deal --bots N")
    if t["phase"] == "over":
        return _("the round is over: deal for the next one")
    phase = (t["power"] or "peek") if t["phase"] == "power" else t["phase"]
    if phase == "drawn" and t["glimpsed"]:
        phase = "glimpsed"
    who = t["names"][to_act(t)]
    if to_act(t) == viewer(state):
        return _(HINTS[phase])
    if host and viewer(state) is None and not state["players"][to_act(t)]["bot"]:
        return _("{who} to play (or here: {moves}, with --as {who})").format(who=who, moves=_(HINTS[phase]))
    return _("{who} to play").format(who=who)


def status_lines(state: KaivoState, shown: set[int] | None,
                 powers: dict[int, str] | None = None) -> list[str]:
    """The table as you know it: your row, the opponents' rows, the pile, the deck; a card
    you saw only while `shown` (K-DEAL-1); the card you hold, a power card by its name
    (`powers`: the deck's values of the powers)."""
    t = state["table"]
    if state["mode"] != "play" or t is None:
        return []
    v = view(t, viewer(state), shown)
    width = max(len(n) for n in v["names"])
    if t["phase"] == "over" and state["winners"]:       # K-SCORE-3: no round after it
        head = _("Round {round} is over; so is the match.").format(round=state["round"] - 1)
    elif t["phase"] == "over":
        dealer = state["players"][state["dealer"]]["name"]
        head = _("Round {round} is over; the deal passes to {dealer}.").format(round=state["round"] - 1,
                                                                                dealer=dealer)
    else:
        head = _("Round {round}; {who} to play.").format(round=state["round"], who=v["names"][v["turn"]])
    lines = [head]
    for s, name in enumerate(v["names"]):
        score = state["players"][s]["score"]
        lines.append(f"  {name:{width}}  {row(v, s)}   " + _("score {score}").format(score=score))
    top = v["discard"][-1] if v["discard"] else _("none")
    held = ""
    if v["held"] is not None and v["turn"] == v["me"]:
        held = (_("; you hold {card} (from the discard)") if v["held_from"] == "discard"
                else _("; you hold {card} (from the deck)")).format(card=card_called(v["held"], powers))
    lines.append("  " + _("Discard pile: {top}; deck: {deck}{held}.").format(top=top, deck=v["deck_left"],
                                                                            held=held))
    lines.append("  " + _("Next: {hint}.").format(hint=hint(state, host=True)))
    return lines


def prompt(state: KaivoState) -> str:
    """The prompt: the mode and where the match is; a won match (K-SCORE-3) names no round,
    since none is played after it (the sheet's said 'round 7, over')."""
    if state["mode"] == "sheet":
        if state["winners"]:
            return _("kaivo (sheet, match over)> ")
        return _("kaivo (sheet, round {round})> ").format(round=state["round"])
    if state["mode"] == "play":
        t = state["table"]
        if state["winners"]:
            return _("kaivo (match over)> ")
        if t is None or t["phase"] == "over":
            return _("kaivo (round {round}: deal)> ").format(round=state["round"])
        return _("kaivo (round {round}: {hint})> ").format(round=state["round"], hint=hint(state))
    return "kaivo> "


def toolbar(state: KaivoState, shown: set[int] | None, clock: float | None = None,
            powers: dict[int, str] | None = None) -> str | None:
    """Within 80 columns, each line at most the toolbar's width (guide.core.text): in a
    round, a first line with your row (a card you saw only while `shown`: the terminal's
    transient place, K-DEAL-1), the card you hold, the opponents' cards you see now, the
    pile, the deck and the turn clock's seconds (K-CLOCK-1); then, on a line of its own, the
    round and the scores (long names shortened, as every game's toolbar does)."""
    if not state["players"]:
        return None
    width = toolbar_width()
    head = " " + (_("match over:") if state["winners"]          # K-SCORE-3: no next round
                  else _("round {round}:").format(round=state["round"]))
    scores = "".join(text for _, text in fit(
        [(p["name"], [("", f" {p['score']}")], [("", f" {p['score']}")])
         for p in state["players"]], width - len(head)))
    t = state["table"]
    if not (in_play(state) and t is not None):
        return head + scores
    return _cards_line(state, view(t, viewer(state), shown), clock, width, powers) + "\n" + head + scores


def _cards_line(state: KaivoState, v: SeatView, clock: float | None, width: int,
                powers: dict[int, str] | None = None) -> str:
    """The round's line: the opponents' cards you see named by player, or by their badge
    letter (K-POW-2) when the names do not fit; cut (guide.core.text.clip) only past that."""
    me = v["me"]
    mine = "".join(card_text(x) for x in v["hands"][me]) if me >= 0 else _("table")
    held = (_(" | hold {card}").format(card=card_called(v["held"], powers))
            if v["held"] is not None and v["turn"] == me else "")
    left = f" | {math.ceil(clock - 1e-6)}s" if clock is not None and clock > 0 else ""
    top = v["discard"][-1] if v["discard"] else "-"
    tail = _(" | pile {top} | deck {left}").format(top=top, left=v["deck_left"]) + left
    seen = {s: " ".join(f"{p + 1}:{x}" for p, x in enumerate(v["hands"][s])
                        if x is not None and not v["face_up"][s][p])
            for s in range(len(v["names"])) if s != me}
    for who in (v["names"], v["letters"]):
        see = _(" | see {cards}").format(cards=", ".join(
            f"{who[s]} {cards}" for s, cards in seen.items() if cards)) if any(seen.values()) \
            else ""
        text = f" {mine}{held}{see}{tail}"
        if len(text) <= width:
            return text
    return clip(text, width)
