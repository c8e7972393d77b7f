"""Confrontations at the table: confront, use, foe, next, runaway, end, status, stand, token,
play (an item), flip's effect on the field. The rules live in guide.games.kaverini.rules.confrontation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import click

from guide.core.errors import CommandError, GuideError
from guide.core.i18n import domain
from guide.core.names import resolve
from guide.core.result import Result, Styled
from guide.games.kaverini import params
from guide.games.kaverini import state as records
from guide.games.kaverini.commands import reminders
from guide.games.kaverini.registry import command
from guide.games.kaverini.rules.confrontation import Fight, extra_hp
from guide.games.kaverini.rules.field import take_schmerz
from guide.games.kaverini.rules.fighters import BUDDY, FOE, KAVERI, Fighter, psychic_present
from guide.games.kaverini.rules.strategy import StrategyFight
from guide.games.kaverini.state import Arena, Confrontation, Foe, State, Versus

if TYPE_CHECKING:
    from guide.games.kaverini.model import Adventure, Card
    from guide.games.kaverini.table import KaveriniTable

_, ngettext, pgettext = domain("kaverini").functions()

N = TypeVar("N", bound=str | None)     # a fighter's name, or none given


@dataclass(frozen=True)
class Ground:
    """The running fight's field: the state the engine works on (the campaign's, or the
    Strategy Game's battle), its confrontation, and the battle's side (None in an adventure)."""

    state: State | Arena
    c: Confrontation
    versus: Versus | None


def arena(t: KaveriniTable) -> Ground | None:
    """The running fight's field: the campaign's confrontation, or the Strategy Game's
    battle; None when no fight runs."""
    c = t.state["confrontation"]
    if c:
        return Ground(t.state, c, None)
    game = t.state.get("strategy")
    battle = game["arena"] if game else None
    if battle and battle["confrontation"]:
        return Ground(battle, battle["confrontation"], battle["versus"])
    return None


def ground(t: KaveriniTable) -> State | Arena:
    """The state the fighters stand in: the running fight's, else the campaign's party."""
    field = arena(t)
    return field.state if field else t.state


def fight(t: KaveriniTable, state: State | Arena | None = None, quiet: bool = False) -> Fight:
    """The engine on the running field (or `state`); what it does is told to the table's
    story as it happens, unless `quiet` (a look that changes nothing)."""
    state = state if state is not None else ground(t)
    tell = None if quiet else t.tell
    if "versus" in state:                    # a collection on its first sides (R-STRAT-2)
        return StrategyFight(state, t.first_side, t.dice, t.house, tell=tell)
    a = t.adventure()
    return Fight(state, t.card, t.dice, t.house, xp_for=a.xp_for if a else (lambda name: 0),
                 tell=tell)


def running(t: KaveriniTable) -> Fight:
    if arena(t) is None:
        if t.adventure() is not None:       # the booklet's scene is what the GM starts
            raise CommandError(_("no confrontation is running (confront --scene {number}, or"
                                 " confront FOE...)").format(number=t.state.get("scene") or 1))
        raise CommandError(_("no confrontation is running (confront FOE... to start one)"))
    return fight(t)


def secrets_open(t: KaveriniTable) -> bool:
    """R-CONF-3: a Psychic Kaveri in the running field (or, outside one, in the party) opens
    the foes' secrets to every player. The one place this is decided."""
    return psychic_present(ground(t)["kaverit"])


def report(t: KaveriniTable, f: Fight, before: Adventure | None = None) -> Result:
    """What the engine did is already in the story (words.py says it); then whose turn. A
    move that lost the game reads the bad ending of the adventure running `before` it (the
    loss ends the adventure, R-CONF-11)."""
    from guide.games.kaverini.campaign import scene_won

    r = Result()
    if before and before.bad_ending and any(e["kind"] == "lost" and not e.get("practice")
                                            for e in f.events):                  # R-CONF-13
        r.add("", before.bad_ending.strip())
    if f.variant == "adventure" and any(e["kind"] == "over" and e["result"] == "won"
                                        and not e.get("practice") for e in f.events):
        r.add(*scene_won(t))
    field = arena(t)
    if field is not None:
        r.add(Styled(turn_line(t, field), "turn"))
    return r


