"""Special effects (R-FX-1..5), their durations, and the cards' declarative `effects:`.

Three closed sets, each a map from a type to its handler:
- KINDS: the running effects stored on fighters (state.Effect), what each adds to E and H
  and when it is over;
- SPECIALS: the emotion ladders' special effects (R-FX-4), applied when one triggers;
- DECLARED: what a card's declarative effect does (heal, schmerz, counters, ...).

A timed effect is stored as the point where it ends (`ends`: the round in which it ends at
the end of its owner's turn) and every turn change asks all effects whether they have ended
(`expire`); the remaining time is computed, never counted down by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from guide.games.kaverini.data.tables import comic_d10
from guide.games.kaverini.model import Effect as CardEffect
from guide.games.kaverini.rules.fighters import FOE, Fighter
from guide.games.kaverini.rules.schmerz import Taken
from guide.games.kaverini.state import Confrontation, Effect, EffectKind, effect

if TYPE_CHECKING:
    from guide.games.kaverini.rules.field import Field

CounterName = Literal["E", "H", "HP"]        # a fighter's counters (state.Counters, R-DMG-5, R-DMG-6)
COUNTER: dict[str, CounterName] = {"E": "E", "H": "H", "HP": "HP"}   # a card's counter, sign aside


def trigger_threshold(level: int) -> int:
    """R-FX-1: a level-L technique triggers on a d20 of 21 - 2L or more (level 10: always)."""
    return 21 - 2 * level


# --- running effects ---------------------------------------------------------------------

class Kind:
    """A kind of running effect: by default it adds nothing and lasts until its `ends`."""

    def emotion(self, c: Confrontation, fx: Effect) -> int:
        return 0

    def heart(self, fx: Effect) -> int:
        return 0

    def over(self, c: Confrontation, fx: Effect, turns_over: set[str] | frozenset[str]) -> bool:
        ends = fx.get("ends")
        return ends is not None and (
            ends < c["turns"]["round"] or (ends == c["turns"]["round"]
                                           and fx.get("owner") in turns_over))


class EmotionBy(Kind):
    """E +amount (Anger, Hopelessness), until its end."""

    def emotion(self, c: Confrontation, fx: Effect) -> int:
        return fx["amount"]


class HeartBy(Kind):
    """H +amount (Innocence, or Hopelessness's -Lv), until its end."""

    def heart(self, fx: Effect) -> int:
        return fx["amount"]


class Boost(Kind):
    """Nervousness's 2 x Lv on E or H, to the end of the confrontation."""

    def emotion(self, c: Confrontation, fx: Effect) -> int:
        return fx["amount"] if fx["stat"] == "e" else 0

    def heart(self, fx: Effect) -> int:
        return fx["amount"] if fx["stat"] == "h" else 0


class Frustration(Kind):
    """+1, +2, ... E on each of the next Lv turns."""

    def emotion(self, c: Confrontation, fx: Effect) -> int:
        k = c["turns"]["round"] - fx["start"]
        return k if 1 <= k <= fx["turns"] else 0


class Skip(Kind):
    """A turn skipped (Sadness, Nervousness, a card): over once its round has passed."""

    def over(self, c: Confrontation, fx: Effect, turns_over: set[str] | frozenset[str]) -> bool:
        return fx["round"] < c["turns"]["round"]


KINDS: dict[EffectKind, Kind] = {
    "e": EmotionBy(), "h": HeartBy(), "boost": Boost(), "frustration": Frustration(),
    "skip": Skip(), "glad": Kind(), "love": Kind(), "intimidate": Kind(), "nervous": Kind(),
}


def effective_emotion(fight: Field, f: Fighter) -> int:
    """R-DMG-2: E, counters, temporary effects and static card effects."""
    c = fight.c
    e = f.base_emotion + f.counters["E"] + fight.static_bonus(f, "emotion")
    for fx in c["effects"]:
        if fx["on"] == f.name:
            e += KINDS[fx["kind"]].emotion(c, fx)
    return e + fight.e_bonus(f)


def effective_heart(fight: Field, f: Fighter) -> int:
    h = f.base_heart + f.counters["H"] + fight.static_bonus(f, "heart")
    for fx in fight.c["effects"]:
        if fx["on"] == f.name:
            h += KINDS[fx["kind"]].heart(fx)
    return h


def has_effect(c: Confrontation, kind: EffectKind, name: str) -> Effect | None:
    for fx in c["effects"]:
        if fx["kind"] == kind and fx["on"] == name:
            return fx
    return None


def of_kind(c: Confrontation, kind: EffectKind) -> list[Effect]:
    """Every running effect of one kind (a copy: handlers may remove them)."""
    return [fx for fx in c["effects"] if fx["kind"] == kind]


def expire(c: Confrontation, turns_over: set[str] | frozenset[str] = frozenset()) -> None:
    """Drop the effects whose end point has passed: an effect ends with its owner's turn in
    round `ends`; `turns_over` names whose turns this round are over (one who just acted,
    or everyone of a phase that ended, those who passed included)."""
    if c["effects"]:
        c["effects"] = [fx for fx in c["effects"] if not KINDS[fx["kind"]].over(c, fx, turns_over)]


def timed(c: Confrontation, kind: EffectKind, user: Fighter, why: str, rounds: int = 1,
          **data: Any) -> Effect:
    """An effect on `user` lasting to the end of the user's turn `rounds` rounds from now."""
    fx = effect(kind, user.name, why, owner=user.name, ends=c["turns"]["round"] + rounds, **data)
    c["effects"].append(fx)
    return fx


def skip_next_turn(c: Confrontation, f: Fighter, why: str) -> None:
    """`f` skips its next turn: this round's if it has not acted yet, else the next one's."""
    next_turn = c["turns"]["round"] + (1 if f.name in c["turns"]["acted"] else 0)
    c["effects"].append(effect("skip", f.name, why, round=next_turn))


# --- the ladders' special effects (R-FX-4) --------------------------------------------------

Special = Callable[["Field", Fighter, int, list[Fighter]], None]


def _sadness(fight: Field, user: Fighter, lv: int, targets: list[Fighter]) -> None:
    hit = [t for t in targets if t.standing]
    for t in hit:
        skip_next_turn(fight.c, t, "Sadness")
        fight.say("sadness", target=t.name)
    if not hit:
        fight.say("no_target", effect="sadness")


def _innocence(fight: Field, user: Fighter, lv: int, targets: list[Fighter]) -> None:
    timed(fight.c, "h", user, "Innocence", amount=lv)
    fight.say("innocence", actor=user.name, amount=lv)


def _cheer(fight: Field, user: Fighter, lv: int, targets: list[Fighter]) -> None:
    c = fight.c
    ends = None if fight.house("gladness") == "confrontation" else c["turns"]["round"]
    glad = [t for t in targets if t.standing and not has_effect(c, "glad", t.name)]
    for t in glad:
        c["effects"].append(effect("glad", t.name, "Cheer", ends_tick=ends, lv_owner=user.owner,
                                   by=user.name))
        fight.say("cheer", target=t.name)
    if not glad:
        fight.say("no_target", effect="cheer")


def _hopelessness(fight: Field, user: Fighter, lv: int, targets: list[Fighter]) -> None:
    timed(fight.c, "h", user, "Hopelessness", amount=-lv)
    timed(fight.c, "e", user, "Hopelessness", amount=lv)
    fight.say("hopelessness", actor=user.name, amount=lv)


def _happy(fight: Field, user: Fighter, lv: int, targets: list[Fighter]) -> None:
    healed = user.heal(lv)
    fight.say("happy", actor=user.name, healed=healed, hp=user.hp, max_hp=user.max_hp)


def _love(fight: Field, user: Fighter, lv: int, targets: list[Fighter]) -> None:
    timed(fight.c, "love", user, "Love")
    fight.say("love", actor=user.name)


def _anger(fight: Field, user: Fighter, lv: int, targets: list[Fighter]) -> None:
    timed(fight.c, "e", user, "Anger", amount=lv)
    taken = fight.take(user, lv) or Taken(0)           # R-DMG-8: Schmerz, so H reduces it
    fight.say("anger", actor=user.name, amount=lv, lost=taken.lost, hp=user.hp,
              max_hp=user.max_hp, **taken.steps(lv), **taken.soaked)
    fight.settle(user)


def _frustration(fight: Field, user: Fighter, lv: int, targets: list[Fighter]) -> None:
    timed(fight.c, "frustration", user, "Frustration", rounds=lv,
          start=fight.c["turns"]["round"], turns=lv)
    fight.say("frustration", actor=user.name, turns=lv)


def _intimidate(fight: Field, user: Fighter, lv: int, targets: list[Fighter]) -> None:
    timed(fight.c, "intimidate", user, "Intimidate")
    fight.say("intimidate", actor=user.name)


def _nervousness(fight: Field, user: Fighter, lv: int, targets: list[Fighter]) -> None:
    c = fight.c
    skip_round = c["turns"]["round"] + 1  # the user is acting now: its next turn is next round
    c["effects"].append(effect("skip", user.name, "Nervousness", round=skip_round))
    c["effects"].append(effect("nervous", user.name, "Nervousness", round=skip_round + 1,
                               amount=2 * lv))
    fight.say("nervousness", actor=user.name, amount=2 * lv, chooses=True,
              command="foe" if user.kind == FOE else "use")   # `use/foe ... --boost` (R-FX-6)


SPECIALS: dict[str, Special] = {
    "sadness": _sadness, "innocence": _innocence, "cheer": _cheer,
    "hopelessness": _hopelessness, "happy": _happy, "love": _love, "anger": _anger,
    "frustration": _frustration, "intimidate": _intimidate, "nervousness": _nervousness,
}


def apply_special(fight: Field, user: Fighter, ladder_effect: str, lv: int,
                  targets: list[Fighter], comic_face: int | None = None) -> None:
    """R-FX-4: apply one special effect; Comic rolls a d10 for which (R-FX-5)."""
    if ladder_effect == "comic":
        face = comic_face if comic_face is not None else fight.dice.d(10)
        if comic_face is not None:
            fight.dice.drawn.append((10, face))
        ladder_effect = comic_d10()[face - 1]
        fight.say("comic", face=face, effect=ladder_effect)
    SPECIALS[ladder_effect](fight, user, lv, targets)   # data/emotions.yaml names one of them


# --- declarative effects of cards -------------------------------------------------------

Told = dict[str, Any] | None        # the event's data, or None: nothing happened
Declared = Callable[["Field | None", str, Fighter, int, CardEffect], Told]
# (field or None outside a confrontation, source card, target, amount, the effect)


def _heal(fight: Field | None, source: str, t: Fighter, amount: int, e: CardEffect) -> Told:
    healed = t.heal(amount)
    return {"healed": healed, "hp": t.hp, "max_hp": t.max_hp} if healed else None


def _schmerz(fight: Field | None, source: str, t: Fighter, amount: int, e: CardEffect) -> Told:
    if fight is None:
        return None
    by = fight.named(source)                   # a foe's or buddy's own card: Love may block it
    taken = fight.take(t, amount, by)
    if taken is None:
        return {"blocked": True}
    return {"lost": taken.lost, "hp": t.hp, "max_hp": t.max_hp, **taken.soaked}


def _counters(fight: Field | None, source: str, t: Fighter, amount: int, e: CardEffect) -> Told:
    counter = e.counter or "HP"
    key = COUNTER[counter.lstrip("+-")]
    t.counters[key] += -amount if counter.startswith("-") else amount
    return {"amount": amount, "counter": counter}


def _stat(fight: Field | None, source: str, t: Fighter, amount: int, e: CardEffect) -> Told:
    key: CounterName = "E" if e.do == "emotion" else "H"
    t.counters[key] += amount
    return {"amount": amount, "stat": key}


def _skip(fight: Field | None, source: str, t: Fighter, amount: int, e: CardEffect) -> Told:
    if fight is None:
        return None
    skip_next_turn(fight.c, t, source)
    return {}


DECLARED: dict[str, Declared] = {
    "heal": _heal, "schmerz": _schmerz, "counters": _counters, "emotion": _stat,
    "heart": _stat, "skip": _skip,
}


def apply_declared(say: Callable[..., None], fight: Field | None, source: str,
                   effect: CardEffect, targets: list[Fighter], lv: int) -> None:
    """Apply one declarative effect now (round, start, or an item played); outside a
    confrontation (`fight` None) only what needs no field: heal, counters, E and H."""
    amount = effect.amount.value(lv)
    handler = DECLARED[effect.do]
    told = False
    for t in targets:
        data = handler(fight, source, t, amount, effect)
        if data is not None:
            if data.pop("blocked", False):
                say("loved", target=t.name, technique=source)
            else:
                say("card_effect", source=source, do=effect.do, target=t.name, **data)
            told = True
        if fight is not None and data is not None and t.data["hp"] == 0:
            fight.settle(t)
    if effect.text and told:
        say("card_note", source=source, text=effect.text)
