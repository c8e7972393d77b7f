"""`guide new box NAME [--to DIR]` (the core's command, through Game.box_template): a small
working box to start one's own from (rulebook 1.4, 7.3: "You are more than welcome to create
your own adventures"). The template is data
(guide/games/kaverini/template/): cards, a booklet with three scenes, an XP table, shops, a
pronunciation guide and the 100 quote slots of R-QL-1 (ten written as examples, the rest
placeholders that `guide check --facts` lists), with the schemas for editors beside them."""

from __future__ import annotations

import json
from importlib import resources

from guide.core.errors import GuideError
from guide.core.i18n import domain
from guide.core.template import BoxTemplate, slug
from guide.core.text import name_problem

TEMPLATE = ("cards.yaml", "booklet.yaml")
SCHEMAS = ("cards.schema.json", "adventure.schema.json")
_, ngettext, pgettext = domain("kaverini").functions()


def box_files(name: str, ident: str) -> dict[str, str]:
    """The files of a new box named `name` (its adventure `ident`), by path inside its folder."""
    here = resources.files("guide.games.kaverini")
    files = {}
    for template in TEMPLATE:
        text = here.joinpath("template").joinpath(template).read_text("utf-8")
        text = (text.replace("__TITLE_TEXT__", name).replace("__ID__", ident)
                .replace("__TITLE__", json.dumps(name, ensure_ascii=False)))
        files["cards.yaml" if template == "cards.yaml" else f"{ident}.yaml"] = text
    schemas = here.joinpath("data").joinpath("schemas")
    for schema in SCHEMAS:
        files[f"schemas/{schema}"] = schemas.joinpath(schema).read_text("utf-8")
    return files


def template(name: str | None) -> BoxTemplate:
    """`guide new box NAME`: the box named NAME (a GuideError for a name it cannot take)."""
    from guide.games.kaverini.data.loader import bundled_library

    if name is None:
        raise GuideError(_("a Kaverini box needs a NAME: {example}").format(
            example='guide new box "Harbour Fog"'))
    problem = name_problem(name)
    ident = slug(name)               # the adventure id: lower-case letters, digits and dashes
    if problem or not ident or not ident[0].isalnum():
        raise GuideError(_("box name {name!r}: {problem}").format(
            name=name, problem=problem or _("give it some letters or digits")))
    if ident in bundled_library().adventures:
        raise GuideError(_("the bundled box already has an adventure {id!r}; name yours"
                           " otherwise").format(id=ident))
    files = box_files(name, ident)
    return BoxTemplate(files, ident, [     # `{folder}` is the core's to fill
        ngettext("A new box in {folder}: adventure {id!r}, {count} file.",
                 "A new box in {folder}: adventure {id!r}, {count} files.", len(files)).format(
            folder="{folder}", id=ident, count=len(files)),
        _("Next: {command}   (lists the 90 quotes to write)").format(
            command="guide check --facts {folder}"),
        f"      guide odds --box {{folder}} --adventure {ident} --size 3"])