def card_names(t: KaveriniTable, words: tuple[str, ...]) -> list[str]:
    """Card names from words, quoted or not: `Big Bully "Dumb Turkey"` or `Big Bully Dumb Turkey`
    (the longest run of words that names a card wins)."""
    names, i = [], 0
    while i < len(words):
        for j in range(len(words), i, -1):
            candidate = " ".join(words[i:j])
            if t.library.card(candidate) or j == i + 1:
                names.append(candidate)
                i = j
                break
    return names


def turn_line(t: KaveriniTable, field: Ground) -> str:
    """Round, phase and whose turn in the running `field`: after each step and in status."""
    turns = field.c["turns"]
    who = ", ".join(x.name for x in fight(t, quiet=True).waiting()) or "nobody (next)"
    return f"[round {turns['round']}, {turns['phase']}: {who}]"


@command("confront", "confrontation")
@click.argument("cards", nargs=-1, type=params.cards("foe", "power-foe"))
@click.option("--scene", "scene_number", type=params.SCENE, default=None,
              help="Scene N of the adventure: its foes and setting, the XP it lists.")
@click.option("--setting", "settings", multiple=True, type=params.cards("setting"),
              help="A setting card in play (repeatable).")
@click.option("--order", default=None, help="The Kaverit's order, e.g. 'Ann,Bob' (R-CONF-1).")
@click.option("--companion", "companions", multiple=True, type=params.cards("companion"),
              help="With four or more companions, the (at most three) who join (R-CONF-9).")
@click.option("--lv", type=int, default=None, help="Lv for the foes' extra HP (R-CONF-4).")
@click.option("--practice", is_flag=True, help="A practice bout: no XP (R-CONF-13).")
def confront(t: KaveriniTable, cards: tuple[str, ...], settings: tuple[str, ...], order: str | None,
             companions: tuple[str, ...], lv: int | None, practice: bool,
             scene_number: int | None) -> Result:
    """"Get ready to feel!": a confrontation with these foe cards, or those of a scene
    (R-CONF-1, R-CONF-4).

    Example: confront --scene 2"""
    if arena(t) is not None:
        raise CommandError(_("a confrontation is already running (end to stop it)"))
    won_when: tuple[str, ...] = ()
    if scene_number is not None:
        cards, settings, won_when = _scene(t, scene_number, cards, settings)
    if not cards:
        raise CommandError(_("confront which foes? name foe cards, or --scene N"))
    foes = [t.card(name, "foe", "power-foe") for name in card_names(t, cards)]
    setting_cards = [t.card(name, "setting") for name in settings]
    chosen = _kaverit_order(t, order)
    joined = _joining_companions(t, companions)
    f = fight(t, t.state)
    f.start(foes, chosen, setting_cards, joined, lv if lv is not None else t.lv(), practice,
            won_when)
    if secrets_open(t):
        t.tell("psychic")
    reminders.at_start(t)
    return report(t, f)


def _scene(t: KaveriniTable, number: int, cards: tuple[str, ...], settings: tuple[str, ...]
           ) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """--scene N: the scene is entered; its foes and setting unless others are named, and the
    foes whose fall wins it."""
    from guide.games.kaverini.commands.scenes import enter, scene_of

    chosen_scene = scene_of(t, number)
    cards = tuple(cards) or chosen_scene.foes
    if not settings and chosen_scene.setting:
        settings = (chosen_scene.setting,)
    enter(t, number)
    return cards, settings, chosen_scene.won_when


def _kaverit_order(t: KaveriniTable, order: str | None) -> list[str]:
    """The Kaverit's order (R-CONF-1): --order names every Kaveri once, else the party's."""
    names = [k["name"] for k in t.state["kaverit"]]
    if not order:
        return names
    chosen = [t.kaveri(n.strip())["name"] for n in order.split(",") if n.strip()]
    if sorted(chosen) != sorted(names):
        raise CommandError(_("--order must name every Kaveri once: {names}").format(
            names=", ".join(names)))
    return chosen


