"""Events -> text, through the cv catalogue (guide/locale/<lang>/LC_MESSAGES/cv.po; the
English messages are the ones below). English lines show the Ukrainian names of symbols and
card types beside the English ones; `lang="uk"` speaks Ukrainian. Names the table typed stay
as typed, in the nominative: the messages are written around them ("Хід: Оля")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from guide.core.i18n import LANGUAGES, N_, domain, speaking
from guide.core.line import build

from .library import Library
from .model import CHOICE
from .protocol import Event

_, ngettext, pgettext = domain("cv").functions()

# One message per event kind (and the pieces, "_..."), in English; the catalogue has the rest.
MESSAGES: dict[str, str] = {
    "_no_players": N_("No players yet: players NAME NAME [NAME NAME]"),
    "_h_tokens": N_("tokens"),
    "_h_hand": N_("hand"),
    "players_set": N_("Players in turn order: {players}; {bicycle} holds the Bicycle and starts (V-SET-1)"),
    "points_due": N_("The box gives no points for {player}'s {card}: type them from the printed card"
                     " before score, card {player} {typed} --points N (V-SCORE-3)"),
    "turn": N_("Round {round}: {player}'s turn"),
    "rolled": N_("{player} rolls {dice}.{tally} Rerolls left: {rolls_left}"),
    "rerolled": N_("{player} rerolls {places}: {dice}.{tally} Rerolls left: {rolls_left}{psycho}"),
    "_psycho": N_(" (Psychotherapy: a Failure rolled again)"),
    "_frozen": N_("frozen"),
    "_frozen_die": N_("{face}, frozen"),       # a rolled Failure, which no reroll moves (V-DICE-2)
    "_tally": N_(" Failures {failures}{owed}, Happiness {happiness}{free}."),
    "changed": N_("{player}'s {card}: {target} {was} becomes {now}"),
    "took": N_("{player} takes {card}, {type}{how}{where}"),
    "_paid": N_(", paying {paid}"),
    "_happy": N_(", free for three Happiness (Щастя)"),
    "_social": N_(", free as social help"),
    "_hand": N_("; into the hand"),
    "_waiting": N_("; waits for its colour (V-TWO-1)"),
    "_chosen": N_("; {card} goes into {type} (V-TWO-1)"),
    "_gives": N_(" (gives {gives})"),
    "lost": N_("{player} loses {card} ({type}) to {reason}"),
    "_misfortune": N_("misfortune (V-FAIL-1)"),
    "_upkeep": N_("its unpaid upkeep (V-UPKEEP-1)"),
    "upkeep_paid": N_("{player} pays {symbols} for {card} (V-UPKEEP-1)"),
    "in_hand": N_("{player} holds {card}{gives}"),
    "played": N_("{player} plays {card}: {effect}"),
    "_insurance": N_("no card is lost to this misfortune"),
    "_symbols": N_("{symbols} for this turn"),
    "_played_lost": N_("{player} plays {card}: what it gives ({what}) cannot be used in this turn"
                       " ({why}) and is lost (V-EVENT-1)"),
    "_event_lost": N_("{player} plays {card}: what it gives ({what}) cannot be used in this turn"
                      " ({why}) and would be lost (V-EVENT-1)"),
    "_why_turn": N_("it is {turn}'s turn"),
    "_why_help": N_("social help stops play"),
    "_why_owed": N_("{player} owes no card to Failure"),
    "_why_rolls": N_("no roll is left"),
    "_lost_insurance": N_("a card saved from Failure"),
    "_lost_unknown": N_("its symbols"),
    "borrowed": N_("{player} uses {symbol} of {from}'s {card} (Friend from work)"),
    "amended": N_("{player}'s {card}: gives {gives}; points {points}; upkeep {upkeep}; dice {die}"),
    "tokens": N_("{player}'s tokens: {tokens}"),
    "track_laid": N_("Track: {slots}; decks left: {decks}"),
    "track_removed": N_("End of the round: the leftmost track card ({deck}) goes to the box (V-TURN-3)"),
    "track_refilled": N_("Track refilled{drawn}; decks left: {decks}"),
    "_drawn": N_(" with {drawn}"),
    "deck_out": N_("The {deck} deck has run out (V-HELP-1)"),
    "help_due": N_("Social help, in this order: {players} (take {first} CARD --type T --social,"
                   " or pass {first})"),
    "_help_dealt": N_("Social help, in this order: {players} (take {first} CARD --social, or pass"
                      " {first})"),
    "help_passed": N_("{player} takes no social help"),
    "game_over": N_("The game is over: the Old age deck holds fewer cards than there are players"
                    " (V-END-1); score"),
    "counts_set": N_("{player}'s CV: {counts}"),
    "goal_set": N_("{player}'s secret goal: {goal} {name}"),
    "goal_chosen": N_("{player} has chosen a secret goal, on their own page"),
    "public_set": N_("Public goals: {names}"),
    "_public_short": N_("Public goals: {names} ({count} of {of} with {players} players: public names"
                        " them all at once, V-SET-1)"),
    "double_set": N_("{player}'s {type} counts one card more (V-SCORE-2)"),
    "score_player": N_("{player} ({how}):"),
    "_typed": N_("counts typed at the end"),
    "_recorded": N_("the CV recorded through the game"),
    "score_stack": N_("  {type}: {cards}{double} -> {points}"),
    "_double": N_(" + 1 doubled = {counted}"),
    "score_property": N_("  Property (Майно): {cards}, points {sum} = {points}"),
    "score_goal": N_("  {which} goal {goal} {name}: {per} x {sets_math} = {per} x {sets} = {points}{public}"),
    "_secret": N_("Secret"),
    "_public": N_("Public"),
    "_best": N_(" (best: {best}; scores {scored})"),
    "_nobody": N_("nobody"),
    "score_total": N_("{player}: {sum} = {total} ({cards})"),
    "score_winner": N_("Winner: {players} with {total}{tie}"),
    "_score_winners": N_("Winners: {players}, each with {total}{tie}"),
    "_tie_cards": N_(" (tied on points, fewer CV cards, V-SCORE-5)"),
    "_tie_shared": N_(" (tied on points and cards: shared, V-SCORE-5)"),
    "_none": N_("none"),
    "_nothing": N_("nothing"),
}
LANGUAGE_SET = {"en": N_("Language: English, with the Ukrainian names beside"),
                "uk": N_("Language: Ukrainian")}


class Renderer:
    def __init__(self, lib: Library, lang: str = "en"):
        self.lib = lib
        self.lang = lang if lang in LANGUAGES else "en"

    # --- names ------------------------------------------------------------------------
    def msg(self, key: str, **fields: Any) -> str:
        with speaking(self.lang):
            return _(MESSAGES[key]).format(**fields)

    def symbol(self, sym: str) -> str:
        if sym == CHOICE:
            return "/".join(self.lib.symbols[s].name(self.lang) for s in self.lib.plain)
        s = self.lib.symbols[sym]
        return s.uk if self.lang == "uk" else f"{s.en} ({s.uk})"

    def symbols(self, syms: list[str], empty: str = "_none") -> str:
        if not syms:
            return self.msg(empty)
        counted = Counter(syms).items()
        with speaking(self.lang):
            return ", ".join(self.symbol(s) if n == 1 else
                             pgettext("symbols", "{n} {symbol}").format(n=n, symbol=self.symbol(s))
                             for s, n in counted)

    def type(self, t: str) -> str:
        x = self.lib.types[t]
        return x.uk if self.lang == "uk" else f"{x.en} ({x.uk})"

    def deck(self, d: str) -> str:
        return next((x.name(self.lang) for x in self.lib.decks if x.id == d), d)

    def dice(self, dice: list[str]) -> str:
        return ", ".join(self.msg("_frozen_die", face=f"{i} {self.symbol(s)}") if s == "failure" else
                         f"{i} {self.symbol(s)}" for i, s in enumerate(dice, 1))

    def decks(self, decks: dict[str, int]) -> str:
        with speaking(self.lang):
            return ", ".join(pgettext("deck left", "{deck} {count}").format(deck=self.deck(d), count=n)
                             for d, n in decks.items())

    def cards(self, n: int) -> str:
        with speaking(self.lang):
            return ngettext("{n} card", "{n} cards", n).format(n=n)

    def points(self, n: int) -> str:
        with speaking(self.lang):
            return ngettext("{n} point", "{n} points", n).format(n=n)

    # --- events -----------------------------------------------------------------------
    def render(self, event: Event) -> str | None:
        kind = event.get("kind", "")
        if kind == "lang_set":
            with speaking(self.lang):
                return _(LANGUAGE_SET.get(event["lang"], LANGUAGE_SET["en"]))
        prepare = _PREPARE.get(kind)
        if prepare is None and kind not in MESSAGES:
            return None
        fields = dict(event)
        number = event.get("number")
        if number is not None and (self.lang == "uk" or number in self.lib.box):
            name = self.lib.card_name(number, self.lang)     # the card file's, else the seed's
            if name is not None:
                fields["card"] = fields["name"] = name
        if prepare is not None:
            fields.update(prepare(self, event))
        if kind == "help_due" and event.get("dealt"):      # the card file: no --type to type
            kind = "_help_dealt"
        if kind == "score_winner" and len(event["players"]) > 1:     # a shared win (V-SCORE-5)
            kind = "_score_winners"
        if kind == "public_set" and event.get("of"):       # fewer than players - 1 (V-SET-1)
            kind = "_public_short"
        if kind == "played" and event.get("lost"):         # V-EVENT-1: played where unusable
            kind = "_played_lost"
        return self.msg(kind, **fields)

    def event_lost(self, event: Event) -> str:
        """V-EVENT-1, before accepting: what the event would give and why it would be lost."""
        fields = {**event, **_played(self, event)}
        fields["card"] = self.lib.card_name(event.get("number"), self.lang) or event["card"]
        return self.msg("_event_lost", **fields)

    def tally(self, e: Event) -> str:
        with speaking(self.lang):
            owed = ngettext(" (costs {owed} active card, V-FAIL-1)", " (costs {owed} active cards, V-FAIL-1)",
                            e["owed"]).format(owed=e["owed"]) if e["owed"] else ""
            free = ngettext(" (takes {free} card free, V-HAPPY-1)", " (takes {free} cards free, V-HAPPY-1)",
                            e["free"]).format(free=e["free"]) if e["free"] else ""
        return self.msg("_tally", failures=e["failures"], owed=owed, happiness=e["happiness"], free=free)


def _rolled(r: Renderer, e: Event) -> dict[str, Any]:
    return {"dice": r.dice(e["faces"]), "tally": r.tally(e)}


def _rerolled(r: Renderer, e: Event) -> dict[str, Any]:
    places = ", ".join(str(p) for p in e["positions"]) + (f" +{len(e['added'])}" if e["added"] else "")
    return {"dice": r.dice(e["faces"]), "tally": r.tally(e), "places": places,
            "psycho": r.msg("_psycho") if e["psychotherapy"] else ""}


def _changed(r: Renderer, e: Event) -> dict[str, Any]:
    return {"was": r.symbol(e["was"]), "now": r.symbol(e["now"])}


def _took(r: Renderer, e: Event) -> dict[str, Any]:
    how = (r.msg("_social") if e["social"] else r.msg("_happy") if e["happiness"] else
           r.msg("_paid", paid=r.symbols(e["paid"])) if e["paid"] else "")
    if e["gives"]:
        how += r.msg("_gives", gives=r.symbols(e["gives"]))
    where = r.msg("_hand") if e["type"] == "event" else r.msg("_waiting") if e["waiting"] else ""
    for c in e.get("choices", []):       # V-TWO-1: the stack its owner chose for a waiting card
        where += r.msg("_chosen", card=c["card"], type=r.type(c["type"]))
    kind = r.type(e["type"]) + (" / " + r.type(e["also"]) if e["also"] else "")
    return {"type": kind, "how": how, "where": where}


def _lost(r: Renderer, e: Event) -> dict[str, Any]:
    return {"type": r.type(e["type"]), "reason": r.msg("_" + e["reason"])}


def _played(r: Renderer, e: Event) -> dict[str, Any]:
    """What a played event does (`effect`); played where it is lost (V-EVENT-1), what it
    gives (`what`) and why the turn under way cannot use it (`why`)."""
    lost = e.get("lost")
    if e["effect"] == "insurance":
        said = r.msg("_lost_insurance" if lost else "_insurance")
    elif e["effect"] == "extra_dice":
        with speaking(r.lang):
            said = (ngettext("{dice} more die", "{dice} more dice", e["count"]) if lost else
                    ngettext("{dice} more die for the next roll", "{dice} more dice for the next roll",
                             e["count"])).format(dice=e["count"])
    elif lost:
        said = r.symbols(e["symbols"]) if e["symbols"] else r.msg("_lost_unknown")
    else:
        said = r.msg("_symbols", symbols=r.symbols(e["symbols"]))
    if lost:
        return {"what": said, "why": r.msg("_why_" + lost["why"], turn=lost.get("turn", ""),
                                           player=e["player"])}
    return {"effect": said}


def _list(key: str) -> Callable[[Renderer, Event], dict[str, Any]]:
    return lambda r, e: {key: r.symbols(e[key])}


def _gives_opt(r: Renderer, e: Event) -> dict[str, Any]:
    return {"gives": r.msg("_gives", gives=r.symbols(e["gives"])) if e["gives"] else ""}


def _amended(r: Renderer, e: Event) -> dict[str, Any]:
    return {"gives": r.symbols(e["gives"], "_nothing"), "upkeep": r.symbols(e["upkeep"]),
            "points": r.msg("_none") if e["points"] is None else e["points"]}


def _track(r: Renderer, e: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"decks": r.decks(e["decks"])}
    if "cards" in e:            # a dealt track (the card file): the cards by place, or those drawn
        named = [r.lib.shown(c, r.lang) for c in e["cards"]]
        if "slots" in e:
            out["slots"] = ", ".join(f"{i} {n}" for i, n in enumerate(named, 1))
        else:
            out["drawn"] = r.msg("_drawn", drawn=", ".join(named)) if named else ""
        return out
    if "slots" in e:
        out["slots"] = ", ".join(r.deck(d) for d in e["slots"])
    if "drawn" in e:
        counted: Counter[str] = Counter(e["drawn"])
        with speaking(r.lang):
            drawn = ", ".join(pgettext("drawn", "{count} {deck}").format(count=n, deck=r.deck(d))
                              for d, n in counted.items())
        out["drawn"] = r.msg("_drawn", drawn=drawn) if drawn else ""
    return out


def _counts(r: Renderer, counts: dict[str, int]) -> str:
    """`cv NAME health=4 ...` as the table reads it back: in English the keys it typed, in
    Ukrainian the seed's names (the keys stay the command's words)."""
    if r.lang == "en":
        return " ".join(f"{k}={v}" for k, v in counts.items())
    with speaking(r.lang):
        named = {"property_cards": pgettext("count", "Property cards"),
                 "property": pgettext("count", "Property points"), "tokens": pgettext("count", "tokens")}
        return ", ".join(f"{named.get(k) or r.type(k)}: {v}" for k, v in counts.items())


def _public_set(r: Renderer, e: Event) -> dict[str, Any]:
    names = [f"{g} {sp.name(r.lang)}" if (sp := r.lib.special_by_id(g)) else str(g) for g in e["goals"]]
    return {"names": ", ".join(names) or r.msg("_none"), "count": len(names),
            "players": e.get("of", 0) + 1}


def _score_stack(r: Renderer, e: Event) -> dict[str, Any]:
    double = r.msg("_double", counted=e["counted"]) if e["counted"] != e["cards"] else ""
    return {"type": r.type(e["type"]), "double": double, "cards": r.cards(e["cards"])}


def _score_property(r: Renderer, e: Event) -> dict[str, Any]:
    return {"sum": " + ".join(str(x) for x in e["each"]) if e["each"] else str(e["points"]),
            "cards": r.cards(e["cards"])}


def _count_name(r: Renderer, count: str) -> str:
    """What a goal counts, in the table's language: a card type, or the tokens (77)."""
    if count in r.lib.types:
        return r.lib.types[count].name(r.lang)
    return r.msg("_h_tokens") if count == "tokens" else count


