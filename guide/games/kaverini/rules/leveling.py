"""Kaveri sheets and leveling up (R-SHEET-1..4, R-LVL-1..4). Pure: sheets in, sheets out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from guide.core.errors import GuideError, RuleError
from guide.core.i18n import domain
from guide.core.names import resolve
from guide.games.kaverini.data.tables import Ladder, limits
from guide.games.kaverini.data.tables import ability as find_ability
from guide.games.kaverini.data.tables import ladder as find_ladder
from guide.games.kaverini.data.tables import ladders as all_ladders
from guide.games.kaverini.state import Bank, Sheet, sheet

MAX_LADDER = 10
_, ngettext, pgettext = domain("kaverini").functions()


def level(xp: int) -> int:
    """R-SHEET-2: level = XP, never below 1."""
    return max(1, xp)


def party_lv(kaverit: list[Sheet], lv_default: str) -> int:
    """R-SHEET-4: Lv for a card when nobody chooses: the highest level of the Kaverit (or,
    house rule lv_default=lowest, the lowest); 1 without any."""
    if not kaverit:
        return 1
    xps = [k["xp"] for k in kaverit]         # level is monotonic: the level of the least or
    return level(min(xps) if lv_default == "lowest" else max(xps))   # most XP (a hot spot)


def new_kaveri(name: str, ability: str, techniques: Sequence[str], facts: Sequence[str],
               money: int, ladders_only: bool = False) -> Sheet:
    """R-SHEET-1: level 1, 1 XP, 20 HP, E 0, H 0, three level-1 techniques, one ability;
    `ladders_only` (house rule ladders_at_start): the three are emotion ladders."""
    known = find_ability(ability)
    if known is None:
        raise RuleError(_("unknown ability {ability!r} (R-ABIL-1)").format(ability=ability))
    if len(techniques) != 3:
        raise RuleError(_("a new Kaveri has exactly three techniques, not {count} (R-SHEET-1)").format(
            count=len(techniques)))
    ladders: dict[str, int] = {}
    custom: dict[str, int] = {}
    for t in techniques:
        if t.casefold().startswith("custom:"):
            if ladders_only:
                raise RuleError(_("house rule ladders_at_start: a new Kaveri's three techniques are emotion"
                                  " ladders, not {t!r} (R-SHEET-1)").format(t=t))
            cname = t.split(":", 1)[1].strip()
            if not cname:
                raise RuleError(_("a custom technique needs a name: custom:NAME"))
            if find_ladder(cname):
                raise RuleError(_("{cname!r} is an emotion ladder; a custom technique needs another"
                                  " name").format(cname=cname))
            if cname.casefold() in (c.casefold() for c in custom):
                raise RuleError(_("the three techniques must all differ ({cname!r} twice)").format(
                    cname=cname))
            custom[cname] = 1
        else:
            lad = find_ladder(t) or ladder_as_typed(t)
            if lad.name in ladders:
                raise RuleError(_("the three techniques must all differ ({name} twice)").format(
                    name=lad.name))
            ladders[lad.name] = 1
    return sheet(name, known, ladders, custom, facts, money)


def ladder_as_typed(typed: str) -> Ladder:
    """An emotion ladder as people type it (`hap`, `wit`, `slapstick`), through the one
    resolver; a typo is refused with its "did you mean", as the guided form asks again
    with it."""
    names = [lad.name for lad in all_ladders().values()]
    try:
        found = find_ladder(resolve(typed, names, pgettext("what", "emotion ladder")))
    except GuideError as e:
        raise RuleError(_("{e} (a custom technique is written custom:{typed})").format(
            e=e, typed=typed)) from None
    assert found is not None
    return found


def award_xp(kaveri: Sheet, amount: int) -> range:
    """R-LVL-1: add XP; each level reached banks L points (L+1 when Focused) and one E point
    of allowance (R-LVL-3). Returns the levels reached, as a range: the cost is the same for
    one level or a thousand. XP in all is bounded (data/limits.yaml)."""
    if amount < 0:
        raise RuleError(_("XP can only be given, not taken"))
    most = limits()["xp"]
    if kaveri["xp"] + amount > most:
        raise RuleError(_("{kaveri} has {xp} XP; at most {most:,} XP in all (so at most {value:,}"
                          " more)").format(
            kaveri=kaveri['name'], xp=kaveri['xp'], most=most, value=most - kaveri['xp']))
    before = level(kaveri["xp"])
    bank = _bank(kaveri)
    kaveri["xp"] += amount
    reached = range(before + 1, level(kaveri["xp"]) + 1)
    bank["fresh"] += len(reached)
    _keep(kaveri, bank)
    return reached


def _bank(kaveri: Sheet) -> Bank:
    """R-LVL-3: the Kaveri's points level by level. A sheet without one, or whose totals
    were set by hand, keeps its banked points as one level with the E allowance it had."""
    bank = kaveri.get("bank")
    if bank is not None:
        bank = {"held": [list(h) for h in bank["held"]], "fresh": bank["fresh"]}
        if _total(kaveri, bank) == kaveri["points"]:
            return bank
    points = kaveri["points"]
    return {"held": [[points, kaveri["e_allowance"]]] if points > 0 else [], "fresh": 0}


def _fresh_levels(kaveri: Sheet, bank: Bank) -> range:
    """The untouched levels of the bank: the Kaveri's latest `fresh` levels."""
    top = level(kaveri["xp"])
    return range(top - bank["fresh"] + 1, top + 1)