def _joining_companions(t: KaveriniTable, companions: tuple[str, ...]) -> list[str]:
    """R-CONF-9: every companion joins, but with four or more the GM chooses three."""
    party = t.state["companions"]
    if not companions:
        if len(party) >= 4:
            raise CommandError(_("four or more companions: choose three with --companion"
                                 " (R-CONF-9)"))
        return list(party)
    joined = [t.card(n, "companion").name for n in companions]
    if len(joined) > 3 or any(n not in party for n in joined):
        raise CommandError(_("--companion: at most three companions of the party (R-CONF-9)"))
    if len(party) < 4:
        raise CommandError(_("with fewer than four companions all of them join (R-CONF-9): {value};"
                             " --companion chooses from four").format(
            value=', '.join(party) or 'none'))
    return joined


@command("use", "confrontation")
@click.argument("name", type=params.ACTOR)
@click.argument("technique", nargs=-1, required=True, type=params.TECHNIQUE)
@click.option("--on", default=None, type=params.ADVERSARY,
              help="The target foe (optional when one stands).")
@click.option("--roll", default=None, type=params.Faces(metavar="N[,M]"),
              help="The table's d20 face, and M the Comic d10 (R-DICE-3).")
@click.option("--world-point", "world_point", type=click.Choice(["all-foes", "effect"]),
              default=None, help="Spend a world point (R-WP-2, R-WP-3).")
@click.option("--split", multiple=True, type=params.SPLIT, help="Lagom: N Schmerz to FOE.")
@click.option("--matches", type=click.Choice(["yes", "no"]), default=None,
              help="The GM's answer: does a free-text Shield/Heel apply (R-DMG-7)?")
@click.option("--boost", type=click.Choice(["e", "h", "hp"], case_sensitive=False),
              default=None, help="After Nervousness: where the 2 x Lv goes.")
@click.option("--lv", type=int, default=None,
              help="Lv for a buddy's card technique: a Kaveri's level (R-SHEET-4).")
def use(t: KaveriniTable, name: str, technique: tuple[str, ...], on: str | None,
        roll: list[int] | None, world_point: str | None, split: tuple[tuple[str, int], ...],
        matches: str | None, boost: str | None, lv: int | None) -> Result:
    """A technique of a Kaveri, a buddy, or a companion taking a stand (R-DMG, R-FX).

    Example: use Ann Cheer --on Gull"""
    f = running(t)
    f.choose_lv(lv)
    before = t.adventure()
    d20, d10 = _effect_faces(roll, "--roll")
    on, technique = _numbered_after(f, on, technique, at_end=True)
    f.use(name, " ".join(technique), [on] if on else None, d20, d10, world_point,
          dict(split) or None, None if matches is None else matches == "yes", boost)
    reminders.after_moves(t)
    return report(t, f, before)


@command("foe", "confrontation")
@click.argument("name", type=params.FOE, required=False)
@click.argument("technique", nargs=-1, type=params.FOE_TECHNIQUE)
@click.option("--on", default=None, type=params.TARGET,
              help="The target: a Kaveri, buddy or standing companion.")
@click.option("--roll", type=int, default=None,
              help="The table's face of the foe's move die (a foe without one: its effect d20).")
@click.option("--effect-roll", "effect_roll", default=None, type=params.Faces(metavar="N[,M]"),
              help="The table's d20 for the technique's special effect, and M the Comic d10"
                   " (R-DICE-3).")
@click.option("--split", multiple=True, type=params.SPLIT, help="Lagom: N Schmerz to NAME.")
@click.option("--boost", type=click.Choice(["e", "h", "hp"], case_sensitive=False),
              default=None, help="After Nervousness: where the foe's 2 x Lv goes (R-FX-6).")
@click.option("--lv", type=int, default=None,
              help="Lv for the technique: the level of a Kaveri present (R-SHEET-4).")
