"""The cave drawn as tiles, in SVG, for the TV page: passages, contents, the exit, each
character as a numbered token with its Energy and mental strength; a tile no character in
the cave sees is greyed (C-VIS-1: a discovered exit stays, out of sight), a pruned one is
gone. Pure: state in, SVG text out; every text is escaped. The drawing scales to any
screen (viewBox, 100 units a square)."""

from __future__ import annotations

from html import escape

from guide.core.i18n import NP_, domain

from .board import open_sides, seen_by
from .box import Box
from .mapview import marks, meters
from .state import CaveState, Character, current

SQUARE = 100
HALF = SQUARE // 2
PASSAGE = 34                 # the width of a passage
# a square's floor from its middle (dx, dy, width, height): the middle, and each passage out
FLOOR = {"middle": (-PASSAGE // 2, -PASSAGE // 2, PASSAGE, PASSAGE),
         "up": (-PASSAGE // 2, -HALF, PASSAGE, HALF), "right": (0, -PASSAGE // 2, HALF, PASSAGE),
         "down": (-PASSAGE // 2, 0, PASSAGE, HALF), "left": (-HALF, -PASSAGE // 2, HALF, PASSAGE)}
LABEL = {"food": NP_("label", "FOOD"), "event": NP_("label", "EVENT"),
         "challenge": NP_("label", "CHALLENGE"), "start": NP_("label", "START"),
         "exit": NP_("label", "EXIT"), "normal": ""}
_, ngettext, pgettext = domain("cave").functions()


def said(ch: Character) -> str:
    """A token's title: the character's name, Energy and mental strength in words."""
    return _("{name}: Energy {energy}, mental {mental}").format(
        name=ch["name"], energy=ch["energy"], mental=ch["mental"])


COLOURS = ("#e4572e", "#17bebb", "#ffc914", "#76b041", "#a06cd5", "#f49fbc", "#2e86ab", "#f2f2f2")


def _tile(squares: list[str], sides: dict[str, tuple[str, ...]], content: str, taken: bool,
          lit: bool) -> list[str]:
    """One tile (the start tile covers two squares): its rock, the floor of its passages, and
    what it holds."""
    xs = [int(k.split(",")[0]) for k in squares]
    ys = [int(k.split(",")[1]) for k in squares]
    left, top = min(xs) * SQUARE, min(ys) * SQUARE
    wide, high = (max(xs) - min(xs) + 1) * SQUARE, (max(ys) - min(ys) + 1) * SQUARE
    where = _(" and ").join(f"({k})" for k in squares)
    title = f"{where} {pgettext('content', content)}" + (", " + _("food taken") if taken else "") + (
        "" if lit else ", " + _("out of sight"))
    out = [f'<g class="tile {escape(content)}{" taken" if taken else ""}{"" if lit else " unseen"}" '
           f'data-square="{squares[0]}">',
           f"<title>{escape(title)}</title>",
           f'<rect x="{left + 3}" y="{top + 3}" width="{wide - 6}" height="{high - 6}" rx="10" '
           'class="rock"/>']
    for k in squares:
        x, y = (int(v) for v in k.split(","))
        for part in ("middle", *sides[k]):
            dx, dy, w, h = FLOOR[part]
            out.append(f'<rect x="{x * SQUARE + HALF + dx}" y="{y * SQUARE + HALF + dy}" width="{w}" '
                       f'height="{h}" class="floor"/>')
    label = _("food taken") if taken else pgettext("label", LABEL.get(content, content.upper()))
    if label:
        out.append(f'<text x="{left + 10}" y="{top + 22}" class="content">{escape(label)}</text>')
    out.append("</g>")
    return out


def near(state: CaveState, box: Box) -> str:
    """The part of the board around the laid tiles, a square of margin on every side, as a
    viewBox ("X Y W H"): a phone shows the cave at this size (the whole board is too small)."""
    at = [tuple(map(int, k.split(","))) for k in state["board"]] or [box.start_at]
    x0, y0 = max(0, min(x for x, _y in at) - 1), max(0, min(y for _x, y in at) - 1)
    x1 = min(box.width - 1, max(x for x, _y in at) + 1)
    y1 = min(box.height - 1, max(y for _x, y in at) + 1)
    return f"{x0 * SQUARE} {y0 * SQUARE} {(x1 - x0 + 1) * SQUARE} {(y1 - y0 + 1) * SQUARE}"


def board_svg(state: CaveState, box: Box) -> str:
    """The whole board as one <svg> element."""
    width, height = box.width * SQUARE, box.height * SQUARE
    parts = [f'<svg class="cave-board" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" '
             f'data-near="{near(state, box)}" '
             f'role="img" aria-label="the cave, {box.width} by {box.height} squares">',
             f'<rect width="{width}" height="{height}" class="ground"/>']
    for x in range(1, box.width):
        parts.append(f'<line x1="{x * SQUARE}" y1="0" x2="{x * SQUARE}" y2="{height}" class="grid"/>')
    for y in range(1, box.height):
        parts.append(f'<line x1="0" y1="{y * SQUARE}" x2="{width}" y2="{y * SQUARE}" class="grid"/>')
    sides = open_sides(state, box)
    lit = set().union(*(seen_by(state, box, c, sides) for c in state["characters"]
                        if c["state"] == "in"))          # what the characters see (C-VIS-1)
    tiles: dict[str, list[str]] = {}
    for k, placed in state["board"].items():          # the start tile's two squares: one tile
        tiles.setdefault(placed["id"], []).append(k)
    for tile_id, squares in tiles.items():
        piece = state["pieces"][tile_id]
        squares.sort(key=lambda k: tuple(map(int, k.split(",")))[::-1])
        parts += _tile(squares, sides, piece["content"], piece["content"] == "food" and piece["eaten"],
                       any(k in lit for k in squares))
    parts += tokens(state)
    parts.append("</svg>")
    return "".join(parts)


def tokens(state: CaveState) -> list[str]:
    """Each character in the cave as a round token with its number, Energy and mental
    strength; up to four share a square, one in each corner of its floor."""
    who = marks(state)
    turn = current(state)
    by_square: dict[tuple[int, int], list[int]] = {}
    for i, ch in enumerate(state["characters"]):
        if ch["state"] == "in" and state["phase"] != "setup":
            by_square.setdefault((ch["x"], ch["y"]), []).append(i)
    out: list[str] = []
    for (x, y), people in by_square.items():
        shared = len(people) > 1            # smaller tokens, so that no two labels overlap
        r, below, small = (12, 22, " small") if shared else (17, 30, "")
        for place, i in enumerate(people[:4]):
            ch = state["characters"][i]
            cx = x * SQUARE + (28 if place % 2 == 0 else 72) if shared else x * SQUARE + HALF
            cy = y * SQUARE + (36 if place < 2 else 72) if len(people) > 2 else y * SQUARE + HALF - 4
            ring = " now" if ch is turn else ""
            out.append(f'<g class="token{ring}" data-name="{escape(ch["name"])}">'
                       f'<title>{escape(said(ch))}</title>'
                       f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{COLOURS[i % len(COLOURS)]}"/>'
                       f'<text x="{cx}" y="{cy + r // 2 + 1}" class="mark{small}">'
                       f'{escape(who[ch["name"]])}</text>'
                       f'<text x="{cx}" y="{cy + below}" class="meters{small}">{escape(meters(ch))}</text>'
                       "</g>")
    return out
