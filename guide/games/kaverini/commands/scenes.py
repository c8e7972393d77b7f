"""The adventure's scenes at the table: `scene [N]` reads a scene (its text, setting, foes
with the XP the booklet lists, what comes next) and makes it the current one; `confront
--scene N` (confront.py) starts its confrontation. The current scene is kept in the state
(`scene`, 1-based; absent in older campaigns) so recap can tell the evening scene by scene."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import click

from guide.core.errors import CommandError
from guide.core.i18n import domain
from guide.core.result import Result, Styled
from guide.games.kaverini import params
from guide.games.kaverini.model import Adventure, Scene
from guide.games.kaverini.registry import command

if TYPE_CHECKING:
    from guide.games.kaverini.table import KaveriniTable

_, ngettext, pgettext = domain("kaverini").functions()


def scene_of(t: KaveriniTable, number: int) -> Scene:
    a = running_adventure(t)
    if not 1 <= number <= len(a.scenes):
        raise CommandError(_("{title} has scenes 1 to {count}, not {number}").format(
            title=a.title, count=len(a.scenes), number=number))
    return a.scenes[number - 1]


def running_adventure(t: KaveriniTable) -> Adventure:
    a = t.adventure()
    if a is None:
        raise CommandError(_("no adventure is running (adventure ID starts one)"))
    if not a.scenes:
        raise CommandError(_("{title} has no scenes").format(title=a.title))
    return a


def paragraphs(text: str, width: int = 78, indent: str = "") -> list[str]:
    """Booklet text wrapped for an 80-column terminal, blank lines between paragraphs."""
    out: list[str] = []
    text = text.strip()
    breaks = "\n\n" if "\n\n" in text else "\n"     # a folded YAML block keeps one newline
    for i, para in enumerate(p for p in text.split(breaks) if p.strip()):
        out += ([""] if i else []) + textwrap.wrap(" ".join(para.split()), width,
                                                  initial_indent=indent, subsequent_indent=indent)
    return out


def enter(t: KaveriniTable, number: int) -> bool:
    """Make scene `number` the current one (told once, when it changes): did it change?"""
    if t.state.get("scene") == number:
        return False
    t.state["scene"] = number
    t.tell("scene", scene=number, name=scene_of(t, number).name)
    return True


def describe(t: KaveriniTable, number: int) -> Result:
    a = running_adventure(t)
    s = scene_of(t, number)
    r = Result([Styled(s.name, "turn")])
    if s.setting:
        r.add(_("Setting: {setting}").format(setting=s.setting))
    if s.foes:
        r.add(_("Foes: {foes}").format(foes=", ".join(
            _("{foe} ({xp} XP)").format(foe=f, xp=a.xp_for(f)) for f in s.foes)),
              _("To fight: {command}").format(
                  command=t.registry.move("confront", "", scene_number=number).line))
    r.add("", *paragraphs(s.text), "")
    if number < len(a.scenes):
        r.add(_("Next: {name} (scene {number}).").format(name=a.scenes[number].name,
                                                        number=number + 1))
    else:
        r.add(_("This is the last scene of the adventure."))
    return r


@command("scene", "adventure")
@click.argument("number", type=params.SCENE, required=False)
def scene(t: KaveriniTable, number: int | None) -> Result:
    """Read a scene of the adventure aloud: its text, setting, foes with their XP, and what
    comes next; it becomes the current scene. Without NUMBER: the current scene (or the
    first).

    Example: scene 3"""
    if number is None:
        number = t.state.get("scene") or 1
    r = describe(t, number)             # refuses a scene the running adventure lacks
    if t.state["confrontation"] and number != t.state.get("scene"):
        r.notes.append(_("(Only read: a confrontation is running; this scene becomes the"
                         " current one when you come to it.)"))
        return r
    if enter(t, number):
        r.lines.pop(0)                 # the scene's event line is its heading
    return r