def _total(kaveri: Sheet, bank: Bank) -> int:
    return sum(p for p, __ in bank["held"]) + level_points(kaveri, _fresh_levels(kaveri, bank))[1]


def _keep(kaveri: Sheet, bank: Bank) -> None:
    """Store the bank and its totals: the points, and the E they may still buy (one per
    level with points left and its allowance unused)."""
    held: list[list[int]] = []
    for p, a in bank["held"]:
        if p <= 0:
            continue                       # a level's points spent: its E allowance is gone
        if held and a == 0 and held[-1][1] == 0:
            held[-1][0] += p               # levels with no E left are plain points: one entry
        else:
            held.append([p, a])
    bank = {"held": held, "fresh": bank["fresh"]}
    kaveri["points"] = _total(kaveri, bank)
    kaveri["e_allowance"] = e_room(bank)
    if kaveri["points"]:
        kaveri["bank"] = bank
    else:
        kaveri.pop("bank", None)


def e_allowed(kaveri: Sheet) -> int:
    """R-LVL-3: how many points the Kaveri may put on E now."""
    return e_room(_bank(kaveri))


def e_room(bank: Bank) -> int:
    """R-LVL-3: how many points E may take now: one per banked level with points left and
    its allowance unused (a campaign's older bank: the allowance it had, within its points)."""
    return sum(min(p, a) for p, a in bank["held"] if p > 0) + bank["fresh"]


def _draw(kaveri: Sheet, bank: Bank, e: int, cost: int) -> bool:
    """R-LVL-3: take `cost` points from the bank, `e` of them on E: each E point from a
    level that still allows one (oldest first), the rest oldest first. False when E cannot
    be placed so; the bank is changed in place (the caller works on a copy)."""
    held = bank["held"]
    fresh = _fresh_levels(kaveri, bank)
    bonus = 1 if kaveri["ability"] == "Focused" else 0
    opened = 0                            # fresh levels moved into `held`

    def open_level() -> None:
        nonlocal opened
        lv = fresh[opened]
        held.append([lv + bonus, 1])
        opened += 1

    i = 0
    while e > 0:
        if i == len(held):
            if opened == len(fresh):
                return False
            open_level()
        entry = held[i]
        take = min(entry[0], entry[1], e)
        entry[0] -= take
        entry[1] -= take
        e -= take
        cost -= take
        i += 1
    i = 0
    while cost > 0:
        if i == len(held):
            open_level()
        entry = held[i]
        take = min(entry[0], cost)
        entry[0] -= take
        cost -= take
        i += 1
    bank["fresh"] -= opened
    return True


def level_points(kaveri: Sheet, reached: range) -> tuple[list[int], int]:
    """R-LVL-1: the points of each level reached (L, or L+1 when Focused) and their total."""
    bonus = 1 if kaveri["ability"] == "Focused" else 0
    total = (reached.start + reached.stop - 1) * len(reached) // 2 + bonus * len(reached)
    return [lv + bonus for lv in reached], total


