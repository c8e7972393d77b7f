"""The score sheet (V-SCORE-1..6), from the CVs recorded through the game or from counts
typed at the end of a game played on paper, every line with its arithmetic (as events)."""

from __future__ import annotations

from typing import Any

from guide.core.errors import RuleError
from guide.core.i18n import domain
from guide.core.line import build
from guide.core.names import fold
from guide.core.state import copied

from .library import Library, Special
from .model import Card, CvState, Player, active, new_player, player
from .protocol import Event, emits

COUNTS = ("health", "relationships", "knowledge", "job", "property_cards", "property", "tokens")
CARD_COUNTS = ("health", "relationships", "knowledge", "job", "property_cards")   # V-SCORE-5
_, ngettext, pgettext = domain("cv").functions()


def _paper_player(state: CvState, lib: Library, who: str) -> Player:
    """A player of the sheet: one of `players`, or (a game played on paper, no `players`
    typed) a new name joins the sheet."""
    if state["turn"] is not None or any(fold(p["name"]) == fold(who) for p in state["players"]):
        return player(state, who)
    if len(state["players"]) >= 4:
        raise RuleError(_("CV is played by 2 to 4 players"))
    state["players"].append(new_player(who, lib))
    return state["players"][-1]


@emits
def set_counts(state: CvState, lib: Library, who: str, counts: dict[str, int]) -> list[Event]:
    """`cv NAME health=N ...`: a final CV typed as counts (missing counts are 0)."""
    bad = [k for k in counts if k not in COUNTS]
    if bad:
        raise RuleError(_("unknown count {bad!r} (counts: {value})").format(
            bad=bad[0], value=', '.join(COUNTS)))
    if any(v < 0 for v in counts.values()):
        raise RuleError(_("a count is 0 or more"))
    full = {k: int(counts.get(k, 0)) for k in COUNTS}
    p = _paper_player(state, lib, who)
    p["counts"] = full
    return [{"kind": "counts_set", "player": p["name"], "counts": full}]


@emits
def set_goal(state: CvState, lib: Library, who: str, word: str) -> list[Event]:
    """A player's secret goal, by number or name, or by the code their seat sends
    (seats.py): then the story says only that a goal was chosen, never which."""
    from .seats import goal_of_code

    known = next((p for p in state["players"] if fold(p["name"]) == fold(who)), None)
    sealed = goal_of_code(state, lib, known["name"], word) if known and lib.special(word) is None else None
    if known is not None and sealed is not None:
        known["goal"] = sealed
        return [{"kind": "goal_chosen", "player": known["name"]}]
    number, sp = lib.goal(word)
    if number in state["public"]:
        raise RuleError(_("{number} {goal} is a public goal; the deck holds one of each"
                          " (V-SET-1)").format(number=number, goal=sp.here))
    p = _paper_player(state, lib, who)
    p["goal"] = number
    # typed at the keyboard (the score sheet's form): the game master's screen says it, the
    # story keeps it out of `log` but with --gm, no seat or TV hears it (V-SET-1: secret)
    return [{"kind": "goal_set", "player": p["name"], "goal": number, "number": number, "name": sp.en,
             "private": "gm"}]


@emits
def set_public(state: CvState, lib: Library, words: list[str]) -> list[Event]:
    """V-SET-1: players - 1 public goals (up to three before the players are known)."""
    goals = [lib.goal(w)[0] for w in words]
    if len(set(goals)) != len(goals):
        raise RuleError(_("a public goal is named twice"))
    most = len(state["players"]) - 1 if len(state["players"]) >= 2 else 3
    if len(goals) > most:
        raise RuleError(_("{most} public goal(s) with {count} players (V-SET-1)").format(
            most=most, count=len(state['players'])))
    state["public"] = goals
    event: Event = {"kind": "public_set", "goals": goals}
    if len(state["players"]) >= 2 and len(goals) < most:
        event["of"] = most          # said, since public names them all at once: a second
    return [event]                  # public replaces the first one's goals