def _score_goal(r: Renderer, e: Event) -> dict[str, Any]:
    terms = [_count_name(r, part["count"])
             + (f" {part['have']} / {part['need']}" if part["need"] != 1 else f" {part['have']}")
             for part in e["parts"]]
    math = terms[0]
    if len(terms) > 1:          # the least of the counts: "min(...)"; Ukrainian says it in words
        with speaking(r.lang):
            least = (pgettext("score, two", "min({terms})") if len(terms) == 2
                     else pgettext("score", "min({terms})"))
        math = least.format(terms=", ".join(terms))
    best = ", ".join(e["best"]) or r.msg("_nobody")          # a public goal's best players
    public = r.msg("_best", best=best, scored=e["scored"]) if e["public"] else ""
    return {"which": r.msg("_public" if e["public"] else "_secret"), "sets_math": math, "public": public}


def _score_total(r: Renderer, e: Event) -> dict[str, Any]:
    with speaking(r.lang):
        cards = ngettext("{n} CV card", "{n} CV cards", e["cards"]).format(n=e["cards"])
    return {"sum": " + ".join(str(x) for x in e["parts"]), "total": r.points(e["total"]), "cards": cards}


def _score_winner(r: Renderer, e: Event) -> dict[str, Any]:
    tie = r.msg("_tie_" + e["tie"]) if e["tie"] else ""
    return {"players": ", ".join(e["players"]), "tie": tie, "total": r.points(e["total"])}


