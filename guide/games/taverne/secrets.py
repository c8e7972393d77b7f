"""What a brawl's state hides (Game.secret_variants, guide.core.secrets), as the rules say:
an Attack sealed in call 4, its Weapon and its Dirty Trick's name, until call 5 settles it
(T-CALL-4: the attacker's own; the target too before call 4 is over, `views.public_attacks`);
a defender's division of their Dodges until it is settled (T-CALL-5: the defender's); an
Auction bid until the bids are revealed (T-VAR-AU-1: the bidder's); a Weapon pile below its
top (T-WPN-1: only the top is public; the owner's page shows the pile). A hand is public
in this companion (every Counter shows it, docs/taverne.md), so nothing of it is varied.
Sealed choices are no one's but the chooser's: the Pillar, at the terminal, is a player."""

from __future__ import annotations

from collections.abc import Callable

from guide.core.secrets import Secret
from guide.core.variants import changed

from .model import Player, Quarrel, State
from .seating import reaching, targets


def secret_variants(state: State) -> list[Secret]:
    """Each secret the brawl holds now: whose it is, and the state with that one hidden
    thing changed (guide.core.variants.changed)."""
    out: list[Secret] = []
    if state["revealed"] < 5:
        for i, q in enumerate(state["quarrels"]):
            out += [s for variant in QUARREL_SECRETS if (s := variant(state, i, q)) is not None]
    for name, p in state["players"].items():
        out += [s for variant in PLAYER_SECRETS if (s := variant(state, name, p)) is not None]
    return out


def _sealed_weapon(state: State, i: int, q: Quarrel) -> Secret | None:
    """T-CALL-4: the Weapon of a sealed Attack, another of the attacker's hand (an odd one
    for a ranged Attack, T-WPN-2)."""
    hand = reaching(state["players"][q["attacker"]]["hand"], q["range"])
    other = next((w for w in hand if w != q["weapon"]), None)
    return None if other is None else Secret(
        q["attacker"], changed(state, ("quarrels", i, "weapon"), other), f"{q['attacker']}'s sealed Weapon")


def _sealed_target(state: State, i: int, q: Quarrel) -> Secret | None:
    """T-CALL-4: whom the Attack aims at, another in the same range, until call 4 ends."""
    aim = next((n for n, r in targets(state, q["attacker"]).items()
                if n != q["target"] and r == q["range"]), None)
    if state["revealed"] >= 4 or aim is None:      # whom: sealed until call 4 ends
        return None
    return Secret(q["attacker"], changed(state, ("quarrels", i, "target"), aim),
                  f"{q['attacker']}'s sealed target")


def _sealed_trick(state: State, i: int, q: Quarrel) -> Secret | None:
    """T-CALL-4: the name of the Dirty Trick placed with the Attack."""
    return None if q["trick"] is None else Secret(
        q["attacker"], changed(state, ("quarrels", i, "trick"), q["trick"] + " (another)"),
        f"{q['attacker']}'s sealed Dirty Trick")


def _sealed_dodges(state: State, i: int, q: Quarrel) -> Secret | None:
    """T-CALL-5: the defender's division of their Dodges, until it is settled."""
    dodges = q["dodges"]
    if not dodges:
        return None
    free = next(v for v in range(1, 10) if v not in dodges)
    return Secret(q["target"], changed(state, ("quarrels", i, "dodges"), sorted([free, *dodges[1:]])),
                  f"{q['target']}'s Dodges against {q['attacker']}")


def _sealed_bid(state: State, name: str, p: Player) -> Secret | None:
    """T-VAR-AU-1: an Auction bid, until the bids are revealed."""
    if p["bid"] is None or state["auction_revealed"]:
        return None
    other = p["bid"] + 1 if p["bid"] < 30 else p["bid"] - 1
    return Secret(name, changed(state, ("players", name, "bid"), other), f"{name}'s sealed bid")


def _pile_below(state: State, name: str, p: Player) -> Secret | None:
    """T-WPN-1: a Weapon pile below its top (only the top is public)."""
    pile = p["pile"]
    return None if len(pile) < 3 else Secret(
        name, changed(state, ("players", name, "pile"), [pile[0], pile[2], pile[1], *pile[3:]]),
        f"{name}'s Weapon pile under its top")


# each a secret a quarrel (a player) may hold: a variant of the state, or None
QUARREL_SECRETS: tuple[Callable[[State, int, Quarrel], Secret | None], ...] = (
    _sealed_weapon, _sealed_target, _sealed_trick, _sealed_dodges)
PLAYER_SECRETS: tuple[Callable[[State, str, Player], Secret | None], ...] = (_sealed_bid, _pile_below)
