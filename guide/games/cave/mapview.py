"""The map (`map`): the whole board as text with the characters beside it, within 80x24 so
that it stays on the screen above the prompt while the next move is typed.

Each square is 3 columns inside walls shared with its neighbours (4 columns and 2 lines a
square: 51 columns and 15 lines for the 12x8 board, under a line of x numbers; no wall is
drawn along the top and bottom edges, where nothing can pass). A wall stands where a tile
is closed; a passage is open where a tile opens toward an empty square or the tile beside
it opens back (C-TURN-1). Inside: the content's letter (capitals, `f`
for a food tile whose food was taken), then the characters on it as numbers 1, 2, 3 ... in
the order they joined, so a character never reads as a tile's letter. The letter always
stays: when the characters do not all fit after it (three on the start tile), the square
shows those that fit and `+` (`S1+`), and a line under the board names every character
of each such square (`+ on the map: 5,3 S: 1 2 3`). Beside the board: whose turn, the draw
pile, and each character's number, meters, square and cards."""

from __future__ import annotations

import textwrap

from guide.core.i18n import N_, domain
from guide.core.text import clip

from .board import sides_at
from .box import Box
from .state import OPPOSITE, CaveState, Character, current, round_of
from .turn import need

WIDTH = 79                   # the REPL breaks a line at the terminal's width less one (80x24)
MARK = {"food": "F", "event": "E", "challenge": "C", "normal": " ", "start": "S", "exit": "X"}
LEGEND = N_("F food (f: taken)  E event  C challenge  S start  X exit  1 2 3: characters")
_, ngettext, pgettext = domain("cave").functions()
# a character's mark: digits, then lower-case letters that are no tile's letter
MARKS = "123456789abdghjkmnpqrtuvwyz"
GAP = 2                      # columns between the board and the characters beside it


def marks(state: CaveState) -> dict[str, str]:
    """Each character's mark on the map: its number in the order of joining."""
    return {c["name"]: MARKS[i] if i < len(MARKS) else "*" for i, c in enumerate(state["characters"])}


def _open(a: tuple[str, ...] | None, b: tuple[str, ...] | None, side: str) -> bool:
    """Is the edge between square a and its neighbour b (toward `side`) a passage? (None: an
    empty square or off the board; a tile always has an opening, box.schema.json)"""
    return (a is None or side in a) and (b is None or OPPOSITE[side] in b)


def _inside(letter: str, here: list[str]) -> str:
    """The 3 columns inside a square: the tile's letter, always (a blank for a normal tile,
    dropped only then), and the characters after it; when they do not all fit, as many as
    fit before a `+` (the line under the board names them all: `crowded`)."""
    mark = "" if letter == " " and len(here) > 2 else letter
    if len(mark) + len(here) > 3:
        return mark + "".join(here[:2 - len(mark)]) + "+"
    text = mark + "".join(here)
    return f"{text:^3}" if not here else f"{text:<3}"


def crowded(state: CaveState, box: Box) -> str:
    """The squares whose characters do not all fit inside them, each with its letter and
    every character on it ("5,3 S: 1 2 3 4"), on one line under the board ("" when none)."""
    squares = []
    for (x, y), here in sorted(_at(state).items(), key=lambda item: (item[0][1], item[0][0])):
        letter = _letter(state, x, y)
        if len(here) > (3 if letter == " " else 2):
            squares.append(f"{x},{y} {letter.strip()}".rstrip() + ": " + " ".join(here))
    return "  ".join(squares)


def _at(state: CaveState) -> dict[tuple[int, int], list[str]]:
    """Each square's characters on the board, by their marks in the order they joined."""
    who = marks(state)
    at: dict[tuple[int, int], list[str]] = {}
    for ch in state["characters"]:
        if ch["state"] == "in" and state["phase"] != "setup":
            at.setdefault((ch["x"], ch["y"]), []).append(who[ch["name"]])
    return at


def _letter(state: CaveState, x: int, y: int) -> str:
    """The content's letter of the tile on (x, y) (`f` for food taken), "." for no tile."""
    placed = state["board"].get(f"{x},{y}")
    if placed is None:
        return "."
    piece = state["pieces"][placed["id"]]
    return "f" if piece["content"] == "food" and piece["eaten"] else MARK.get(piece["content"], "?")


def board_lines(state: CaveState, box: Box) -> list[str]:
    """The board alone: a line of x numbers, then each row, with a line of walls between."""
    at = _at(state)
    sides = {(x, y): sides_at(state, box, x, y) or None for x in range(-1, box.width + 1)
             for y in range(-1, box.height + 1)}
    lines = ["  " + "".join(f" {x:^3}" for x in range(box.width))]
    for y in range(box.height):
        if y:                            # the walls between rows (none along the board's edge)
            wall = "  "
            for x in range(box.width + 1):
                near = [sides[(x - 1, y - 1)], sides[(x, y - 1)], sides[(x - 1, y)], sides[(x, y)]]
                wall += "+" if any(s is not None for s in near) else " "
                if x < box.width:
                    wall += "   " if _open(sides[(x, y - 1)], sides[(x, y)], "down") else "---"
            lines.append(wall)
        row = f"{y:>2}"
        for x in range(box.width + 1):
            row += " " if _open(sides[(x - 1, y)], sides[(x, y)], "right") else "|"
            if x < box.width:
                letter = _letter(state, x, y)
                row += " . " if letter == "." else _inside(letter, at.get((x, y), []))
        lines.append(row)
    return [line.rstrip() for line in lines]


