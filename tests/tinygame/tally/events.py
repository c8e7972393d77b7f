"""Each kind of event Tally tells, in words, in the table's language (guide.core.events):
the event's data in, the line the game master reads out. The contract checks that every
kind told is here and is said in every language of the game's settings."""

from __future__ import annotations

from guide.core.events import Events
from guide.core.i18n import domain

_, ngettext, pgettext = domain("tally", __package__).functions()


def _revealed(e: dict) -> str:
    guesses = ", ".join(f"{name} {face}" for name, face in e["guesses"].items())
    return _("Guesses: {guesses}").format(guesses=guesses)


events = Events.of({
    "added": lambda e: _("Added {amount}: the count is {count}.").format(**e),
    "rolled": lambda e: _("The d6 shows {face}: the count is {count}.").format(**e),
    "joined": lambda e: _("{name} joins.").format(**e),
    "left": lambda e: _("{name} leaves.").format(**e),
    "came_back": lambda e: _("{name} comes back to their seat.").format(**e),
    "guessed": lambda e: _("{name} has guessed (sealed).").format(**e),
    "turn": lambda e: _("{name}'s turn to guess.").format(**e),
    "revealed": _revealed,
    "alarm_set": lambda e: _("The bell will ring in {seconds:g} s.").format(**e),
    "alarm_off": lambda e: _("No bell after all."),
    "rang": lambda e: _("The bell rings: the count is {count}.").format(**e),
    "drew": lambda e: _("{name} draws a {face}.").format(**e),
    "card_drawn": lambda e: _("{name} draws a card (hidden).").format(**e),
})
