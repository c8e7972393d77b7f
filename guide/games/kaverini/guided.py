"""The guided form of `kaveri NAME` in a terminal (Table.ask): each answer is checked as it
is given; a typo is asked again with "did you mean", the suggestion prefilled so Enter
accepts it; the abilities are shown with their one-line descriptions; then the three
facts (R-SHEET-1)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from guide.core.errors import GuideError
from guide.core.i18n import domain
from guide.core.names import Ambiguous, resolve
from guide.core.names import closest as names_closest
from guide.games.kaverini.data.tables import abilities, ladders

if TYPE_CHECKING:
    from guide.games.kaverini.table import KaveriniTable


_, ngettext, pgettext = domain("kaverini").functions()


class Retry(Exception):
    """An answer that cannot stand: why, and the suggestion to prefill."""

    def __init__(self, problem: str, suggestion: str = ""):
        super().__init__(problem)
        self.problem, self.suggestion = problem, suggestion


def closest(word: str, names: list[str]) -> str:
    return names_closest(word, names, cutoff=0.5) or ""


_heard: list[str] = []      # "psy" taken as Psychic: said above the next question


def ask_until(t: KaveriniTable, question: str, choices: list[str], check, meta: dict[str, str] | None = None
              ) -> str:
    """Ask until `check(answer)` takes it; a problem is said above the question again, and
    an answer taken for a longer name says which, above the next question."""
    default = ""
    said = "\n".join([*_heard, question])
    _heard.clear()
    assert t.ask is not None, "asked only at a terminal"
    while True:
        answer = t.ask(said, choices, default, meta)
        try:
            taken = check(answer)
            if taken.casefold() != answer.strip().casefold():
                _heard.append(f"  ({answer.strip()}: {taken})")
            return taken
        except Retry as r:
            default = r.suggestion
            said = f"  ! {r.problem}" + (" " + _("Enter takes it.") if r.suggestion else "") + \
                f"\n{question.split(chr(10))[-1]}"


def check_ability(answer: str) -> str:
    names = list(abilities())
    try:
        return resolve(answer, names, pgettext("what", "ability"))
    except GuideError:
        guess = closest(answer, names)
        raise Retry((_("{answer!r} is not an ability; did you mean {guess}?") if guess else
                     _("{answer!r} is not an ability: {names}")).format(
                         answer=answer, guess=guess, names=", ".join(names)), guess) from None


def technique_checker(chosen: list[str]):
    names = [lad.name for lad in ladders().values()]
    taken = {c.casefold().removeprefix("custom:").strip() for c in chosen}

    def check(answer: str) -> str:
        if answer.casefold().startswith("custom:"):
            own = answer.split(":", 1)[1].strip()
            if not own:
                raise Retry(_("a custom technique needs a name: custom:NAME"))
            if own.casefold() in {n.casefold() for n in names}:
                raise Retry(_("{name} is an emotion ladder; a custom technique needs another"
                              " name").format(name=own), own)
            picked = f"custom:{own}"
        else:
            try:
                picked = resolve(answer, names, pgettext("what", "ladder"))
            except Ambiguous as e:         # the choices, in the core's words
                raise Retry(str(e), closest(answer, names)) from None
            except GuideError:
                guess = closest(answer, names)
                if guess:
                    raise Retry(_("no ladder named {answer!r}; did you mean {guess}? (or"
                                  " custom:{answer})").format(guess=guess, answer=answer),
                                guess) from None
                raise Retry(_("no ladder named {answer!r} (the ladders: {names}); custom:{answer}"
                              " makes it your own").format(answer=answer, names=", ".join(names))
                            ) from None
        if picked.casefold().removeprefix("custom:") in taken:
            raise Retry(_("{name} is already chosen; the three techniques differ (R-SHEET-1)")
                        .format(name=picked))
        return picked

    return check


def ask_sheet(t: KaveriniTable, ability: str | None, chosen: list[str], told: list[str]
              ) -> tuple[str, list[str], list[str]]:
    """What the line left out, asked one answer at a time."""
    _heard.clear()
    if ability is None:
        table = "\n".join(textwrap.fill(f"{name:<12} {text}", 78, initial_indent="    ",
                                         subsequent_indent=" " * 17)
                           for name, text in abilities().items())
        ability = ask_until(t, "  " + _("Abilities (one, R-SHEET-1):") + f"\n{table}\n" + _("Ability"),
                            list(abilities()), check_ability, dict(abilities()))
    meta = {lad.name: f"{lad.effect}: {lad.text}"[:60] for lad in ladders().values()}
    while len(chosen) < 3:
        chosen.append(ask_until(t, _("Technique {number} of 3 (a ladder, or custom:NAME)").format(
                                    number=len(chosen) + 1),
                                list(meta), technique_checker(chosen), meta))
    told = [f for f in told if f.strip()]
    while len(told) < 3:                      # R-SHEET-1: three facts, each asked for
        told.append(ask_until(t, _("Fact {number} of 3 (free text)").format(number=len(told) + 1),
                              [], check_fact))
    _heard.clear()
    return ability, chosen, told


def check_fact(answer: str) -> str:
    if not answer.strip():
        raise Retry(_("a Kaveri has three facts (R-SHEET-1): tell one, in a few words"))
    return answer.strip()
