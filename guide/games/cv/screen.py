"""CV at the table: the prompt, the bottom toolbar, `status`, `track`, the TV view model and
`guide state`. Names in the players' sight use the table's language."""

from __future__ import annotations

from typing import Any

from guide.core import turns
from guide.core.errors import RuleError
from guide.core.i18n import domain, speaking
from guide.core.result import Result
from guide.core.text import clip, shown_path, toolbar_width

from . import score
from .library import Library
from .model import (
    CHOICE,
    Card,
    CvState,
    CvTable,
    Player,
    Turn,
    active,
    current,
    cv_cards,
    taken_now,
    turn_player,
)
from .pool import failures
from .render import Renderer
from .track import track_cards

_, ngettext, pgettext = domain("cv").functions()


def icon(lib: Library, sym: str) -> str:
    return "*" if sym == CHOICE else (lib.symbols[sym].icon or lib.symbols[sym].en[0])


def prompt(t: CvTable) -> str:
    s = t.state
    if s["over"]:
        return _("cv (game over: score)> ")
    if s["turn"] is None:
        return "cv> "
    who, round_ = current(s)[1]["name"], s["order"]["round"]
    if s["track"] is not None and s["track"]["help"]:
        return _("cv (round {round}: social help, {player})> ").format(
            round=round_, player=s["track"]["help"][0])
    return _("cv (round {round}: {player})> ").format(round=round_, player=who)


def toolbar(t: CvTable) -> str:
    """One line within the toolbar's width (guide.core.text.clip): whose turn, the dice
    (frozen marked), rerolls left, Failures and Happiness, tokens, the track."""
    s, lib = t.state, t.library
    turn = s["turn"]
    if turn is None:
        return " " + _("no players yet: players NAME NAME [NAME NAME]")
    p = current(s)[1]
    # V-END-1: once the game is over no turn is under way, whatever the last one left
    parts = [" " + _("the game is over (V-END-1): score")] if s["over"] else _turn(lib, turn, p)
    line = "  ".join(parts)
    if s["track"] is not None:
        d = s["track"]["decks"]
        decks = _("decks {counts}").format(counts="/".join(str(d[x.id]) for x in lib.decks))
        # the decks' sizes whole or not at all (status and the TV say them): cut, "decks
        # 16/2…" read as a size; a Ukrainian turn with its words is often that wide
        if len(line) + len("  " + decks) <= toolbar_width():
            line += "  " + decks
    return clip(line)


def _turn(lib: Library, turn: Turn, p: Player) -> list[str]:
    """The toolbar's turn under way: its player, the dice or "to roll", tokens, cards taken."""
    parts = [f" {p['name']}"]
    if turn["rolled"]:
        dice = " ".join(("·" if used else "") + icon(lib, d) for d, used in zip(turn["dice"], turn["used"],
                                                                                 strict=True))
        parts.append(_("{dice}  rr {rolls_left}  F{failures}").format(
            dice=dice, rolls_left=turn["rolls_left"], failures=failures(turn, p)))
    else:
        parts.append(_("to roll"))
    tokens = "".join(icon(lib, x["symbol"]) for x in p["tokens"] if not x["used"])
    if tokens:
        parts.append(_("tok {tokens}").format(tokens=tokens))
    parts.append(_("took {taken}/2").format(taken=turn["taken"]))
    return parts


def track_lines(t: CvTable) -> list[str]:
    s, lib = t.state, t.library
    tr = s["track"]
    if tr is None and lib.card_files and not lib.dealt():
        # a card file as `guide new box` writes it, not filled yet: no track to deal from it
        return [_("The track is not kept: {files} holds no Youth, Maturity or Old age card yet;"
                  " fill them from your box (docs/cv.md, \"The table's own cards\"), or type"
                  " the decks' sizes: track youth=N maturity=N old_age=N").format(
                      files=", ".join(map(shown_path, lib.card_files)))]
    if tr is None:
        return [_("The track is not kept: track youth=N maturity=N old_age=N")]
    r = Renderer(lib, t.language)
    slots = ", ".join(f"{i} {r.deck(d)}" for i, d in enumerate(tr["slots"], 1) if d is not None)
    return [r.msg("track_laid", slots=slots or "-", decks=r.decks(tr["decks"]))]