_PREPARE: dict[str, Callable[[Renderer, Event], dict[str, Any]]] = {
    "players_set": lambda r, e: {"players": ", ".join(e["players"])},
    "points_due": lambda r, e: {"typed": build([r.lib.shown(e, r.lang)])},   # quoted as a line
    "rolled": _rolled,
    "rerolled": _rerolled,
    "changed": _changed,
    "took": _took,
    "lost": _lost,
    "upkeep_paid": _list("symbols"),
    "in_hand": _gives_opt,
    "played": _played,
    "borrowed": lambda r, e: {"symbol": r.symbol(e["symbol"])},
    "amended": _amended,
    "tokens": _list("tokens"),
    "track_laid": _track,
    "track_refilled": _track,
    "track_removed": lambda r, e: {"deck": r.deck(e["deck"]) if e.get("card") is None else
                                   f"{r.lib.shown(e['card'], r.lang)}, {r.deck(e['deck'])}"},
    "deck_out": lambda r, e: {"deck": r.deck(e["deck"])},
    # the line to type names the first in the order, who chooses now (quoted as a line quotes it)
    "help_due": lambda r, e: {"players": ", ".join(e["players"]), "first": build(e["players"][:1])},
    "counts_set": lambda r, e: {"counts": _counts(r, e["counts"])},
    "public_set": _public_set,
    "score_player": lambda r, e: {"how": r.msg("_typed" if e["typed"] else "_recorded")},
    "double_set": lambda r, e: {"type": r.type(e["type"])},
    "score_stack": _score_stack,
    "score_property": _score_property,
    "score_goal": _score_goal,
    "score_total": _score_total,
    "score_winner": _score_winner,
}


# Each kind of event CV tells (the messages' own keys; "_..." are pieces), said through a
# Renderer of the table's card file in the language CV speaks now.
KINDS = ("lang_set", *(k for k in MESSAGES if not k.startswith("_")), *_PREPARE)
