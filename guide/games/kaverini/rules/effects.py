"""Special effects (R-FX-1..5), their durations, and the cards' declarative `effects:`.

A timed effect is stored as the point where it ends (`ends`: the round in which it ends at
the end of its owner's turn) and every turn change asks all effects whether they have ended
(`expire`); the remaining time is computed, never counted down by hand.
"""

from __future__ import annotations

from guide.games.kaverini.data.tables import comic_d10
from guide.games.kaverini.model import Effect
from guide.games.kaverini.rules.fighters import BUDDY, FOE, KAVERI, STAND, Fighter


def trigger_threshold(level: int) -> int:
    """R-FX-1: a level-L technique triggers on a d20 of 21 - 2L or more (level 10: always)."""
    return 21 - 2 * level


def effective_emotion(fight, f: Fighter) -> int:
    """R-DMG-2: E, counters, temporary effects and static card effects."""
    c = fight.c
    e = f.base_emotion + f.counters["E"] + fight.static_bonus(f, "emotion")
    for fx in c["effects"]:
        if fx["on"] != f.name:
            continue
        if fx["kind"] == "e":
            e += fx["amount"]
        elif fx["kind"] == "boost" and fx["stat"] == "e":
            e += fx["amount"]
        elif fx["kind"] == "frustration":
            k = c["round"] - fx["start"]
            if 1 <= k <= fx["turns"]:
                e += k
    return e + fight.strategy_bonus(f)


def effective_heart(fight, f: Fighter) -> int:
    h = f.base_heart + f.counters["H"] + fight.static_bonus(f, "heart")
    for fx in fight.c["effects"]:
        if fx["on"] == f.name and (fx["kind"] == "h" or (fx["kind"] == "boost" and fx["stat"] == "h")):
            h += fx["amount"]
    return h


def has_effect(c: dict, kind: str, name: str) -> dict | None:
    for fx in c["effects"]:
        if fx["kind"] == kind and fx["on"] == name:
            return fx
    return None


def expire(c: dict, turns_over: set[str] = frozenset()) -> None:
    """Drop the effects whose end point has passed: an effect ends with its owner's turn in
    round `ends`; `turns_over` names whose turns this round are over (one who just acted,
    or everyone of a phase that ended, those who passed included)."""
    keep = []
    for fx in c["effects"]:
        ends = fx.get("ends")
        done = ends is not None and (
            ends < c["round"] or (ends == c["round"] and fx.get("owner") in turns_over))
        if fx["kind"] == "skip" and fx["round"] < c["round"]:
            done = True
        if not done:
            keep.append(fx)
    c["effects"] = keep


def timed(c: dict, kind: str, user: Fighter, rounds: int = 1, **data) -> dict:
    """An effect on `user` lasting to the end of the user's turn `rounds` rounds from now."""
    fx = {"kind": kind, "on": user.name, "owner": user.name, "ends": c["round"] + rounds, **data}
    c["effects"].append(fx)
    return fx


def next_turn_round(c: dict, f: Fighter) -> int:
    """The round of `f`'s next turn: this one if it has not acted yet, else the next."""
    return c["round"] + (1 if f.name in c["acted"] else 0)


