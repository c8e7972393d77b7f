"""Cards brought into play at the table: `token` (4.7: a foe token joins the foes with
R-CONF-14's extra HP, a buddy token the party, an item token a Kaveri) and `play` (an item
with Usage, before the Kaveri's technique; R-CONF-12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from guide.core.errors import CommandError
from guide.core.i18n import domain
from guide.games.kaverini import params
from guide.games.kaverini import state as records
from guide.games.kaverini.commands.confront import Ground, arena, fight, joining_foe
from guide.games.kaverini.registry import command
from guide.games.kaverini.rules.effects import apply_declared
from guide.games.kaverini.rules.field import Declared
from guide.games.kaverini.rules.fighters import KAVERI, Fighter
from guide.games.kaverini.state import Sheet

if TYPE_CHECKING:
    from guide.games.kaverini.model import Card
    from guide.games.kaverini.table import KaveriniTable

_, ngettext, pgettext = domain("kaverini").functions()



@command("token", "confrontation")
@click.argument("card", nargs=-1, required=True, type=params.cards(token=True))
@click.option("--for", "holder", default=None, type=params.KAVERI,
              help="The Kaveri who gets an item token.")
def token(t: KaveriniTable, card: tuple[str, ...], holder: str | None) -> None:
    """Create a token (4.7): a foe token joins the foes, a buddy token the party, an item
    token goes to a Kaveri.

    Example: token Drowned Bell Spirit"""
    c = t.card(" ".join(card))
    if c.type in ("foe", "power-foe"):
        conf = t.state["confrontation"]
        if not conf:
            raise CommandError(_("a foe token fights in a confrontation; none is running"))
        entry = joining_foe(t, conf, c)        # R-CONF-14
        t.tell("token", card=c.name, side="foes", name=entry["name"], hp=entry["max_hp"])
    elif c.type == "buddy":
        if any(b["name"].startswith(c.name) for b in t.state["buddies"]):
            raise CommandError(_("{name} is already fighting; one token of a buddy at a time").format(
                name=c.name))
        t.state["buddies"].append(records.buddy(c))
        t.tell("token", card=c.name, side="party", name=c.name, hp=c.hp)
    elif c.type == "item":
        if not holder:
            raise CommandError(_("an item token goes to a Kaveri: --for NAME"))
        k = t.kaveri(holder)
        k["items"].append(records.held_item(c.name, c.usage))
        t.tell("token", card=c.name, side="item", name=k["name"])
    else:
        raise CommandError(_("{name} is a {type}; tokens here are foes, buddies or items").format(
            name=c.name, type=c.type))


@command("play", "confrontation")
@click.argument("name", type=params.FIELD_KAVERI)
@click.argument("card", nargs=-1, required=True, type=params.HELD)
@click.option("--on", default=None, type=params.FIGHTER,
              help="A target, when the item's effect needs one.")
def play(t: KaveriniTable, name: str, card: tuple[str, ...], on: str | None) -> None:
    """Play an item (before the Kaveri's technique in a round); one use goes (R-CONF-12).

    Example: play Ann Stroopwafel"""
    from guide.games.kaverini.commands.party import held_item as in_hand

    field = arena(t)
    k = _kaveri_in(t, field, name)
    entry = in_hand(k, " ".join(card))
    item = t.card(entry["card"])
    if entry["uses"] is None:
        raise CommandError(_("{name} has no Usage: it is not played, it acts by its static effect while held"
                             " (R-CONF-12)").format(
            name=item.name))
    if field is not None:
        _may_play_now(t, k)
    t.tell("item_played", kaveri=k["name"], item=item.name)
    told = len(t.story)
    if field is not None:
        _play_in_fight(t, k, item, on)
    else:
        _play_outside(t, k, item)
    if item.effects and len(t.story) == told:        # a heal at full HP, say: the use still goes
        t.tell("item_idle", kaveri=k["name"], item=item.name)
    if not item.effects and item.text:
        t.tell("gm_item", item=item.name, text=item.text)
    entry["uses"] -= 1
    if entry["uses"] <= 0:
        k["items"].remove(entry)
        t.tell("used_up", kaveri=k["name"], item=item.name)


def _may_play_now(t: KaveriniTable, k: Sheet) -> None:
    """In a confrontation an item is played by a Kaveri not cowering (R-CONF-5), on its own
    turn in the Kaverit phase before its technique (R-CONF-2): whose turn it is says both
    (a Kaveri's turn comes in the Kaverit phase, before it has acted)."""
    if k["hp"] == 0:
        raise CommandError(_("{k} is cowering and cannot play items (R-CONF-5)").format(k=k['name']))
    turn = fight(t, quiet=True).turn()
    if turn is None or turn.name != k["name"]:
        raise CommandError(_("items are played in the Kaverit phase, on the Kaveri's own turn"
                           " before the technique (R-CONF-2)"))


def _play_in_fight(t: KaveriniTable, k: Sheet, item: Card, on: str | None) -> None:
    """The item's effects in the running fight: on the fighter named by --on, else on the
    targets each effect declares."""
    f = fight(t)
    holder = next(x for x in f.fighters() if x.kind == KAVERI and x.name == k["name"])
    for effect in item.effects:
        if on:
            targets = [x for x in f.fighters() if x.name.casefold() == on.casefold()]
        else:
            targets = f.declared_targets(Declared(item.name, effect, holder, holder,
                                                  holder.owner))
        apply_declared(f.say, f, item.name, effect, targets, f.lv_of(holder))


def _kaveri_in(t: KaveriniTable, field: Ground | None, name: str) -> Sheet:
    """A Kaveri of the running fight (the Strategy Game's are copies), else of the party."""
    if field is not None and field.versus is not None:
        for k in field.state["kaverit"]:
            if k["name"].casefold() == name.casefold():
                return k
    return t.kaveri(name)


def _play_outside(t: KaveriniTable, k: Sheet, item: Card) -> None:
    """An item played outside a confrontation: the same effects (effects.apply_declared) on
    the Kaverit, those that need no field (heal, counters, E and H)."""
    party = t.state["kaverit"]
    chosen = {"self": [k], "bonded": [k], "kaverit": party, "party": party, "all": party}
    for effect in item.effects:
        targets = [Fighter(KAVERI, sheet, None) for sheet in chosen.get(effect.target, [])]
        apply_declared(t.tell, None, item.name, effect, targets, t.lv())
