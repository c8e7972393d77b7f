"""The field of a confrontation, shared by the parts of the engine (round order in
confrontation.py, turns in techniques.py, outcomes in outcomes.py): the state, the fighters,
the events told, and the hooks a variant of the fight overrides (the Strategy Game's battle,
rules/strategy.py, is one).

Events are data: {"kind": ..., fields..., "dice": [[sides, face], ...]}; words.py renders
them. The engine never writes a sentence. They are built only when someone listens (the
table, a test): the odds simulator plays a fight with `record=False`, and needs only how it
ended (`ended`), so a hot spot of the engine tests `telling` before building an event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from guide.core.dice import Dice
from guide.core.errors import RuleError
from guide.core.i18n import NP_, domain
from guide.core.names import suggest
from guide.games.kaverini.model import Card, Effect
from guide.games.kaverini.rules.fighters import (
    BUDDY,
    FOE,
    KAVERI,
    PHASE_OF,
    STAND,
    Fighter,
    all_fighters,
    find,
)
from guide.games.kaverini.rules.leveling import level, party_lv
from guide.games.kaverini.rules.schmerz import Taken, absorb, amount, doublings
from guide.games.kaverini.state import Confrontation, Sheet

Event = dict[str, Any]
Tell = Callable[..., None]

_KIND_WORDS: dict[str, str] = {KAVERI: NP_("what", "Kaveri"),
                               STAND: NP_("what", "companion taking a stand"),
                               BUDDY: NP_("what", "buddy"), FOE: NP_("what", "foe")}
_, ngettext, pgettext = domain("kaverini").functions()

# The standing fighters a card effect's `target:` reaches, by kind; "self" and "bonded" are
# one fighter (Declared), and any other word ("foes") reaches the foes.
_REACHES: dict[str, tuple[str, ...]] = {
    "all": (KAVERI, STAND, BUDDY, FOE),
    "kaverit": (KAVERI, STAND),
    "buddies": (BUDDY,),
    "party": (KAVERI, STAND, BUDDY),
}


def _if_standing(f: Fighter | None) -> list[Fighter]:
    """`f` when there is one and it stands, else nobody."""
    return [f] if f and f.standing else []


class Declared(NamedTuple):
    """A declared effect of a card present: where it comes from and whom it belongs to."""

    source: str
    effect: Effect
    holder: Fighter | None          # who holds the item (or is the card), for `self`
    bonded: Fighter | None          # the Kaveri an item is bonded to, for `bonded`
    owner: int | None               # the Strategy Game player whose card it is


class Field:
    """The state a fight works on, its fighters, its events and the variant's hooks."""

    c: Confrontation                # the running confrontation (the last one, once over)
    running: bool

    def __init__(self, state: Any, card: Callable[[str], Card], dice: Dice,
                 house: Callable[[str], str], xp_for: Callable[[str], int] = lambda name: 0,
                 tell: Tell | None = None, record: bool = True):
        self.s: Any = state                     # a campaign State, or a Strategy Game Arena
        self._card = card
        self._cards: dict[str, Card] = {}       # looked up once per Fight
        self._static: list[Declared] | None = None   # static effects present (see _changed)
        self._declared: dict[tuple[str, str | None], list[Declared]] = {}
        self._fighters: list[Fighter] | None = None  # who is in the field (see _changed)
        self._by_name: dict[str, Fighter] = {}
        self._by_phase: dict[str, list[Fighter]] = {}    # the fighters of each phase
        self.dice = dice
        self.house = house
        self.chosen_lv: int | None = None       # R-SHEET-4: the Lv the GM chose for this step
        self.xp_for = xp_for
        self.events: list[Event] = []           # what happened, when `record`
        self.tell = tell                        # the table's story, told as events happen
        self.telling = record or tell is not None    # does anyone want the events?
        self.record = record
        self.ended: str | None = None           # how it ended (end's why), once over
        self._moves: dict[tuple[str, str, int], Any] = {}   # Techniques.act's Moves
        self._card_moves: dict[tuple[int, int], Any] = {}    # foe_act's
        self.up_next: Fighter | None = None     # whose turn it is, as the last move found it
        self._seen = len(dice.drawn)
        self._attach(state.get("confrontation"))

    def _attach(self, c: Confrontation | None) -> None:
        if c is not None:
            self.c = c
        self.running = c is not None

    # --- events ---------------------------------------------------------------------
    def say(self, kind: str, **data: Any) -> None:
        """An event: its kind, its data, and the dice drawn for it."""
        if not self.telling:
            return
        event: Event = {"kind": kind, **data}
        drawn = self.dice.drawn
        if len(drawn) > self._seen:
            event["dice"] = [[sides, face] for sides, face in drawn[self._seen:]]
            self._seen = len(drawn)
        if self.record:
            self.events.append(event)
        if self.tell is not None:
            self.tell(kind, **data)

    # --- the field ------------------------------------------------------------------
    def card(self, name: str) -> Card:
        found = self._cards.get(name)
        if found is None:
            found = self._cards[name] = self._card(name)
        return found

    def fighters(self) -> list[Fighter]:
        """Every fighter in round order. The views follow the state's own dicts, so only a
        change of who is in the field (_changed) needs a new list."""
        if self._fighters is None:
            self._fighters = all_fighters(self.s, self.card)
            self._by_name = {f.name: f for f in self._fighters}
            self._by_phase = {}
            for f in self._fighters:
                self._by_phase.setdefault(PHASE_OF[f.kind], []).append(f)
        return self._fighters

    def of_phase(self, phase: str) -> list[Fighter]:
        """The fighters who act in `phase` (R-CONF-2), in round order."""
        if self._fighters is None:
            self.fighters()
        return self._by_phase.get(phase, [])

    def named(self, name: str) -> Fighter | None:
        """A fighter by its exact name, as the state records it."""
        self.fighters()
        return self._by_name.get(name)

    def _changed(self) -> None:
        """Who is in the field, or what is in play, changed: look again."""
        self._fighters = None
        self._static = None
        self._declared = {}

    def get(self, name: str, kinds: tuple[str, ...] = ()) -> Fighter:
        """A fighter of those kinds (any, without) by name as people type it (fighters.find),
        or a refusal naming the closest."""
        exact = self.named(name)
        if exact is not None and (not kinds or exact.kind in kinds):
            return exact
        f = find(self.fighters(), name, kinds)
        if f is None:
            who = _(" or ").join(dict.fromkeys(pgettext("what", _KIND_WORDS[k]) for k in kinds)
                                 ) or pgettext("what", "fighter")
            near = suggest(name, [x.name for x in self.fighters() if not kinds or x.kind in kinds])
            raise RuleError(_("no {who} named {name!r} in this confrontation{near}").format(
                who=who, name=name, near=near))
        return f

    def standing(self, *kinds: str) -> list[Fighter]:
        return [f for f in self.fighters() if f.data["hp"] > 0 and f.kind in kinds]

    # --- the hooks of a variant ---------------------------------------------------------
    def enemy(self, a: Fighter, b: Fighter) -> bool:
        """Adversaries: the party against the foes."""
        return (a.kind == FOE) != (b.kind == FOE)

    def lv(self) -> int:
        """R-SHEET-4: Lv when nobody chooses."""
        return party_lv(self.s["kaverit"], self.house("lv_default"))

    def lv_for(self, owner: int | None) -> int:
        """Lv for a card of this owner (a Strategy Game player; None here)."""
        return self.lv()

    def e_bonus(self, f: Fighter) -> int:
        """E every technique of `f` gets from the game itself (none here)."""
        return 0

    def in_turn(self, f: Fighter) -> bool:
        """Whether `f` may act now, beyond its phase (always, here)."""
        return True

    def in_order(self, actors: list[Fighter]) -> list[Fighter]:
        """The actors of a phase in turn order: the order chosen at the start (R-CONF-1),
        buddies as they joined, foes as `confront` named them."""
        return actors

    def cowers(self, f: Fighter) -> bool:
        """Whether `f` at 0 HP cowers (R-CONF-5) rather than being out."""
        return f.kind == KAVERI

    def side_of(self, f: Fighter) -> str:
        return "foes" if f.kind == FOE else "party"

    def target_kinds(self, user: Fighter) -> tuple[str, ...]:
        """Who `user` may aim a technique at, by kind."""
        return (FOE,) if user.kind != FOE else (KAVERI, STAND, BUDDY)

    def world_points(self, user: Fighter) -> tuple[int, str]:
        """The world points `user` may spend, and whose they are."""
        return user.data["world_points"], user.name

    def spend_world_point(self, user: Fighter) -> None:
        user.data["world_points"] -= 1

    def owner_of(self, companion: str) -> int | None:
        """The player a companion card belongs to (nobody's here)."""
        return None

    def declared_targets(self, d: Declared) -> list[Fighter]:
        """The fighters a declared effect reaches (see the `effects:` schema)."""
        by = d.effect.target
        if by == "self":
            return _if_standing(d.holder)
        if by == "bonded":
            return _if_standing(d.bonded)
        kinds = _REACHES.get(by, (FOE,))
        return [f for f in self.fighters() if f.data["hp"] > 0 and f.kind in kinds]

    def can_run_away(self) -> None:
        """Raise when running away is not part of this game."""

    def at_zero(self, f: Fighter) -> None:
        """What a fighter brought to 0 HP leads to (outcomes.py)."""
        raise NotImplementedError

    # --- the round (confrontation.py), as the turns need it ------------------------------
    def _enter_phase(self, actor: Fighter) -> None:
        raise NotImplementedError

    def _check_can_act(self, f: Fighter) -> None:
        raise NotImplementedError

    def _done(self, f: Fighter) -> None:
        raise NotImplementedError

    def finished(self) -> None:
        """After the confrontation ends: R-WP-4, a world point again in every shop."""
        self.s["shop_wp"] = []

    # --- the round's hooks (the Strategy Game's players take their turns in slots) -----
    def slot(self) -> int:
        """Whose go it is within the phase order (one slot here)."""
        return 0

    def slot_of(self, f: Fighter) -> int:
        return 0

    def last_slot(self) -> bool:
        return True

    def next_slot(self) -> None:
        """Hand phases 2 to 4 to the next slot (never here)."""

    def new_round(self) -> None:
        """Anything the game does as a round begins (nothing here)."""

    # --- Lv ---------------------------------------------------------------------------
    def lv_of(self, f: Fighter | None) -> int:
        """Lv for a card: R-SHEET-4 (chosen, or the hook's)."""
        if self.chosen_lv is not None:
            return self.chosen_lv
        return self.lv_for(f.owner if f is not None else None)

    def choose_lv(self, lv: int | None) -> None:
        """R-SHEET-4: the GM (or the card's controller) picks the level of a Kaveri present."""
        if lv is not None:
            self.chosen_lv = present_level(self.s["kaverit"], lv)

    # --- declared effects (settings, companions, items, cards) ------------------------
    def static_bonus(self, f: Fighter, stat: str) -> int:
        """Static `effects:` of settings, companions, bonded items and foes present."""
        if self._static is None:
            self._static = self.declared("static")
        if not self._static:
            return 0
        total = 0
        for d in self._static:
            if d.effect.do == stat and _live(d) and f in self.declared_targets(d):
                total += d.effect.amount.value(self.lv_for(d.owner))
        return total

    def declared(self, when: str, phase: str | None = None) -> list[Declared]:
        """Every declared effect present of this `when`, from the phase's sources (foes and
        buddies only while they stand)."""
        key = (when, phase)
        found = self._declared.get(key)
        if found is None:
            found = self._declared[key] = list(self._declared_now(when, phase))
        return [d for d in found if _live(d)] if found else []

    def _declared_now(self, when: str, phase: str | None) -> Iterator[Declared]:
        c = self.c
        groups: list[tuple[Card, Fighter | None, Fighter | None, int | None]] = []
        if phase in (None, "settings"):
            groups += [(self.card(n), None, None, None) for n in c["settings"]]
        if phase in (None, "companions"):
            groups += [(self.card(n), None, None, self.owner_of(n)) for n in c["companions"]]
        if phase in (None, "items"):
            for k in self.s["kaverit"]:
                holder = self.named(k["name"])
                for item in k["items"]:
                    card = self.card(item["card"])
                    if card.usage is None:  # items with usage act only when played
                        groups.append((card, holder, holder if item["bonded"] else None,
                                       k.get("owner")))
        if phase in (None, "other"):
            groups += [(f.card, f, None, f.owner) for f in self.fighters()
                       if f.kind in (FOE, BUDDY) and f.card]
        for card, holder, bonded, owner in groups:
            for effect in card.effects:
                if effect.when == when:
                    yield Declared(card.name, effect, holder, bonded, owner)

    def take(self, f: Fighter, schmerz: int, source: Fighter | None = None) -> Taken | None:
        """R-DMG-8: Schmerz from anything but a technique (gladness, Anger, a Chutzpah return,
        a card's round effect, the GM) through the taker's side of the rules: its Sensitive
        or Insensitive, its H, its HP counters; None when Love blocks it (from an adversary).
        Returns the HP lost and what HP counters absorbed; the caller tells it (with
        `soaked`), then settles what it leads to."""
        from guide.games.kaverini.rules import effects as fx

        if source is not None and self.enemy(source, f) and fx.has_effect(self.c, "love", f.name):
            return None
        return take_schmerz(f, schmerz, fx.effective_heart(self, f))

    def settle(self, f: Fighter) -> None:
        """R-DMG-9: a fighter whose HP reached 0 is out at that moment (cowers, leaves, is
        neutralized), after the Schmerz that did it has been told."""
        if f.data["hp"] == 0:
            self.at_zero(f)


def present_level(kaverit: list[Sheet], lv: int) -> int:
    """R-SHEET-4: `lv`, when it is the level of a Kaveri present; else a refusal naming them."""
    levels = sorted({level(k["xp"]) for k in kaverit})
    if lv not in levels:
        raise RuleError(_("--lv is the level of a Kaveri present: {value}").format(
            value=', '.join(map(str, levels))))
    return lv


def _live(d: Declared) -> bool:
    """A foe's or buddy's own effects act while it stands; the rest while they are in play."""
    return d.holder is None or d.holder.kind in (KAVERI, STAND) or d.holder.data["hp"] > 0


def take_schmerz(f: Fighter, schmerz: int, heart: int) -> Taken:
    """R-DMG-8 for a taker with this effective H: its Sensitive (x2) or Insensitive (x1/2),
    then H (R-DMG-4), then HP counters and HP (R-DMG-5)."""
    twos = doublings(target_sensitive=f.sensitive, target_insensitive=f.insensitive)
    before = f.counters["HP"]
    hp, left, lost = absorb(amount(schmerz, 0, twos, heart), f.hp, before)
    f.data["hp"] = hp
    f.counters["HP"] = left
    return Taken(lost, before - left, left, twos, heart)