def foe(t: KaveriniTable, name: str | None, technique: tuple[str, ...], on: str | None, roll: int | None,
        effect_roll: list[int] | None, split: tuple[tuple[str, int], ...], boost: str | None,
        lv: int | None) -> Result:
    """A foe's technique (phase 4); a foe with a die icon rolls for its move (R-CONF-3);
    without a name, the foe whose turn it is, when only one is.

    Example: foe Gull Loud Squawk --on Ann; foe --on Ann"""
    f = running(t)
    f.choose_lv(lv)
    before = t.adventure()
    d20, d10 = _effect_faces(effect_roll, "--effect-roll")
    actor, technique = _numbered_after(f, name if name is not None else _foe_to_act(f), technique)
    on, technique = _numbered_after(f, on, technique, at_end=True)
    f.foe_use(actor, " ".join(technique) or None, on, roll, dict(split) or None, d20, d10, boost)
    reminders.after_moves(t)
    return report(t, f, before)


@command("next", "confrontation")
@click.option("--dice", "faces", default=None, type=params.FACES,
              help="The table's own faces for what the new round draws (a fluid setting).")
@click.option("--boost", type=click.Choice(["e", "h", "hp"], case_sensitive=False),
              default=None, help="After Nervousness: where the 2 x Lv of the one passing goes.")
def next_(t: KaveriniTable, faces: list[int] | None, boost: str | None) -> Result:
    """End the current phase or turn and move on (those who did not act pass).

    Example: next"""
    f = running(t)
    before = t.adventure()
    if faces:
        t.dice.give(faces)
    f.next(boost)
    faces_used(t, "--dice")
    return report(t, f, before)


@command("runaway", "confrontation")
@click.option("--roll", type=int, default=None, help="The percentile result, 1..100.")
@click.option("--dice", "faces", default=None, metavar="TENS,ONES",
              help="The table's two d10 faces, 0..10 each (R-DICE-2), as for lottery.")
def runaway(t: KaveriniTable, roll: int | None, faces: str | None) -> Result:
    """Try to run away: 25% per cowering Kaveri, the Kaverit's whole round (R-CONF-6).

    Example: runaway --dice 2,3"""
    from guide.games.kaverini.commands.lottery import give_percentile

    f = running(t)
    typed = give_percentile(t, faces, roll, "runaway")
    f.runaway(shown=typed)
    return report(t, f)


@command("end", "confrontation")
def end(t: KaveriniTable) -> Result:
    """End the confrontation early (no XP).

    Example: end"""
    f = running(t)
    f.end()
    return report(t, f)


@command("schmerz", "confrontation")
@click.argument("name", type=params.FIGHTER)
@click.argument("amount", type=click.IntRange(1, 100000))
def schmerz(t: KaveriniTable, name: str, amount: int) -> Result:
    """Deal Schmerz by hand to any fighter (a card's free text, the GM's call), or outside a
    confrontation to a Kaveri or buddy (2.9); the taker's H and abilities apply (R-DMG-8).

    Example: schmerz Gull 2"""
    if arena(t) is None:
        _schmerz_outside(t, name, amount)
        return Result()
    f = running(t)
    before = t.adventure()
    f.schmerz(name, amount)
    reminders.after_moves(t)
    return report(t, f, before)


def _schmerz_outside(t: KaveriniTable, name: str, amount: int) -> None:
    """2.9: the GM's Schmerz for a misdeed, through R-DMG-8 (no field: no effects running).
    The taker is a Kaveri or a buddy, named as people type it (the core's one resolver:
    `schmerz tes 2` finds the buddy Tess)."""
    kaverit = {k["name"]: k for k in t.state["kaverit"]}
    buddies = {b["name"]: b for b in t.state["buddies"]}
    found = resolve(name, [*kaverit, *buddies], pgettext("what", "Kaveri or buddy"))
    if found in kaverit:
        taker = Fighter(KAVERI, kaverit[found], None)
    else:
        b = buddies[found]
        taker = Fighter(BUDDY, b, t.card(b.get("card", b["name"])))
    taken = take_schmerz(taker, amount, taker.base_heart + taker.counters["H"])
    if taker.kind == BUDDY:
        taker.data.pop("counters", None)
    t.tell("schmerz", target=taker.name, lost=taken.lost, hp=taker.hp, max_hp=taker.max_hp,
           **taken.steps(amount), **taken.soaked)


