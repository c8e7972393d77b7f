"""`guide new box --game taverne DIR`: the box file a table fills from its real cards
(Game.box_template). The rulebook prints no Character power, no Initial Loot and no
Specialty text: the template names the Characters the rulebook names, with those fields
empty, and shows where the rest goes. Valid as it stands (`guide check` passes)."""

from __future__ import annotations

from .box import Box

HEAD = """\
# Taverne de la Licorne: the table's own cards, typed from the real box.
# The rulebook prints no Character power, no Initial Loot and no Specialty text, so the
# companion never invents them: write each as your card prints it.
#   guide check --game taverne FOLDER          checks this file (FILE:LINE:COL: what)
#   guide play --game taverne --box FOLDER     plays with it
box: our Taverne de la Licorne
source: the cards of our box

# One line a Character card: `name` its title, `tavern` the Tavern of its symbol (none:
# this box's own, the Crypte of the rulebook's examples),
# `initial_loot` 1 to 3, `power` its text, `calls` the calls (1 to 9) at which its power
# acts (the companion shows the text then). Those the rulebook names are listed; add the
# others of your box (15 Characters in all), e.g.
#   - {name: Title, tavern: Crypte, initial_loot: 2, power: "the text", calls: [1]}
characters:
"""

SPECIALTIES = """\

# One line a Specialty card: `name`, `kind` (asset, dirty trick or spell), `tavern` (the
# pile it is drawn from), `text` as printed, e.g.
#   - {name: Title, kind: spell, tavern: Crypte, text: "the text"}
specialties: []
"""


def template(box: Box) -> dict[str, str]:
    """The one file, `cards.yaml`, of the table's box folder."""
    lines = [f"  - {{name: {_plain(c.name)}, tavern: null, initial_loot: null,"
             f" power: null, calls: []}}" for c in box.characters.values()]
    return {"cards.yaml": HEAD + "\n".join(lines) + "\n" + SPECIALTIES}


def _plain(text: str) -> str:
    return text if text.replace(" ", "").isalpha() else '"' + text.replace('"', '\\"') + '"'
