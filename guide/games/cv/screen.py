"""CV at the table: the prompt, the bottom toolbar, `status`, `track`, the TV view model and
`guide state`. Names in the players' sight use the table's language."""

from __future__ import annotations

from typing import Any

from guide.core.errors import RuleError
from guide.core.result import Result
from guide.core.text import clip

from . import score
from .library import Library
from .model import CHOICE, CvState, CvTable, active, cv_cards
from .pool import failures
from .render import Renderer


def _s(t: CvTable) -> CvState:
    return t.state


def _lib(t: CvTable) -> Library:
    return t.library


def icon(lib: Library, sym: str) -> str:
    return "*" if sym == CHOICE else (lib.symbols[sym].icon or lib.symbols[sym].en[0])


def prompt(t: CvTable) -> str:
    s = _s(t)
    turn = s["turn"]
    if s["over"]:
        return "cv (game over: score)> "
    if turn is None:
        return "cv> "
    who = s["players"][turn["player"]]["name"]
    if s["track"] is not None and s["track"]["help"]:
        return f"cv (round {turn['round']}: social help, {s['track']['help'][0]})> "
    return f"cv (round {turn['round']}: {who})> "


def toolbar(t: CvTable) -> str:
    """One line within the toolbar's width (guide.core.text.clip): whose turn, the dice
    (frozen marked), rerolls left, Failures and Happiness, tokens, the track."""
    s, lib = _s(t), _lib(t)
    turn = s["turn"]
    if turn is None:
        return " no players yet: players NAME NAME [NAME NAME]"
    p = s["players"][turn["player"]]
    parts = [f" {p['name']}"]
    if turn["rolled"]:
        dice = " ".join(("·" if used else "") + icon(lib, d) for d, used in zip(turn["dice"], turn["used"],
                                                                                 strict=True))
        parts.append(f"{dice}  rr {turn['rolls_left']}  F{failures(turn, p)}")
    else:
        parts.append("to roll")
    tokens = "".join(icon(lib, x["symbol"]) for x in p["tokens"] if not x["used"])
    if tokens:
        parts.append(f"tok {tokens}")
    parts.append(f"took {turn['taken']}/2")
    if s["track"] is not None:
        d = s["track"]["decks"]
        parts.append("deck " + "/".join(str(d[x.id]) for x in lib.decks))
    return clip("  ".join(parts))


def track_lines(t: CvTable) -> list[str]:
    s, lib = _s(t), _lib(t)
    tr = s["track"]
    if tr is None:
        return ["The track is not kept: track youth=N maturity=N old_age=N"]
    r = Renderer(lib, speaks(t))
    slots = ", ".join(f"{i} {r.deck(d)}" for i, d in enumerate(tr["slots"], 1) if d is not None)
    return [r.msg("track_laid", slots=slots or "-", decks=r.decks(tr["decks"]))]


def status(t: CvTable) -> Result:
    s, lib = _s(t), _lib(t)
    r = Renderer(lib, speaks(t))
    res = Result(title="CV")
    turn = s["turn"]
    if turn is not None:
        who = s["players"][turn["player"]]["name"]
        res.add(r.msg("turn", round=turn["round"], player=who))
        if turn["rolled"]:
            res.add(r.msg("_status_dice", dice=r.dice(turn["dice"]), rolls_left=turn["rolls_left"]))
    stacks = [lib.types[x].name(speaks(t)) for x in lib.stacks]
    res.headers = [r.msg("_h_player"), *stacks, r.msg("_h_tokens"), r.msg("_h_hand")]
    for p in s["players"]:
        row: list[Any] = [p["name"] + (" (B)" if p["name"] == s["bicycle"] else "")]
        for x in lib.stacks:
            cards = p["cv"][x]
            row.append(f"{len(cards)}: {cards[-1]['name']}" if cards else "-")
        row.append(" ".join(icon(lib, k["symbol"]) for k in p["tokens"]) or "-")
        row.append(len(p["hand"]))
        res.rows.append(row)
    if s["track"] is not None:
        res.notes.extend(track_lines(t))
    if not s["players"]:
        res.add(r.msg("_no_players"))
    return res


def _scores(s: CvState, lib: Library) -> dict[str, int] | None:
    if not s["scored"]:
        return None
    try:
        return score.score(CvState(**s), lib)[1]
    except RuleError:
        return None


def public_state(t: CvTable) -> dict[str, Any]:
    """`guide state --game cv`, exactly the rules page's shape."""
    s, lib = _s(t), _lib(t)
    turn = s["turn"]
    totals = _scores(s, lib)
    return {
        "schema": 1, "game": "cv",
        "turn": s["players"][turn["player"]]["name"] if turn is not None and not s["over"] else None,
        "dice": list(turn["dice"]) if turn is not None else [],
        "rolls_left": turn["rolls_left"] if turn is not None else 0,
        "players": [{"name": p["name"], "cv": {x: [c["name"] for c in p["cv"][x]] for x in lib.stacks},
                     "score": totals.get(p["name"]) if totals is not None else None} for p in s["players"]],
    }


def view(t: CvTable) -> dict[str, Any]:
    """The TV page: public only (no secret goal, no hand's cards, only how many)."""
    s, lib = _s(t), _lib(t)
    lang = speaks(t)
    turn = s["turn"]
    sym = {k: {"id": k, "name": v.name(lang), "icon": v.icon} for k, v in lib.symbols.items()}
    totals = _scores(s, lib)
    return {
        "game": "cv", "title": "CV", "lang": lang, "over": s["over"],
        "round": turn["round"] if turn is not None else None,
        "turn": s["players"][turn["player"]]["name"] if turn is not None else None,
        "dice": [{**sym[d], "frozen": d == "failure", "used": u}
                 for d, u in zip(turn["dice"], turn["used"], strict=True)] if turn is not None else [],
        "rolls_left": turn["rolls_left"] if turn is not None else 0,
        "players": [{
            "name": p["name"], "bicycle": p["name"] == s["bicycle"], "cards": cv_cards(p),
            "stacks": {x: {"name": lib.types[x].name(lang), "count": len(p["cv"][x]),
                           "active": active(p)[x]["name"] if p["cv"][x] else None} for x in lib.stacks},
            "tokens": [x["symbol"] for x in p["tokens"]], "hand": len(p["hand"]),
            "score": totals.get(p["name"]) if totals is not None else None,
        } for p in s["players"]],
        "track": None if s["track"] is None else {
            "slots": [d for d in s["track"]["slots"] if d is not None], "decks": dict(s["track"]["decks"]),
            "help": list(s["track"]["help"])},
        "public_goals": [{"id": g, "name": sp.name(lang)} for g in s["public"]
                         if (sp := lib.special_by_id(g)) is not None],
    }


def speaks(t: CvTable) -> str:
    """The language of the words: the `lang` command's choice, else `guide play --lang`."""
    return str(_s(t)["lang"] or t.lang)