@command("stand", "confrontation")
@click.argument("shares", nargs=-1, required=True, type=params.SHARES)
def stand(t: KaveriniTable, shares: tuple[tuple[str, int], ...]) -> Result:
    """Divide the HP of the companions taking a stand: stand NAME=HP ... (R-CONF-10).

    Example: stand Joop=20 Anouk=25"""
    f = running(t)
    f.shares(dict(shares))
    return report(t, f)


def _foe_to_act(f: Fight) -> str:
    """`foe` without a name: the one foe that may act now, else the one standing (whose
    turn the rules then judge); several: name one."""
    foes = [w.name for w in f.waiting() if w.kind == FOE] or [w.name for w in f.standing(FOE)]
    if len(foes) != 1:
        raise CommandError(_("foe: which foe? {names}").format(names=", ".join(foes)))
    return foes[0]


def _numbered_after(f: Fight, name: N, words: tuple[str, ...], at_end: bool = False
                    ) -> tuple[N | str, tuple[str, ...]]:
    """`foe Spirit 2 Cryface`, `--on Spirit 2`: the number the toolbar shows after a
    duplicate's name (Spirit 2) belongs to the name when, with it, the name is a fighter's."""
    if name is None or not words:
        return name, words
    number = words[-1] if at_end else words[0]
    try:
        found = f.get(f"{name} {number}") if number.isdigit() else None
    except GuideError:
        found = None
    if found is None or not found.name.endswith(f" {number}"):
        return name, words
    return found.name, (words[:-1] if at_end else words[1:])


def faces_used(t: KaveriniTable, option: str) -> None:
    """R-DICE-3: faces the table gave that the command did not draw are refused, naming the
    option, never silently dropped."""
    left = t.dice.unused()
    if left:
        raise CommandError(_("{option} {value}: this command drew no die for {value2} (R-DICE-3); leave"
                             " {option} out").format(
            option=option, value=','.join(map(str, left)), value2='them' if len(left) > 1 else 'it'))


def _effect_faces(faces: list[int] | None, option: str) -> tuple[int | None, int | None]:
    """N[,M]: the effect's d20 and the Comic d10 (R-DICE-3)."""
    if not faces:
        return None, None
    if len(faces) > 2:
        raise CommandError(_("{option} takes the d20 and at most the Comic d10 (N,M), not {count}"
                             " faces").format(
            option=option, count=len(faces)))
    return faces[0], (faces[1] if len(faces) > 1 else None)


def joining_foe(t: KaveriniTable, c: Confrontation, card: Card) -> Foe:
    """A foe that joins the running confrontation `c` (a token, 4.7; a buddy flipped back,
    5.6): numbered after the fighters of its card already there, with R-CONF-14's extra HP."""
    already = sum(x["card"] == card.name for x in c["foes"])
    joins = records.foe(card, records.numbered(card.name, already),
                        extra_hp(len(t.state["kaverit"]), t.lv()))
    c["foes"].append(joins)
    return joins


def on_flip(t: KaveriniTable, shown: str, hidden: str) -> None:
    """A flipped card is its new side everywhere (5.6): a foe that becomes a buddy leaves the
    foes and joins the party; a buddy that becomes a foe (flipped back, say) leaves the party
    and, in a running confrontation, joins the foes with R-CONF-14's extra HP. `shown`: the
    side now up; `hidden`: the side now down."""
    c = t.state["confrontation"]
    now = t.card(shown)
    if c and now.type == "buddy":
        for foe_entry in list(c["foes"]):
            if foe_entry["card"] == hidden:
                c["foes"].remove(foe_entry)
                t.state["buddies"].append(records.buddy(now))
                t.tell("turncoat", foe=foe_entry["name"], buddy=now.name, hp=now.hp)
    if now.is_foe:
        for b in list(t.state["buddies"]):
            if b.get("card", b["name"]) == hidden:
                t.state["buddies"].remove(b)
                joins = joining_foe(t, c, now) if c else None
                t.tell("turned_back", buddy=b["name"], foe=joins["name"] if joins else None,
                       card=now.name, hp=joins["max_hp"] if joins else None)