WIDTH = 80          # status fits an 80x24 terminal: no line is longer


def fold_lines(head: str, items: list[str], width: int = WIDTH) -> list[str]:
    """`head` and the items joined by ", ", broken into lines of at most `width` (an item
    longer than a line is clipped)."""
    out: list[str] = []
    line = head
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if line.strip() and len(line) + 1 + len(piece) > width:
            out.append(line)
            line = "  " + piece
        else:
            line = f"{line} {piece}" if line else piece
    out.append(line)
    return [clip(x, width) for x in out]


def status(t: CvTable) -> Result:
    """`status` at 80x24: whose turn, the dice (frozen marked) and the Failures and
    Happiness they make, a table of the CVs with a column per player (each stack's count
    and active card, the two-coloured cards waiting for a stack, the cards taken this turn,
    tokens, hand, points once scored), the track and its decks, and social help only when
    someone is entitled to it (V-HELP-1)."""
    from .dice import tally

    s, lib, lang = t.state, t.library, t.language
    r = Renderer(lib, lang)
    res = Result(title="CV")
    turn = s["turn"]
    with speaking(lang):
        if turn is not None and not s["over"]:
            cur = current(s)[1]
            res.add(r.msg("turn", round=s["order"]["round"], player=cur["name"]))
            if turn["rolled"]:
                frozen = r.msg("_frozen")
                dice = [f"{i} {lib.symbols[d].name(lang)}" + (f" ({frozen})" if d == "failure" else "")
                        + ("*" if used else "") for i, (d, used) in enumerate(zip(turn["dice"], turn["used"],
                                                                                   strict=True), 1)]
                res.lines += fold_lines(_("Dice:"), dice)
                got = tally(turn, cur, lib)
                owed = ngettext("owes {n} card", "owes {n} cards", got["owed"]).format(n=got["owed"])
                free = ngettext("{n} card free", "{n} cards free", got["free"]).format(n=got["free"])
                res.add(clip(_("Rerolls left {rolls}; Failures {failures}{owed}; Happiness {happiness}{free}"
                               "{used}").format(
                    rolls=turn["rolls_left"], failures=got["failures"], happiness=got["happiness"],
                    owed=f" ({owed})" if got["owed"] else "", free=f" ({free})" if got["free"] else "",
                    used=_("; * used") if any(turn["used"]) else ""), WIDTH))
        elif s["over"]:
            res.add(_("Game over"))
        if not s["players"]:
            res.add(r.msg("_no_players"))
            return res
        res.headers, res.rows = _cv_table(t, lang)
        tr = s["track"]
        if tr is not None:
            places = [f"{o.place} " + (lib.shown(o.card, lang) if o.card else r.deck(o.deck))
                      for o in track_cards(tr)]
            res.notes += fold_lines(_("Track:"), places or ["-"])
            res.notes += fold_lines(_("Decks left:"), [pgettext("deck left", "{deck} {count}").format(
                deck=r.deck(d), count=n) for d, n in tr["decks"].items()])
            if tr["help"]:
                res.notes += fold_lines(_("Social help (V-HELP-1), in this order:"), list(tr["help"]))
    return res


