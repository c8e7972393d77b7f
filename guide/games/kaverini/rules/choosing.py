"""Choosing a move: which technique a fighter uses, as a Move (a Kaveri's ladder or custom
technique, a buddy's or foe's card technique, R-FX-6; a foe's move die, R-CONF-3; guide's
pick for a foe without one, by the odds' policy). Part of Fight, through Techniques."""

from __future__ import annotations

from dataclasses import dataclass

from guide.core.errors import GuideError, RuleError
from guide.core.i18n import domain
from guide.core.names import Ambiguous, resolve
from guide.games.kaverini.data.tables import Ladder, ladder_of_technique, ladders_of_technique
from guide.games.kaverini.data.tables import ladder as find_ladder
from guide.games.kaverini.model import Technique
from guide.games.kaverini.rules.field import Field
from guide.games.kaverini.rules.fighters import BUDDY, STAND, Fighter
from guide.games.kaverini.rules.leveling import ladder_as_typed
from guide.games.kaverini.rules.schmerz import base_schmerz

_, ngettext, pgettext = domain("kaverini").functions()


@dataclass(slots=True)
class Move:
    """A technique as one fighter uses it."""

    name: str
    base: int
    emotion: str | None          # for Shields and Heels
    ladder: str | None           # an emotion ladder: rolls for its special effect
    level: int                   # ladder level (for R-FX-1)


Targets = list[tuple[Fighter, int | None]]


def _ladder_move(lad: Ladder, lv: int) -> Move:
    """A ladder's technique at level `lv`: it deals its level (R-DMG-1) and rolls for its
    effect (R-FX-1)."""
    return Move(lad.technique_name(lv), base_schmerz(ladder_level=lv), lad.name, lad.name, lv)


class Choosing(Field):
    """How a fighter's technique becomes a Move."""

    # --- choosing ---------------------------------------------------------------------
    def _foe_technique(self, user: Fighter, technique: str | None, roll: int | None) -> Technique:
        card = user.card
        assert card is not None
        if not card.move_die:
            if technique:           # found inline, the refusal called only when needed: a hot spot
                return card.technique(technique) or self._card_technique(user, technique)
            face = self.dice.d(len(card.techniques))    # guide picks, by the odds' policy
            picked = card.techniques[face - 1]
            self.say("move_picked", actor=user.name, die=len(card.techniques), face=face,
                     technique=picked.name)
            return picked
        if roll is None and technique:              # the table rolled its own die (R-DICE-3)
            named = self._card_technique(user, technique)
            self.say("move_named", actor=user.name, die=card.move_die, technique=named.name)
            return named
        if roll is not None and not 1 <= roll <= card.move_die:
            raise RuleError(_("a d{move_die} shows 1 to {move_die}, not {roll}").format(
                move_die=card.move_die, roll=roll))
        if roll is None:
            face = self.dice.d(card.move_die)
        else:
            face = roll                                 # the table's own (R-DICE-3)
            self.dice.drawn.append((card.move_die, face))
        picked = next(t for t in card.techniques if face in t.roll)
        if technique and card.technique(technique) is not picked:
            raise RuleError(_("the d{move_die} shows {face}: {name} uses {name2}, not"
                              " {technique}").format(
                move_die=card.move_die, face=face, name=user.name, name2=picked.name,
                technique=technique))
        self.say("move_rolled", actor=user.name, die=card.move_die, face=face,
                 technique=picked.name)
        return picked

    @staticmethod
    def _card_technique(user: Fighter, technique: str) -> Technique:
        """A buddy's or foe's card technique by its name, or a refusal naming those it knows."""
        card = user.card
        assert card is not None
        tech = card.technique(technique)
        if tech is None:
            raise RuleError(_("{name} has no technique {technique!r}; it knows {known}").format(
                name=user.name, technique=technique,
                known=", ".join(t.name for t in card.techniques)))
        return tech

    def _card_move(self, user: Fighter, tech: Technique) -> Move:
        """R-FX-6: a buddy's or foe's technique named as a ladder technique of the Emotion
        Table rolls for its effect at that level; any other is like a custom one."""
        base = tech.schmerz.value(self.lv_of(user))
        lad = ladder_of_technique(tech.name)
        if lad is None:
            return Move(tech.name, base, tech.emotion, None, 0)
        level = [t.casefold() for t in lad.techniques].index(tech.name.casefold()) + 1
        return Move(tech.name, base, tech.emotion or lad.name, lad.name, level)

    def _move(self, user: Fighter, technique: str) -> Move:
        if user.kind == BUDDY:
            return self._card_move(user, self._card_technique(user, technique))
        if user.kind == STAND:
            lad = find_ladder(technique) or ladder_of_technique(technique)
            if lad is None:                          # `slapstick`: a ladder as people say it
                try:
                    lad = ladder_as_typed(technique)
                except RuleError:
                    raise RuleError(_("a companion taking a stand uses an emotion ladder, not"
                                      " {technique!r} (R-CONF-10)").format(
                        technique=technique)) from None
            return _ladder_move(lad, min(user.level, 10))
        sheet = user.sheet
        lad = find_ladder(technique) or self._known_ladder(sheet["ladders"], technique)
        if lad is not None and lad.name in sheet["ladders"]:
            return _ladder_move(lad, sheet["ladders"][lad.name])
        for name, lv in sheet["custom"].items():
            if name.casefold() == technique.removeprefix("custom:").casefold():
                return Move(name, base_schmerz(custom_level=lv, user_level=user.level), None,
                            None, lv)
        known = list(sheet["ladders"]) + list(sheet["custom"])
        try:                        # a beginning or a word of one it knows: `use Cy Comic`
            named = resolve(technique.removeprefix("custom:"), known, pgettext("what", "technique"))
        except Ambiguous as e:
            raise RuleError(_("{name}: {e}").format(name=user.name, e=e)) from None
        except GuideError:
            raise RuleError(_("{name} has no technique {technique!r}; known: {value}").format(
                name=user.name, technique=technique, value=', '.join(known))) from None
        return self._move(user, named)

    @staticmethod
    def _known_ladder(known: dict[str, int], technique: str) -> Ladder | None:
        """A technique named as in the Emotion Table: among the ladders the Kaveri knows
        first (Grin is Cheer 1 and Happy 2); still ambiguous, the choices are listed."""
        named = ladders_of_technique(technique)
        mine = [lad for lad in named if lad.name in known] or named
        if len(mine) > 1:
            raise RuleError(_("{technique!r} is on {ladders}: name the ladder ({choices})").format(
                technique=technique, ladders=_(" and ").join(lad.name for lad in mine),
                choices=", ".join(lad.name for lad in mine)))
        return mine[0] if mine else None