@emits
def set_double(state: CvState, lib: Library, who: str, type_: str) -> list[Event]:
    """V-SCORE-2: an active 73/74/75 counts its stack one card more (typed by the table)."""
    if type_ not in lib.counted:
        raise RuleError(_("73, 74 and 75 double Health, Relationships or Knowledge (V-SCORE-2)"))
    p = _paper_player(state, lib, who)
    if type_ in p["double"]:
        raise RuleError(_("{player}'s {type} is doubled already").format(
            player=p['name'], type=lib.types[type_].here))
    p["double"].append(type_)
    return [{"kind": "double_set", "player": p["name"], "type": type_}]


def counts_of(p: Player, lib: Library) -> tuple[dict[str, int], list[int], list[str]]:
    """The counts the sheet works from, the Property points card by card, and the doubled
    types: typed counts when given, else the recorded CV."""
    doubled = list(p["double"])
    if p["counts"] is not None:
        return dict(p["counts"]), [], doubled
    cv = p["cv"]
    missing = [c for c in cv["property"] if c["points"] is None]
    if missing:     # named in the table's language (the Bicycle is Велосипед at a uk table)
        c = missing[0]
        name = lib.shown(c)
        typed = build([name])           # quoted as a line quotes it (guide.core.line)
        raise RuleError(_("{player}'s {missing} has no points typed: card {player} {typed} --points"
                          " N").format(
            player=p['name'], missing=name, typed=typed))
    for t, c in active(p).items():
        sp = lib.special_by_id(c["number"])
        if sp is not None and sp.effect == "double" and t in lib.counted and t not in doubled:
            doubled.append(t)
    return cv_counts(cv), [int(c["points"] or 0) for c in cv["property"]], doubled


def cv_counts(cv: dict[str, list[Card]]) -> dict[str, int]:
    """The sheet's counts of a CV's stacks (V-SCORE-1..4): the cards of each counted stack
    and of Job, the Property cards and their points, the tokens of the active cards."""
    props = [int(c["points"] or 0) for c in cv["property"]]
    counts = {t: len(cv[t]) for t in ("health", "relationships", "knowledge", "job")}
    counts.update(property_cards=len(props), property=sum(props),
                  tokens=sum(len(cards[-1]["gives"]) for cards in cv.values() if cards))
    return counts


def _one_of_each(state: CvState, lib: Library) -> None:
    """V-SET-1: the goal deck holds one card of each, so no goal is held twice, secret or
    public. A secret goal is checked against the others only here, where the score reveals
    them all: refused when chosen, it would have told the table whose goal it was."""
    held: dict[int, list[str]] = {}
    for p in state["players"]:
        if p["goal"] is not None:
            held.setdefault(p["goal"], []).append(p["name"])
    for number in state["public"]:
        held.setdefault(number, []).append(_("the public goals"))
    for number, holders in held.items():
        if len(holders) > 1:
            sp = lib.special_by_id(number)
            raise RuleError(_("{number} {goal} is held twice ({holders}), and the deck holds one"
                              " of each (V-SET-1): correct it with goal or public").format(
                number=number, goal=sp.here if sp else "", holders=", ".join(holders)))


