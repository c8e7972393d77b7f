"""What the players may see (R-CONF-3, R-CONF-12): built from the campaign state and the
evening's story. Foes' moves, Shields and Heels never enter it unless a Psychic Kaveri is
present, items with Usage never; everything the page shows comes from here: also the
settings in play with their text, every running effect with the turns it has left, and the
story's last lines (a line that would name a secret is left out)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from guide.core.i18n import domain
from guide.core.story import say
from guide.games.kaverini.rules.leveling import level

if TYPE_CHECKING:
    from guide.core.store import Entry
    from guide.games.kaverini.commands.confront import Ground
    from guide.games.kaverini.table import KaveriniTable

_, ngettext, pgettext = domain("kaverini").functions()


def page_words() -> dict[str, str]:
    """The TV page's own words, in the table's language (page.html shows them as sent)."""
    return {"ready": _("Get ready to feel!"), "none": _("No confrontation right now."),
            "setting": _("setting"), "effects": _("Effects"), "last_roll": _("Last roll"),
            "story": _("The story"), "last_quote": _("Last quote"), "characters": _("Characters"),
            "kaverit": _("Kaverit"), "foes": _("Foes"), "now": _("now"), "hp": _("HP"),
            "companion": _("companion")}


def said(f: dict) -> list[str]:
    """A fighter's line under its name on the TV: level, world points, Emotion, Shield, Heel,
    moves (each where it is shown at all); subtypes and flags as the card prints them."""
    out = []
    if f.get("level") is not None:
        out.append(_("level {level}").format(level=f["level"]))
    if f.get("world_points"):
        out.append(ngettext("{count} world point", "{count} world points",
                            f["world_points"]).format(count=f["world_points"]))
    if f.get("subtypes"):
        out.append(", ".join(f["subtypes"]))
    if f.get("flags"):
        out.append(" ".join(f["flags"]))
    if f.get("emotion") is not None:
        out.append(_("Emotion {value}").format(value=f["emotion"]))
    if f.get("shield"):
        out.append(_("Shield {value}").format(value=f["shield"]))
    if f.get("heel"):
        out.append(_("Heel {value}").format(value=f["heel"]))
    if f.get("moves"):
        out.append(_("Moves: {moves}").format(moves=", ".join(f["moves"])))
    if f.get("side") and f["side"] not in ("party", "foes"):
        out.append(f["side"])
    return out




def player_view(table: KaveriniTable) -> dict:
    from guide.games.kaverini.commands.confront import arena, secrets_open

    s = table.state
    field = arena(table)
    psychic = secrets_open(table)
    view: dict[str, Any] = {
        "game": "kaverini",
        "adventure": s["adventure"]["title"] if s["adventure"] else None,
        "kaverit": [{"name": k["name"], "level": level(k["xp"]), "hp": k["hp"],
                     "max_hp": k["max_hp"], "world_points": k["world_points"],
                     "items": [i["card"] for i in k["items"] if i["uses"] is None]}
                    for k in s["kaverit"]],
        "buddies": [{"name": b["name"], "hp": b["hp"], "max_hp": b["max_hp"]}
                    for b in s["buddies"]],
        "companions": _companions(table, field),
        "confrontation": None if field is None else _confrontation(table, field, psychic),
        "psychic": psychic,
        "last_dice": None,
        "last_quote": None,
        "ready_to_feel": False,
        "story": [],
        "version": 0,
        "words": page_words(),
    }
    for k in [*view["kaverit"], *view["buddies"]]:
        k["said"] = said(k)
    _story(table, view)
    return view


def _companions(table: KaveriniTable, field: Ground | None) -> list[dict[str, str]]:
    """The party's companions (R-CONF-9): in a confrontation those who joined it (a
    companion taking a stand is a fighter then, shown with the fighters), else all."""
    if field is None:
        names = list(table.state["companions"])
    else:
        standing = {st["name"] for st in field.c.get("stand") or []}
        names = [n for n in field.c["companions"] if n not in standing]
    return [{"name": n, "said": _("companion")} for n in names]


def _confrontation(table: KaveriniTable, field: Ground, psychic: bool) -> dict:
    from guide.games.kaverini.commands.confront import fight

    c = field.c
    f = fight(table, quiet=True)
    fighters = []
    for x in f.fighters():
        entry = {"name": x.name, "kind": x.kind, "hp": x.hp, "max_hp": x.max_hp,
                 "side": f.side_of(x)}
        if x.kind == "kaveri":
            entry.update(level=level(x.data["xp"]))
        if x.card is not None:
            entry.update(subtypes=list(x.card.subtypes), flags=list(x.card.flags),
                         emotion=x.card.emotion)               # Emotion is public (4.6)
            if psychic:
                entry.update(shield=x.card.shield, heel=x.card.heel,
                             moves=[t.name for t in x.card.techniques])
        entry["said"] = said(entry)
        fighters.append(entry)
    from guide.games.kaverini.view.sheet import effects_of

    waiting = [x.name for x in f.waiting()]
    now = c["turns"]
    heading = _("Round {round} · {phase}").format(round=now["round"],
                                                  phase=pgettext("phase", now["phase"]))
    if waiting:
        heading += " · " + _("{name}'s turn").format(name=waiting[0])
    return {"round": now["round"], "phase": now["phase"], "said": heading,
            "turn": waiting, "fighters": fighters,
            "settings": list(c["settings"]), "strategy": f.variant == "strategy",
            "setting_texts": [{"name": n, "text": table.card_text(n)} for n in c["settings"]],
            "effects": effects_of(c)}


def _story(table: KaveriniTable, view: dict) -> None:
    """The last dice, the last quote told, and whether a confrontation just began."""
    if table.store is None:
        return
    entries = table.store.entries(limit=20)
    view["version"] = entries[-1].seq if entries else 0
    view["story"] = story_lines(table, entries, view["psychic"])
    for entry in reversed(entries):
        for event in reversed(entry.story):
            if event.get("private") is not None:
                continue                # a private die is its seat's (or the GM's) alone
            if view["last_dice"] is None and event.get("dice"):
                # faces only: the event's words may name a foe's move, which is secret
                view["last_dice"] = [{"die": f"d{sides}", "face": face}
                                     for sides, face in event["dice"]]
            if view["last_quote"] is None and event["kind"] == "quote":
                view["last_quote"] = {"number": event["quote"], "text": event["text"]}
    told = table.state.get("last_quote")          # however long ago (the lottery keeps it)
    adventure = table.adventure()
    if told is not None and adventure is not None and told in adventure.quotes:
        view["last_quote"] = {"number": told, "text": adventure.quotes[told]}
    if entries and any(e["kind"] in ("confront", "battle") for e in entries[-1].story):
        view["ready_to_feel"] = True


STORY_LINES = 6
_RULE_ID = re.compile(r"\s*[,;]?\s*\bR-[A-Z]+-\d+\b")
_EMPTY = re.compile(r"\s*\(\s*([.,;]?)\s*\)")


def without_rule_ids(line: str) -> str:
    """A story line for the room, without the rule ids the Tour Guide reads them by:
    "(each foe +1 HP for 2 Kaverit, R-CONF-4)" -> "(each foe +1 HP for 2 Kaverit)", and a
    bare "(R-CONF-3)" goes."""
    return _EMPTY.sub(r"\1", _RULE_ID.sub("", line))


def story_lines(table: KaveriniTable, entries: list[Entry], psychic: bool) -> list[str]:
    """The story's last lines as the players heard them: no GM-only or private event, no line that
    names a secret (a foe's move, Shield or Heel without a Psychic Kaveri, R-CONF-3; an item
    with Usage, R-CONF-12). A quote of the lottery is read aloud to all (R-QL-1): whatever
    it names, it tells no secret."""
    secret = secret_words(table, psychic)
    lines: list[str] = []
    for entry in reversed(entries):          # the newest first, until the page has its lines
        said = say(table, entry.story, "log")        # no GM-only event, no private one
        quotes = {line for e in entry.story if e["kind"] == "quote" for line in say(table, [e], "log")}
        lines[:0] = [without_rule_ids(line) for line in said if line in quotes or not secret(line)]
        if len(lines) >= STORY_LINES:
            break
    return lines[-STORY_LINES:]


# The last test made, and what it was made for (the library, psychic, the foes' names): the
# TV and every seat ask it again after each command, and it changes only with those.
_made: list[tuple[object, bool, tuple[str, ...], Callable[[str], bool]]] = []


def secret_words(table: KaveriniTable, psychic: bool) -> Callable[[str], bool]:
    """Whether a line names a secret: a secret word as a whole word, once every public name
    that holds one is set aside (the Stroopwafel Smuggler is no Stroopwafel, the Tulip Bulb
    Speculator no Tulip Bulb: a line about either is told)."""
    fight = table.state.get("confrontation")
    foes = tuple(f["name"] for f in fight["foes"]) if fight else ()
    if _made and _made[0][0] is table.library and _made[0][1:3] == (psychic, foes):
        return _made[0][3]
    secret = _secret_test(table, psychic, foes)
    _made[:] = [(table.library, psychic, foes, secret)]
    return secret


def _secret_test(table: KaveriniTable, psychic: bool, foes: tuple[str, ...]) -> Callable[[str], bool]:
    from guide.games.kaverini.data.tables import ladders

    public = {name.casefold() for lad in ladders().values() for name in lad.techniques}
    words: set[str] = set()
    for card in table.library.cards.values():
        if card.type == "item" and card.usage is not None:
            words.add(card.name.casefold())
        if not psychic and card.type in ("foe", "power-foe"):
            words |= {t.name.casefold() for t in card.techniques} - public
    if not psychic:
        words |= {"shield", "heel"}
    if not words:
        return lambda line: False
    named = {card.name.casefold() for card in table.library.cards.values()}
    named |= {name.casefold() for name in foes}
    holding = sorted((n for n in named - words if any(w in n for w in words)), key=len,
                     reverse=True)
    found = re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)"
                                for w in sorted(words, key=len, reverse=True)))
    aside = re.compile("|".join(re.escape(n) for n in holding)) if holding else None

    def secret(line: str) -> bool:
        folded = line.casefold()
        if aside is not None:
            folded = aside.sub(" ", folded)
        return found.search(folded) is not None

    return secret
