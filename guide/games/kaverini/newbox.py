"""`guide new box NAME [--to DIR]`: a small working box to start one's own from (rulebook 1.4,
7.3: "You are more than welcome to create your own adventures"). The template is data
(guide/games/kaverini/template/): cards, a booklet with three scenes, an XP table, shops, a
pronunciation guide and the 100 quote slots of R-QL-1 (ten written as examples, the rest
placeholders that `guide check --facts` lists), with the schemas for editors beside them."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import click

from guide.core.cli import UserError
from guide.core.text import name_problem

TEMPLATE = ("cards.yaml", "booklet.yaml")
SCHEMAS = ("cards.schema.json", "adventure.schema.json")


def box_id(name: str) -> str:
    """The adventure id of a box name: lower-case letters, digits and dashes."""
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")


def box_files(name: str) -> dict[str, str]:
    """The files of a new box named `name`, by path inside its folder."""
    ident = box_id(name)
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


@click.group("new")
def new() -> None:
    """Start something of your own from a template: `guide new box NAME`."""


@new.command("box")
@click.argument("name")
@click.option("--to", "to", type=click.Path(path_type=Path), default=None, metavar="DIR",
              help="The folder to write (default: one named after the box, here).")
def box(name: str, to: Path | None) -> None:
    """A small working box: cards, a booklet with three scenes, XP, a shop, words to say and
    the 100 quote slots (ten examples, the rest to write). `guide check DIR` passes it,
    `guide check --facts DIR` lists the quotes still to write, and `guide odds --box DIR
    --adventure ID` plays it."""
    from guide.games.kaverini.data.loader import bundled_library

    problem = name_problem(name)
    ident = box_id(name)
    if problem or not ident or not ident[0].isalnum():
        raise UserError(f"box name {name!r}: {problem or 'give it some letters or digits'}")
    if ident in bundled_library().adventures:
        raise UserError(f"the bundled box already has an adventure {ident!r}; name yours"
                        " otherwise")
    folder = to or Path(ident)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise UserError(f"--to: {folder} already exists and is not an empty folder; nothing"
                        " was written")
    files = box_files(name)
    try:
        for path, text in files.items():
            target = folder / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    except OSError as e:
        raise UserError(f"--to: cannot write {folder}: {e.strerror or e}") from None
    click.echo(f"A new box in {folder}: adventure {ident!r}, {len(files)} files.")
    click.echo(f"Next: guide check --facts {folder}   (lists the 90 quotes to write)")
    click.echo(f"      guide odds --box {folder} --adventure {ident} --size 3")