def _cv_table(t: CvTable, lang: str) -> tuple[list[str], list[list[Any]]]:
    """The CVs with a column per player, every cell clipped so that the table fits 80
    columns with four players."""
    s, lib = t.state, t.library
    players = s["players"]
    rows: list[list[Any]] = [[lib.types[x].name(lang), *(_stack_cell(lib, p["cv"][x], lang) for p in players)]
                             for x in lib.stacks]
    rows += _extra_rows(s, lib, _scores(s, lib), lang)
    heads = [p["name"] + (_(" (B)") if p["name"] == s["bicycle"] else "") for p in players]
    side = max(len(row[0]) for row in rows)
    cell = max(6, min(24, (WIDTH - side - 2 * len(players)) // max(len(players), 1)))
    return (["", *[clip(h, cell) for h in heads]],
            [[row[0], *[c.fit(cell) if isinstance(c, TokenCell) else clip(c, cell) for c in row[1:]]]
             for row in rows])


def _stack_cell(lib: Library, cards: list[Card], lang: str) -> str:
    """A stack's count and its active card (the top one), or "-"."""
    return f"{len(cards)}: {lib.shown(cards[-1], lang)}" if cards else "-"


def _extra_rows(s: CvState, lib: Library, totals: dict[str, int] | None, lang: str) -> list[list[Any]]:
    """The rows under the stacks, a cell per player: the cards waiting for a stack, those
    taken this turn, tokens, hand, points; waiting, taken and points only when someone has one."""
    r = Renderer(lib, lang)
    players = s["players"]
    points = [None if totals is None else totals.get(p["name"]) for p in players]
    extra: dict[str, list[Any]] = {
        _("waiting"): [_waiting_cell(lib, p, lang) for p in players],
        _("taken now"): [_taken_cell(s, lib, p, lang) for p in players],
        r.msg("_h_tokens"): [_tokens_cell(lib, p, lang) for p in players],
        r.msg("_h_hand"): [str(len(p["hand"])) for p in players],
        _("points"): ["-" if n is None else r.points(n) for n in points]}
    optional = (_("waiting"), _("taken now"), _("points"))        # only when someone has one
    return [[label, *cells] for label, cells in extra.items()
            if label not in optional or any(c != "-" for c in cells)]


def _waiting_cell(lib: Library, p: Player, lang: str) -> str:
    """The two-coloured cards waiting for a stack (V-TWO-1), each with its colours."""
    waiting = ", ".join(lib.shown(c, lang) + " (" + "/".join(lib.types[x].name(lang)[:3]
                                                                   for x in c["types"]) + ")"
                        for c in p["waiting"])
    return waiting or "-"


def _taken_cell(s: CvState, lib: Library, p: Player, lang: str) -> str:
    """The cards the player whose turn it is took this turn, not yet in the CV (V-TURN-1)."""
    return ", ".join(lib.shown(c, lang) for c in taken_now(s, p)) or "-"


def _tokens_cell(lib: Library, p: Player, lang: str) -> str:
    """A player's tokens: their names at a Ukrainian table where they fit, else icons."""
    if not p["tokens"]:
        return "-"
    words = Renderer(lib, "uk").symbols([k["symbol"] for k in p["tokens"]]) if lang == "uk" else ""
    icons = " ".join(icon(lib, k["symbol"]) for k in p["tokens"])
    return TokenCell(words, icons)


class TokenCell(str):
    """A player's tokens in the CV table: their names where they fit the column (a
    Ukrainian table reads "Гроші ×2", not "$ $"), else their icons."""

    icons: str

    def __new__(cls, words: str, icons: str) -> TokenCell:
        cell = super().__new__(cls, words or icons)
        cell.icons = icons
        return cell

    def fit(self, width: int) -> str:
        return str(self) if len(self) <= width else clip(self.icons, width)


def _scores(s: CvState, lib: Library) -> dict[str, int] | None:
    if not s["scored"]:
        return None
    try:
        return score.score(CvState(**s), lib)[1]
    except RuleError:
        return None


def public_state(t: CvTable) -> dict[str, Any]:
    """`guide state --game cv`, exactly the rules page's shape."""
    s, lib = t.state, t.library
    turn = s["turn"]
    totals = _scores(s, lib)
    return {
        "schema": 1, "game": "cv",
        "turn": turns.current(s["order"]),
        "dice": list(turn["dice"]) if turn is not None else [],
        "rolls_left": turn["rolls_left"] if turn is not None else 0,
        "players": [{"name": p["name"], "cv": {x: [c["name"] for c in p["cv"][x]] for x in lib.stacks},
                     "score": totals.get(p["name"]) if totals is not None else None} for p in s["players"]],
    }


def view(t: CvTable) -> dict[str, Any]:
    """The TV page: public only (no secret goal, no hand's cards, only how many)."""
    s, lib, lang = t.state, t.library, t.language
    turn = s["turn"]
    # with a 43 Mnemonics master's token: any one plain symbol, by its icon and their names
    sym = {k: symbol(lib, k, lang) for k in (*lib.symbols, CHOICE)}
    totals = _scores(s, lib)
    return {
        "game": "cv", "title": "CV", "lang": lang, "over": s["over"],
        "round": s["order"]["round"] if turn is not None else None,
        "turn": p["name"] if (p := turn_player(s)) is not None else None,
        "dice": [{**sym[d], "frozen": d == "failure", "used": u}
                 for d, u in zip(turn["dice"], turn["used"], strict=True)] if turn is not None else [],
        "rolls_left": turn["rolls_left"] if turn is not None else 0,
        "players": [_view_player(s, lib, p, totals, lang) for p in s["players"]],
        "track": _view_track(t, lang),
        "public_goals": [{"id": g, "name": sp.name(lang)} for g in s["public"]
                         if (sp := lib.special_by_id(g)) is not None],
        "said": _said(s, lib, lang),
        "symbols": list(sym.values()),
        "words": words(lang),
    }


def _view_player(s: CvState, lib: Library, p: Player, totals: dict[str, int] | None,
                 lang: str) -> dict[str, Any]:
    """One player on the TV page: the stacks with their active cards, how many tokens and
    cards in hand, the cards waiting for a stack and those taken this turn, the score."""
    return {
        "name": p["name"], "bicycle": p["name"] == s["bicycle"], "cards": cv_cards(p),
        "stacks": {x: {"name": lib.types[x].name(lang), "count": len(p["cv"][x]),
                       "active": lib.shown(active(p)[x], lang) if p["cv"][x] else None}
                   for x in lib.stacks},
        "tokens": [x["symbol"] for x in p["tokens"]], "hand": len(p["hand"]),
        "waiting": waiting(lib, p, lang),
        "taken": [lib.shown(c, lang) for c in taken_now(s, p)],
        "score": totals.get(p["name"]) if totals is not None else None,
        "said": _said_player(Renderer(lib, lang), p, totals),
    }


def symbol(lib: Library, sym: str, lang: str) -> dict[str, str]:
    """A symbol as the pages show it: its id, name and icon (a 43 choice token's: `*`)."""
    if sym in lib.symbols:
        return {"id": sym, "name": lib.symbols[sym].name(lang), "icon": lib.symbols[sym].icon}
    return {"id": sym, "name": Renderer(lib, lang).symbol(sym), "icon": "*"}


def waiting(lib: Library, p: Player, lang: str) -> list[dict[str, Any]]:
    """The player's two-coloured cards waiting for a stack (V-TWO-1), with their types."""
    return [{"name": lib.shown(c, lang), "types": [lib.types[x].name(lang) for x in c["types"]]}
            for c in p["waiting"]]


def _view_track(t: CvTable, lang: str) -> dict[str, Any] | None:
    """The track on the TV page: its places, the decks and what is left of them, social help."""
    s, lib = t.state, t.library
    if s["track"] is None:
        return None
    return {
        "slots": [d for d in s["track"]["slots"] if d is not None], "decks": dict(s["track"]["decks"]),
        "help": list(s["track"]["help"]),
        "places": _places(t, lang),
        "deck_names": [{"id": d.id, "name": d.name(lang), "left": s["track"]["decks"][d.id]}
                       for d in lib.decks]}


def _places(t: CvTable, lang: str) -> list[dict[str, Any]]:
    """The track, left to right: each card's place and deck, and the card when the
    companion knows it (track.track_cards), with its type and cost."""
    lib = t.library
    r = Renderer(lib, lang)
    out: list[dict[str, Any]] = []
    for offer in track_cards(t.state["track"]):
        entry: dict[str, Any] = {"place": offer.place, "deck": r.deck(offer.deck), "card": None}
        if offer.card is not None:
            c = offer.card
            entry.update(card=lib.shown(c, lang),
                         type=" / ".join(lib.types[x].name(lang) for x in (c["types"] or [c["type"]])),
                         cost=r.symbols(c["cost"]) if c["cost"] else r.msg("_nothing"))
        out.append(entry)
    return out


def words(lang: str) -> dict[str, str]:
    """The pages' own words (the TV's and the seats'), in the table's language: the page
    shows them as they come (guide/games/cv/view/*.html)."""
    with speaking(lang):
        return {
            "round": _("Round"), "track": _("The track"), "decks": _("Decks"),
            "place": _("place"), "left": _("left"), "unknown": _("a card of the table's"),
            "cost": _("cost"), "public_goals": _("Public goals"), "players": _("The CVs"),
            "tokens": _("tokens"), "hand": _("in hand"), "waiting": _("waiting for a stack"),
            "taken": _("taken this turn"), "active": _("active"), "no_cards": _("no cards"),
            "help": _("Social help"), "bicycle": _("Bicycle"), "game_over": _("Game over"),
            "help_yours": _("Social help: take one track card free, or pass (V-HELP-1)"),
            "your_goal": _("Your secret goal"), "only_you": _("only you see it"),
            "no_goal": _("Choose the goal card you were dealt:"),
            "your_dice": _("Your dice"), "tap_dice": _("Tap the dice to reroll, then Reroll."),
            "frozen": _("frozen"), "used": _("used"), "reroll": _("Reroll"),
            "reroll_none": _("Tap dice first"), "rerolls_left": _("rerolls left"),
            "failures": _("Failures"), "owed": _("cards owed to Failure"),
            "happiness": _("Happiness"), "free": _("free cards"),
            "your_tokens": _("Your tokens"), "extra": _("this turn's symbols"),
            "your_cv": _("Your CV"), "your_hand": _("Your hand"), "your_moves": _("Your moves"),
            "your_turn": _("Your turn!"), "waiting_turn": _("Waiting for {player}"),
            "can_pay": _("you can pay it"), "can_happy": _("free for three Happiness"),
            "cannot_pay": _("not now"), "nothing": _("nothing"),
            "typed_take": _("The track's cards are the table's own: type take at the keyboard."),
        }


def _said(s: CvState, lib: Library, lang: str) -> dict[str, str]:
    """The page's sentences, in the table's language (the page shows them as they come)."""
    turn, tr, round_ = s["turn"], s["track"], s["order"]["round"]
    goals = [sp.name(lang) for g in s["public"] if (sp := lib.special_by_id(g)) is not None]
    with speaking(lang):
        who = _("Game over") if s["over"] else "" if turn is None else _(
            "Round {round}: {player}, rerolls left {rolls_left}").format(
            round=round_, player=current(s)[1]["name"], rolls_left=turn["rolls_left"]) \
            if turn["rolled"] else _("Round {round}: {player} to roll").format(
                round=round_, player=current(s)[1]["name"])
        slots = [d for d in tr["slots"] if d is not None] if tr is not None else []
        track = "" if tr is None else ngettext("Track: {n} card; decks {decks}",
                                               "Track: {n} cards; decks {decks}", len(slots)).format(
            n=len(slots), decks=" / ".join(str(n) for n in tr["decks"].values()))
        public = _("Public goals: {goals}").format(goals=", ".join(goals)) if goals else ""
    return {"who": who, "track": track + ("  " + public if public else "")}


def _said_player(r: Renderer, p: Player, totals: dict[str, int] | None) -> str:
    """A player's line on the TV: their points once scored, else how many cards their CV holds."""
    if totals is None or totals.get(p["name"]) is None:
        return r.cards(cv_cards(p))
    return r.points(totals[p["name"]])