def goal_points(sp: Special, counts: dict[str, int]) -> tuple[int, int, list[dict[str, Any]]]:
    """V-SCORE-4: points x the number of whole sets; returns (points, sets, parts)."""
    assert sp.goal is not None
    key = {"property": "property_cards"}
    parts = [{"count": k, "have": counts[key.get(k, k)], "need": int(n)} for k, n in sp.goal["of"].items()]
    sets = min(x["have"] // x["need"] for x in parts)
    return int(sp.goal["per"]) * sets, sets, parts


def score(state: CvState, lib: Library) -> tuple[list[Event], dict[str, int]]:
    """V-SCORE-1..5: every player's sheet, line by line, then the winner."""
    ps = state["players"]
    if not ps:
        raise RuleError(_("no players: players NAME NAME, or cv NAME health=N ..."))
    if len(state["public"]) > max(1, len(ps) - 1):
        raise RuleError(_("{count} public goals with {count2} players: players - 1 of them (V-SET-1): public"
                          " G...").format(
            count=len(state['public']), count2=len(ps)))
    _one_of_each(state, lib)
    sheets = {p["name"]: counts_of(p, lib) for p in ps}
    public = public_best(state, lib, {n: sheet[0] for n, sheet in sheets.items()})
    events: list[Event] = []
    totals: dict[str, int] = {}
    cards: dict[str, int] = {}
    for p in ps:
        counts = sheets[p["name"]][0]
        parts, lines = _sheet(state, lib, p, sheets[p["name"]], public)
        events += lines
        totals[p["name"]] = sum(parts)
        cards[p["name"]] = sum(counts[t] for t in CARD_COUNTS)
        events.append({"kind": "score_total", "player": p["name"], "parts": parts, "total": totals[p["name"]],
                       "cards": cards[p["name"]]})
    events.append(winner(totals, cards))
    state["scored"] = True
    return copied(events), totals


Sheet = tuple[dict[str, int], list[int], list[str]]      # counts_of: counts, Property points, doubled


def public_best(state: CvState, lib: Library,
                counts: dict[str, dict[str, int]]) -> dict[int, tuple[int, list[str]]]:
    """V-SCORE-4: each public goal's best points on the players' `counts` (by name) and the
    players who reach them (none when the best is 0)."""
    public: dict[int, tuple[int, list[str]]] = {}
    for g in state["public"]:
        sp = lib.special_by_id(g)
        assert sp is not None
        each = {n: goal_points(sp, c)[0] for n, c in counts.items()}
        best = max(each.values())
        public[g] = (best, [n for n, v in each.items() if v == best and best > 0])
    return public


def _sheet(state: CvState, lib: Library, p: Player, sheet: Sheet,
           public: dict[int, tuple[int, list[str]]]) -> tuple[list[int], list[Event]]:
    """One player's sheet, line by line: the counted stacks (V-SCORE-2), the Property
    points (V-SCORE-3), the goals (V-SCORE-4); the points of each line, and its events."""
    counts, props, doubled = sheet
    parts: list[int] = []
    events: list[Event] = [{"kind": "score_player", "player": p["name"], "typed": p["counts"] is not None}]
    for t in lib.counted:
        n = counts[t] + (1 if t in doubled else 0)
        pts = lib.stack_score(n)
        parts.append(pts)
        events.append({"kind": "score_stack", "player": p["name"], "type": t, "cards": counts[t],
                       "counted": n, "points": pts})
    parts.append(counts["property"])
    events.append({"kind": "score_property", "player": p["name"], "cards": counts["property_cards"],
                   "each": props, "points": counts["property"]})
    goals = ([(p["goal"], False)] if p["goal"] is not None else []) + [(g, True) for g in state["public"]]
    for g, is_public in goals:
        event = _goal_line(lib, p, g, is_public, counts, public)
        parts.append(event["scored"])
        events.append(event)
    return parts, events


def _goal_line(lib: Library, p: Player, g: int, is_public: bool, counts: dict[str, int],
               public: dict[int, tuple[int, list[str]]]) -> Event:
    """V-SCORE-4: a goal's line; a public goal scores only for the players best at it."""
    sp = lib.special_by_id(g)
    assert sp is not None
    pts, sets, gparts = goal_points(sp, counts)
    got = pts if not is_public or p["name"] in public[g][1] else 0
    return {"kind": "score_goal", "player": p["name"], "goal": g, "number": g, "name": sp.en,
            "public": is_public, "per": sp.goal["per"] if sp.goal else 0, "sets": sets,
            "parts": gparts, "points": pts, "scored": got,
            "best": public[g][1] if is_public else []}


def winner(totals: dict[str, int], cards: dict[str, int]) -> Event:
    """V-SCORE-5: most points; a tie goes to fewer CV cards; still tied, shared."""
    best = max(totals.values())
    top = [n for n, v in totals.items() if v == best]
    tie = None
    if len(top) > 1:
        fewest = min(cards[n] for n in top)
        top = [n for n in top if cards[n] == fewest]
        tie = "cards" if len(top) == 1 else "shared"
    return {"kind": "score_winner", "players": top, "total": best, "tie": tie}