def held(state: CaveState, box: Box, ch: Character) -> str:
    """What holds a character, in a few words ("" when nothing does)."""
    if ch["stuck"]:
        return _("stuck until someone comes")
    challenge = ch["challenge"]
    if challenge is None:
        return ""
    if challenge["crossed"]:
        return _("challenge crossed")
    # moved this turn: the roll comes next turn, after this turn's Energy is spent
    spent = 1 if state["moved"] and current(state) is ch else 0
    return _("challenge: roll {need}, or back {back}").format(
        need=need(box, ch) - spent, back=pgettext("side", challenge["back"]))


def meters(ch: Character) -> str:
    """A character's Energy and mental strength in a few columns ("E8 M4")."""
    return _("E{energy} M{mental}").format(energy=ch["energy"], mental=ch["mental"])


def ended(ch: Character) -> str:
    """How a character out of the cave left it, and in which round ("" while it is in)."""
    if ch["state"] == "in":
        return ""
    return (_("escaped, round {round}") if ch["state"] == "out" else
            _("dead ({cause}), round {round}")).format(
                cause=pgettext("cause", str(ch["cause"])), round=ch["ended"])


def describe(state: CaveState, box: Box, ch: Character, mark: str, width: int) -> list[str]:
    """A character beside the map: one line, and one more for its cards and what holds it."""
    name = ch["name"] if len(ch["name"]) <= 10 else ch["name"][:9] + "~"
    turn = ">" if current(state) is ch else " "
    if ch["state"] != "in":          # how it left (C-END-1), broken between words, never cut
        return textwrap.wrap(f"{turn}{mark} {name} {ended(ch)}", width, subsequent_indent="    ")
    first = f"{turn}{mark} {name:<10} {meters(ch)} {ch['x']},{ch['y']}"
    cards = [_("food {values}").format(values=",".join(map(str, ch["food"]))) if ch["food"] else "",
             _("fire {count}").format(count=ch["fire"]) if ch["fire"] else "",
             _("item {count}").format(count=ch["items"]) if ch["items"] else "",
             held(state, box, ch)]
    second = ", ".join(c for c in cards if c)          # between words, never in one
    return [first[:width]] + textwrap.wrap(second, width, initial_indent="    ",
                                           subsequent_indent="    ")


def panel(state: CaveState, box: Box, rows: int, width: int) -> list[str]:
    """Whose turn, the draw pile and every character, in `rows` lines of `width` columns."""
    ch = current(state)
    if state["phase"] == "setup":
        head = ngettext("Setting up: {count} character", "Setting up: {count} characters",
                        len(state["characters"])).format(count=len(state["characters"]))
    elif state["phase"] == "over":
        out = sum(c["state"] == "out" for c in state["characters"])
        head = _("Over, round {round}: {out} of {count} out").format(
            round=round_of(state), out=out, count=len(state["characters"]))
    else:
        head = _("Round {round}: {who}").format(round=round_of(state), who=ch["name"] if ch else "-")
    tiles = state["tiles"]
    pile = _("Draw pile {draw}, discards {discard}").format(draw=len(tiles["draw"]),
                                                            discard=len(tiles["discard"]))
    lines = [head[:width], pile[:width], ""]
    who = marks(state)
    blocks = [describe(state, box, c, who[c["name"]], width) for c in state["characters"]]
    if len(lines) + sum(map(len, blocks)) > rows:            # many characters: a line each
        blocks = [b[:1] for b in blocks]
    for block in blocks:
        if len(lines) + len(block) > rows:
            lines[-1] = _("... {count} characters: status").format(
                count=len(state["characters"]))[:width]
            break
        lines += block
    return lines


def render_map(state: CaveState, box: Box) -> str:
    """The board with the characters beside it, and a legend under it: pure, state in, text
    out; no line over 79 columns (WIDTH)."""
    board = board_lines(state, box)
    left = 3 + 4 * box.width + GAP
    side = panel(state, box, len(board), WIDTH - left)
    lines = [f"{line:<{left}}{extra}".rstrip() if extra else line
             for line, extra in zip(board, side + [""] * (len(board) - len(side)), strict=True)]
    together = crowded(state, box)
    if together:
        lines.append(clip(_("+ on the map: {squares}").format(squares=together),
                          WIDTH))
    return "\n".join([*lines, _(LEGEND)])
