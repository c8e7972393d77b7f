"""Kaveri sheets and leveling up (R-SHEET-1..4, R-LVL-1..4). Pure: sheets in, sheets out."""

from __future__ import annotations

from guide.core.errors import GuideError
from guide.games.kaverini.data.tables import ability as find_ability
from guide.games.kaverini.data.tables import ladder as find_ladder

MAX_LADDER = 10


class RuleError(GuideError, ValueError):
    """A move the rules refuse; the message says exactly which rule or limit."""


def level(xp: int) -> int:
    """R-SHEET-2: level = XP, never below 1."""
    return max(1, xp)


def new_kaveri(name: str, ability: str, techniques: list[str], facts: list[str],
               money: int) -> dict:
    """R-SHEET-1: level 1, 1 XP, 20 HP, E 0, H 0, three level-1 techniques, one ability."""
    known = find_ability(ability)
    if known is None:
        raise RuleError(f"unknown ability {ability!r} (R-ABIL-1)")
    if len(techniques) != 3:
        raise RuleError(f"a new Kaveri has exactly three techniques, not {len(techniques)}"
                        " (R-SHEET-1)")
    ladders: dict[str, int] = {}
    custom: dict[str, int] = {}
    for t in techniques:
        if t.casefold().startswith("custom:"):
            cname = t.split(":", 1)[1].strip()
            if not cname:
                raise RuleError("a custom technique needs a name: custom:NAME")
            if find_ladder(cname):
                raise RuleError(f"{cname!r} is an emotion ladder; a custom technique needs"
                                " another name")
            if cname.casefold() in (c.casefold() for c in custom):
                raise RuleError(f"the three techniques must all differ ({cname!r} twice)")
            custom[cname] = 1
        else:
            lad = find_ladder(t)
            if lad is None:
                raise RuleError(f"unknown emotion ladder {t!r}; write a custom technique as"
                                f" custom:{t}")
            if lad.name in ladders:
                raise RuleError(f"the three techniques must all differ ({lad.name} twice)")
            ladders[lad.name] = 1
    return {
        "name": name, "xp": 1, "hp": 20, "max_hp": 20, "emotion": 0, "heart": 0,
        "ability": known, "points": 0, "e_allowance": 0, "ladders": ladders,
        "custom": custom, "facts": list(facts), "world_points": 0, "money": money,
        "items": [], "counters": {"E": 0, "H": 0, "HP": 0},
    }


def award_xp(kaveri: dict, amount: int) -> list[int]:
    """R-LVL-1: add XP; each level reached banks L points (L+1 when Focused) and one E point
    of allowance (R-LVL-3). Returns the levels reached."""
    if amount < 0:
        raise RuleError("XP can only be given, not taken")
    before = level(kaveri["xp"])
    kaveri["xp"] += amount
    reached = list(range(before + 1, level(kaveri["xp"]) + 1))
    bonus = 1 if kaveri["ability"] == "Focused" else 0
    kaveri["points"] += sum(lv + bonus for lv in reached)
    kaveri["e_allowance"] += len(reached)
    return reached


def ladder_cost(current: int, target: int) -> int:
    """R-LVL-2: raising a ladder from n to n+1 costs exactly n+1 points, step by step."""
    return sum(range(current + 1, target + 1))


def spend(kaveri: dict, e: int = 0, h: int = 0, hp: int = 0, new: list[str] = (),
          raises: dict[str, int] | None = None) -> list[str]:
    """R-LVL-2..4: spend banked points, all or nothing. Returns what was bought, in words."""
    raises = dict(raises or {})
    for amount, what in ((e, "e"), (h, "h"), (hp, "hp")):
        if amount < 0:
            raise RuleError(f"{what}={amount}: points can only be added")
    ladders = dict(kaveri["ladders"])
    custom = dict(kaveri["custom"])
    bought = []
    cost = e + h + hp
    for name in new:
        key, table = _ladder_key(name, ladders, custom, creating=True)
        if key in table:
            raise RuleError(f"{kaveri['name']} already has the {key} ladder")
        table[key] = 1
        cost += 1
        bought.append(f"new ladder {key} (1 point)")
    for name, target in raises.items():
        key, table = _ladder_key(name, ladders, custom, creating=False)
        if key not in table:
            raise RuleError(f"{kaveri['name']} has no {key} ladder; open it first with new={key}")
        if target > MAX_LADDER:
            raise RuleError(f"{key}={target}: a ladder never goes above level {MAX_LADDER}")
        if target <= table[key]:
            raise RuleError(f"{key} is already at level {table[key]}")
        step = ladder_cost(table[key], target)
        bought.append(f"{key} {table[key]} -> {target} ({step} points)")
        table[key] = target
        cost += step
    if e > kaveri["e_allowance"]:
        raise RuleError(f"at most 1 point on E per level reached (R-LVL-3): {kaveri['name']}"
                        f" may put {kaveri['e_allowance']} more on E, not {e}")
    if cost > kaveri["points"]:
        raise RuleError(f"not enough points: this costs {cost}, {kaveri['name']} has"
                        f" {kaveri['points']} banked")
    if cost == 0:
        raise RuleError("nothing to spend: give e=N, h=N, hp=N, new=LADDER or LADDER=LEVEL")
    kaveri["points"] -= cost
    kaveri["e_allowance"] -= e
    kaveri["emotion"] += e
    kaveri["heart"] += h
    kaveri["max_hp"] += hp
    kaveri["hp"] += hp
    kaveri["ladders"], kaveri["custom"] = ladders, custom
    bought = [f"{label} +{n}" for n, label in ((e, "E"), (h, "H"), (hp, "max HP")) if n] + bought
    return bought


def _ladder_key(name: str, ladders: dict, custom: dict, creating: bool) -> tuple[str, dict]:
    lad = find_ladder(name)
    if lad is not None:
        return lad.name, ladders
    bare = name.split(":", 1)[1].strip() if name.casefold().startswith("custom:") else name
    for existing in custom:
        if existing.casefold() == bare.casefold():
            return existing, custom
    if creating and not name.casefold().startswith("custom:"):
        raise RuleError(f"unknown emotion ladder {name!r}; a custom ladder is new=custom:{name}")
    return bare, custom