def apply_special(fight, user: Fighter, ladder_effect: str, lv: int, targets: list[Fighter],
                  comic_face: int | None = None) -> list[str]:
    """R-FX-4: apply one special effect; returns what happened, in words."""
    c = fight.c
    if ladder_effect == "comic":
        face = comic_face if comic_face is not None else fight.dice.d(10)
        effect = comic_d10()[face - 1]
        return [f"Comic d10: {face} ({effect.capitalize()})"] + apply_special(
            fight, user, effect, lv, targets)
    name = user.name
    if ladder_effect == "sadness":
        out = []
        for t in targets:
            if t.standing:
                c["effects"].append({"kind": "skip", "on": t.name, "round": next_turn_round(c, t),
                                     "why": "Sadness"})
                out.append(f"{t.name} is immobilized by sadness and skips its next turn.")
        return out or ["Sadness: no target left to immobilize."]
    if ladder_effect == "innocence":
        timed(c, "h", user, amount=lv, why="Innocence")
        return [f"{name}'s innocence strengthens the heart: H +{lv} until the end of"
                f" {name}'s next turn."]
    if ladder_effect == "cheer":
        out = []
        ends = None if fight.house("gladness") == "confrontation" else c["round"]
        for t in targets:
            if t.standing and not has_effect(c, "glad", t.name):
                c["effects"].append({"kind": "glad", "on": t.name, "ends_tick": ends,
                                     "lv_owner": user.owner})
                out.append(f"{t.name} lets gladness into the heart: Lv Schmerz after the foes'"
                           " techniques every round.")
        return out or ["Cheer: no new target to make glad."]
    if ladder_effect == "hopelessness":
        timed(c, "h", user, amount=-lv, why="Hopelessness")
        timed(c, "e", user, amount=lv, why="Hopelessness")
        return [f"{name}: H -{lv} and E +{lv} until the end of {name}'s next turn."]
    if ladder_effect == "happy":
        healed = fight.heal(user, lv)
        return [f"{name}'s happiness heals {healed} HP ({user.hp}/{user.max_hp})."]
    if ladder_effect == "love":
        timed(c, "love", user, why="Love")
        return [f"{name} is protected by the power of love: foes' techniques do nothing to"
                f" {name} until the end of {name}'s next turn."]
    if ladder_effect == "anger":
        timed(c, "e", user, amount=lv, why="Anger")
        lost = fight.lose_hp(user, lv, counters=True)
        return [f"{name} resounds with anger: E +{lv} until the end of the next turn, and"
                f" loses {lost} HP ({user.hp}/{user.max_hp})."]
    if ladder_effect == "frustration":
        timed(c, "frustration", user, rounds=lv, start=c["round"], turns=lv, why="Frustration")
        return [f"{name}'s frustration keeps on growing: +1, +2, ... E on each of the next"
                f" {lv} turn(s)."]
    if ladder_effect == "intimidate":
        timed(c, "intimidate", user, why="Intimidate")
        return [f"{name} intimidates: the next foe technique aimed at {name} has no effect."]
    if ladder_effect == "nervousness":
        skip_round = c["round"] + 1          # the user is acting now: its next turn is next round
        c["effects"].append({"kind": "skip", "on": name, "round": skip_round, "why": "Nervousness"})
        c["effects"].append({"kind": "nervous", "on": name, "round": skip_round + 1,
                             "amount": 2 * lv})
        return [f"{name} is paralyzed by nervousness: skips the next turn, then adds {2 * lv}"
                " to E, H or HP until the confrontation ends."]
    raise ValueError(f"unknown special effect {ladder_effect!r}")


def targets_of(fight, effect: Effect, holder: Fighter | None, bonded: Fighter | None,
               owner: int | None = None) -> list[Fighter]:
    """The fighters a declarative effect reaches (see the `effects:` schema). A card owned by
    a Strategy Game player (`owner`) reads "kaverit", "buddies" and "party" as that player's,
    and "foes" as every other player's characters (R-STRAT-3)."""
    standing = [f for f in fight.fighters() if f.standing]
    by = effect.target
    if by == "self":
        return [holder] if holder and holder.standing else []
    if by == "bonded":
        return [bonded] if bonded and bonded.standing else []
    if by == "all":
        return standing
    if owner is not None:
        if by == "foes":
            return [f for f in standing if f.owner != owner]
        standing = [f for f in standing if f.owner == owner]
    elif fight.strategy and by == "foes":
        return standing                            # a setting's "foe" is every character
    if by == "kaverit":
        return [f for f in standing if f.kind in (KAVERI, STAND)]
    if by == "buddies":
        return [f for f in standing if f.kind == BUDDY]
    if by == "party":
        return [f for f in standing if f.kind != FOE or owner is not None]
    return [f for f in standing if f.kind == FOE]


def apply_declared(fight, source: str, effect: Effect, targets: list[Fighter], lv: int
                   ) -> list[str]:
    """Apply one declarative effect now (round, start, or an item played)."""
    amount = effect.amount.value(lv)
    out = []
    for t in targets:
        if effect.do == "heal":
            healed = fight.heal(t, amount)
            if healed:
                out.append(f"{source}: {t.name} heals {healed} HP.")
        elif effect.do == "schmerz":
            out.append(f"{source}: {t.name} takes {fight.lose_hp(t, amount, counters=True)}"
                       " Schmerz.")
        elif effect.do == "counters":
            key = effect.counter.lstrip("+-") if effect.counter != "HP" else "HP"
            sign = -1 if effect.counter.startswith("-") else 1
            t.counters[key] += sign * amount
            out.append(f"{source}: {amount} {effect.counter} counter(s) on {t.name}.")
        elif effect.do in ("emotion", "heart"):
            key = "E" if effect.do == "emotion" else "H"
            t.counters[key] += amount
            out.append(f"{source}: {t.name} {key} {amount:+d} (as counters).")
        elif effect.do == "skip":
            fight.c["effects"].append({"kind": "skip", "on": t.name,
                                       "round": next_turn_round(fight.c, t), "why": source})
            out.append(f"{source}: {t.name} skips its next turn.")
    if effect.text and out:
        out.append(f"  ({effect.text})")
    return out
