"""Events -> text, from the message catalogue (cards/cv/messages.yaml). English lines show
the Ukrainian names of symbols and card types beside the English ones; `lang="uk"` gives
the Ukrainian catalogue."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from .library import Library
from .model import CHOICE

Event = dict[str, Any]


class Renderer:
    def __init__(self, lib: Library, lang: str = "en"):
        self.lib = lib
        self.lang = lang if lang in ("en", "uk") else "en"

    # --- names ------------------------------------------------------------------------
    def msg(self, key: str, **fields: Any) -> str:
        entry = self.lib.messages.get(key, {})
        template = entry.get(self.lang) or entry.get("en") or key
        return template.format(**fields)

    def symbol(self, sym: str) -> str:
        if sym == CHOICE:
            return "/".join(self.lib.symbols[s].name(self.lang) for s in self.lib.plain)
        s = self.lib.symbols[sym]
        return s.uk if self.lang == "uk" else f"{s.en} ({s.uk})"

    def symbols(self, syms: list[str]) -> str:
        if not syms:
            return self.msg("_none")
        counted = Counter(syms).items()
        return ", ".join(self.symbol(s) if n == 1 else f"{n} {self.symbol(s)}" for s, n in counted)

    def type(self, t: str) -> str:
        x = self.lib.types[t]
        return x.uk if self.lang == "uk" else f"{x.en} ({x.uk})"

    def deck(self, d: str) -> str:
        return next((x.name(self.lang) for x in self.lib.decks if x.id == d), d)

    def dice(self, dice: list[str]) -> str:
        frozen = self.msg("_frozen")
        return ", ".join(f"{i} {self.symbol(s)}" + (f" {frozen}" if s == "failure" else "")
                         for i, s in enumerate(dice, 1))

    def decks(self, decks: dict[str, int]) -> str:
        return ", ".join(f"{self.deck(d)} {n}" for d, n in decks.items())

    # --- events -----------------------------------------------------------------------
    def render(self, event: Event) -> str | None:
        kind = event.get("kind", "")
        prepare = _PREPARE.get(kind)
        if prepare is None and kind not in self.lib.messages:
            return None
        fields = dict(event)
        if event.get("number") is not None and self.lang == "uk":
            sp = self.lib.special_by_id(event["number"])
            if sp is not None:
                fields["card"] = fields["name"] = sp.uk
        if prepare is not None:
            fields.update(prepare(self, event))
        return self.msg(kind, **fields)

    def tally(self, e: Event) -> str:
        owed = self.msg("_owed", owed=e["owed"]) if e["owed"] else ""
        free = self.msg("_free", free=e["free"]) if e["free"] else ""
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
    if e["social"]:
        how = r.msg("_social")
    elif e["happiness"]:
        how = r.msg("_happy")
    else:
        how = r.msg("_paid", paid=r.symbols(e["paid"])) if e["paid"] else ""
    if e["gives"]:
        how += r.msg("_gives", gives=r.symbols(e["gives"]))
    if e["type"] == "event":
        where = r.msg("_hand")
    elif e["waiting"]:
        where = r.msg("_waiting")
    else:
        where = ""
    kind = r.type(e["type"]) + (" / " + r.type(e["also"]) if e["also"] else "")
    return {"type": kind, "how": how, "where": where}


def _lost(r: Renderer, e: Event) -> dict[str, Any]:
    return {"type": r.type(e["type"]), "reason": r.msg("_" + e["reason"])}


def _played(r: Renderer, e: Event) -> dict[str, Any]:
    if e["effect"] == "insurance":
        effect = r.msg("_insurance")
    elif e["effect"] == "extra_dice":
        effect = r.msg("_extra_dice", dice=e["count"])
    else:
        effect = r.msg("_symbols", symbols=r.symbols(e["symbols"]))
    return {"effect": effect}


def _list(key: str) -> Callable[[Renderer, Event], dict[str, Any]]:
    return lambda r, e: {key: r.symbols(e[key])}


def _gives_opt(r: Renderer, e: Event) -> dict[str, Any]:
    return {"gives": r.msg("_gives", gives=r.symbols(e["gives"])) if e["gives"] else ""}


def _amended(r: Renderer, e: Event) -> dict[str, Any]:
    none = r.msg("_none")
    return {"gives": r.symbols(e["gives"]), "upkeep": r.symbols(e["upkeep"]),
            "points": none if e["points"] is None else e["points"]}


def _track(r: Renderer, e: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"decks": r.decks(e["decks"])}
    if "slots" in e:
        out["slots"] = ", ".join(r.deck(d) for d in e["slots"])
    if "drawn" in e:
        counted: Counter[str] = Counter(e["drawn"])
        drawn = ", ".join(f"{n} {r.deck(d)}" for d, n in counted.items())
        out["drawn"] = r.msg("_drawn", drawn=drawn) if drawn else ""
    return out


def _public_set(r: Renderer, e: Event) -> dict[str, Any]:
    names = []
    for g in e["goals"]:
        sp = r.lib.special_by_id(g)
        names.append(f"{g} {sp.name(r.lang)}" if sp else str(g))
    return {"names": ", ".join(names) or r.msg("_none")}


def _cards(r: Renderer, n: int) -> str:
    return r.msg("_card" if n == 1 else "_cards", n=n)


def _score_stack(r: Renderer, e: Event) -> dict[str, Any]:
    double = r.msg("_double", counted=e["counted"]) if e["counted"] != e["cards"] else ""
    return {"type": r.type(e["type"]), "double": double, "cards": _cards(r, e["cards"])}


def _score_property(r: Renderer, e: Event) -> dict[str, Any]:
    return {"sum": " + ".join(str(x) for x in e["each"]) if e["each"] else str(e["points"]),
            "cards": _cards(r, e["cards"])}


def _score_goal(r: Renderer, e: Event) -> dict[str, Any]:
    terms = []
    for part in e["parts"]:
        name = r.lib.types[part["count"]].name(r.lang) if part["count"] in r.lib.types else part["count"]
        have = f"{part['have']} / {part['need']}" if part["need"] != 1 else str(part["have"])
        terms.append(f"{name} {have}")
    math = f"min({', '.join(terms)})" if len(terms) > 1 else terms[0]
    public = ""
    if e["public"]:
        best = ", ".join(e["best"]) or r.msg("_nobody")
        public = r.msg("_best", best=best, scored=e["scored"])
    return {"which": r.msg("_public" if e["public"] else "_secret"), "sets_math": math, "public": public}


def _score_total(r: Renderer, e: Event) -> dict[str, Any]:
    return {"sum": " + ".join(str(x) for x in e["parts"])}


def _score_winner(r: Renderer, e: Event) -> dict[str, Any]:
    tie = r.msg("_tie_" + e["tie"]) if e["tie"] else ""
    return {"players": ", ".join(e["players"]), "tie": tie}


_PREPARE: dict[str, Callable[[Renderer, Event], dict[str, Any]]] = {
    "players_set": lambda r, e: {"players": ", ".join(e["players"])},
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
    "track_removed": lambda r, e: {"deck": r.deck(e["deck"])},
    "deck_out": lambda r, e: {"deck": r.deck(e["deck"])},
    "help_due": lambda r, e: {"players": ", ".join(e["players"])},
    "game_over": lambda r, e: {},
    "counts_set": lambda r, e: {"counts": " ".join(f"{k}={v}" for k, v in e["counts"].items())},
    "public_set": _public_set,
    "score_player": lambda r, e: {"how": r.msg("_typed" if e["typed"] else "_recorded")},
    "double_set": lambda r, e: {"type": r.type(e["type"])},
    "score_stack": _score_stack,
    "score_property": _score_property,
    "score_goal": _score_goal,
    "score_total": _score_total,
    "score_winner": _score_winner,
}