def level_event(kaveri: Sheet, reached: range) -> dict[str, Any]:
    """One event for a gain of one level or many (R-LVL-1), the same size for a thousand:
    the level reached, the first one, each level's points (the first and last few when
    many) and their total, and the points now banked."""
    gained, total = level_points(kaveri, reached)
    shown: list[int | str] = list(gained) if len(gained) <= 6 else [
        gained[0], gained[1], "...", gained[-1]]
    return {"kaveri": kaveri["name"], "level": reached[-1], "first": reached[0],
            "gained": shown, "total": total, "points": kaveri["points"]}


def xp_room(kaveri: Sheet) -> int:
    """How much more XP the Kaveri may take (data/limits.yaml)."""
    return max(0, limits()["xp"] - kaveri["xp"])


def ladder_cost(current: int, target: int) -> int:
    """R-LVL-2: raising a ladder from n to n+1 costs exactly n+1 points, step by step."""
    return sum(range(current + 1, target + 1))


def spend(kaveri: Sheet, e: int = 0, h: int = 0, hp: int = 0, new: Sequence[str] = (),
          raises: dict[str, int] | None = None) -> list[dict[str, Any]]:
    """R-LVL-2..4: spend banked points, all or nothing. Returns what was bought, as data."""
    raises = dict(raises or {})
    for amount, what in ((e, "e"), (h, "h"), (hp, "hp")):
        if amount < 0:
            raise RuleError(_("{what}={amount}: points can only be added").format(what=what, amount=amount))
    ladders = dict(kaveri["ladders"])
    custom = dict(kaveri["custom"])
    bought: list[dict[str, Any]] = []
    cost = e + h + hp
    for name in new:
        key, table = _ladder_key(name, ladders, custom, creating=True)
        if key in table:
            raise RuleError(_("{kaveri} already has the {key} ladder").format(kaveri=kaveri['name'], key=key))
        table[key] = 1
        cost += 1
        bought.append({"new": key, "cost": 1})
    for name, target in raises.items():
        key, table = _ladder_key(name, ladders, custom, creating=False)
        if key not in table:
            raise RuleError(_("{kaveri} has no {key} ladder; open it first with new={key}").format(
                kaveri=kaveri['name'], key=key))
        if target > MAX_LADDER:
            raise RuleError(_("{key}={target}: a ladder never goes above level {MAX_LADDER}").format(
                key=key, target=target, MAX_LADDER=MAX_LADDER))
        if target <= table[key]:
            raise RuleError(_("{key} is already at level {table}").format(key=key, table=table[key]))
        step = ladder_cost(table[key], target)
        bought.append({"ladder": key, "from": table[key], "to": target, "cost": step})
        table[key] = target
        cost += step
    if cost > kaveri["points"]:        # first: with no points left, the E allowance is moot
        raise RuleError(_("not enough points: this costs {cost}, {kaveri} has {points} banked").format(
            cost=cost, kaveri=kaveri['name'], points=kaveri['points']))
    bank = _bank(kaveri)
    allowed = e_room(bank)
    if e > allowed:
        raise RuleError(_("at most 1 point on E per level reached, with that level's own points"
                          " (R-LVL-3): {kaveri} may put {e_allowance} more on E, not {e}").format(
            kaveri=kaveri['name'], e_allowance=allowed, e=e))
    if cost == 0:
        raise RuleError(_("nothing to spend: give e=N, h=N, hp=N, new=LADDER or LADDER=LEVEL"))
    placed = _draw(kaveri, bank, e, cost)
    assert placed, "e_allowance counts the levels that allow E"
    _keep(kaveri, bank)
    kaveri["emotion"] += e
    kaveri["heart"] += h
    kaveri["max_hp"] += hp
    kaveri["hp"] += hp
    kaveri["ladders"], kaveri["custom"] = ladders, custom
    return [{"stat": label, "amount": n} for n, label in ((e, "E"), (h, "H"), (hp, "max HP"))
            if n] + bought


def _ladder_key(name: str, ladders: dict, custom: dict, creating: bool) -> tuple[str, dict]:
    lad = find_ladder(name)
    if lad is not None:
        return lad.name, ladders
    bare = name.split(":", 1)[1].strip() if name.casefold().startswith("custom:") else name
    for existing in custom:
        if existing.casefold() == bare.casefold():
            return existing, custom
    if creating and not name.casefold().startswith("custom:"):
        raise RuleError(_("unknown emotion ladder {name!r}; a custom ladder is new=custom:{name}").format(
            name=name))
    return bare, custom
