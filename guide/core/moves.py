"""A move a seat may make: its button's words and the command line it runs, built from the
command's words by the one line builder (guide.core.line), whatever the names hold. A game's
`seat_moves` gives these; the seats' pages (guide.core.seats) and the bots show and send
them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from guide.core.line import build


@dataclass(frozen=True)
class Move:
    """One move a seat may make now. `line` is the command it runs, `label` its button's
    words; `group` the headings the button sits under, outermost first (("Technique",
    "Cheer (Grin)") with the target as the label: the page shows a heading, a fold, the
    buttons); `detail` a line of small print on the button ("3 Schmerz, 40% effect");
    `key` a name the game's own page finds the move by when it composes a choice from
    several taps (a pad of values, then the one move that is that choice), never shown and
    never read from the label."""
    label: str
    line: str
    group: tuple[str, ...] = ()
    detail: str = ""
    key: str = ""

    @classmethod
    def of(cls, label: str, words: Sequence[object], group: Sequence[str] = (), detail: str = "",
           key: str = "", *, options: Sequence[tuple[str, object]] = ()) -> Move:
        """The move whose command is these words (the command's name, then its positional
        values) with these options ((option, value) pairs, None for a flag): its line is
        written by `guide.core.line.build`, each word quoted as it needs, whatever the names
        hold (quotes, apostrophes, spaces, a leading `-`, `--`)."""
        return cls(label, build(words, options), tuple(group), detail, key)

    def shown(self, index: int) -> dict[str, Any]:
        """What the page receives of it: never the line (the page sends its number back)."""
        out: dict[str, Any] = {"id": index, "label": self.label}
        if self.group:
            out["group"] = list(self.group)
        if self.detail:
            out["detail"] = self.detail
        if self.key:
            out["key"] = self.key
        return out


