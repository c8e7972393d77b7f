"""The players' view: a read-only live page for the table's second screen."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from guide.core.viewers import TV

if TYPE_CHECKING:
    from guide.core.table import Table

SCHEMA = 1      # the `schema` of every page the core sends (the TV view, a seat's page)


def shown_view(table: Table) -> dict:
    """What the TV page receives, for every game: the game's `view` (Game.view) with `schema`
    and `game`: the game's id whatever its view says, the view's own `schema` if it gives
    one. A seat's page says both as well (guide.core.seats.Desk.payload_of)."""
    game = table.game
    return {"schema": SCHEMA, **game.view(table, TV), "game": game.id}


def in_language(page: bytes, lang: str, title: str) -> bytes:
    """A page as served to the table: its `<html lang>` the table's language (a phone then
    hyphenates its words, kit.css) and its `<title>` the table's words. A page whose script
    sets its own title later (Kaivo's) still starts with this one."""
    import html  # here: every session imports this module, only a served page needs html

    text = page.decode("utf-8")
    text = re.sub(r'<html lang="[^"]*"', f'<html lang="{html.escape(lang)}"', text, count=1)
    text = re.sub(r"<title>[^<]*</title>", f"<title>{html.escape(title, quote=False)}</title>", text, count=1)
    return text.encode("utf-8")
