"""`guide print`: Shabbat mode (rulebook 7.3), the box on paper: one self-contained HTML page
(guide.games.kaverini.paper), and with --pdf the same page printed by headless Chromium."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import click

from guide.core import settings
from guide.core.cli import BOX, PathOf, UserError
from guide.core.files import write_whole
from guide.core.i18n import N_, domain
from guide.core.text import shown_path

_, ngettext, pgettext = domain("kaverini").functions()

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
PDF_SECONDS = 120


def chromium() -> str | None:
    """The headless browser that prints, if one is installed."""
    return next((found for found in map(shutil.which, BROWSERS) if found), None)


def print_pdf(browser: str, html: Path, pdf: Path) -> None:
    """Chromium prints the page (its own @page rules) to a PDF; a one-line error otherwise."""
    with tempfile.TemporaryDirectory(prefix="guide-print-") as profile:
        try:
            done = subprocess.run(
                [browser, "--headless", "--no-sandbox", "--disable-gpu",
                 f"--user-data-dir={profile}", "--no-pdf-header-footer",
                 f"--print-to-pdf={pdf}", html.resolve().as_uri()],
                capture_output=True, text=True, timeout=PDF_SECONDS)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise UserError(_("--pdf: {browser} could not print the page: {why}").format(
                browser=browser, why=e)) from None
    if done.returncode != 0 or not pdf.is_file():
        last = (done.stderr.strip().splitlines() or [_("no output")])[-1]
        raise UserError(_("--pdf: {browser} could not print the page: {why}").format(
            browser=browser, why=last))


@click.command("print", help=N_(
    "Shabbat mode: the box on paper, one page to print (A4 by default, or Letter): the\n"
    "confrontation reference, each Kaveri's sheet, every card with its back, the scenes,\n"
    "shops, pronunciation guide, the quote lottery, and E, H and HP counters to cut out\n"
    "(rulebook 7.3)."))
@click.option("--adventure", "adventure_id", default=None, metavar="ID",
              help=N_("The adventure to print (default: the campaign's running one, or the"
                      " only one of the box)."))
@click.option("--campaign", type=PathOf(), default=None,
              help=N_("The campaign whose Kaveri sheets to print (default: a blank sheet)."))
@BOX
@click.option("--to", "to", type=PathOf(), required=True, metavar="FILE.html",
              help=N_("The page to write."))
@click.option("--pdf", is_flag=True,
              help=N_("Also print it to FILE.pdf through headless Chromium."))
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True, help=N_("The paper size (A4 for a European box)."))
def print_command(adventure_id, campaign, boxes, to, pdf, paper) -> None:
    # Shabbat mode (rulebook 7.3): the page, and with --pdf the PDF Chromium prints of it
    from guide.games.kaverini.paper import page

    browser = chromium() if pdf else None
    if pdf and browser is None:
        raise UserError(_("--pdf needs headless Chromium, and none is installed (chromium,"
                          " chromium-browser or google-chrome on the PATH; e.g. apt-get install"
                          " chromium); nothing was written"))
    library, sheets, running = _campaign(campaign, list(boxes))
    adventure = _adventure(library, adventure_id or running)
    if to.is_dir():
        raise UserError(_("--to: {to} is a folder; name the page to write, e.g. {to}/box.html")
                        .format(to=to))
    if to.suffix.casefold() == ".pdf":     # the page is HTML; --pdf would print it onto itself
        raise UserError(_("--to: {to} would hold the HTML page, not a PDF; name the page"
                          " {page} (with --pdf, {pdf} is printed beside it); nothing was written")
                        .format(to=shown_path(to), page=shown_path(to.with_suffix(".html")),
                                pdf=shown_path(to.with_suffix(".pdf"))))
    try:
        write_whole(to, page(library, adventure, sheets, paper.casefold()))
    except OSError as e:
        raise UserError(_("--to: cannot write {to}: {why}").format(to=to, why=e.strerror or e)) from None
    shown = [str(to)]
    if browser is not None:
        target = to.with_suffix(".pdf")
        print_pdf(browser, to, target)
        shown.append(str(target))
    click.echo(_("Written: {files}").format(files=", ".join(shown)))


def _campaign(campaign: Path | None, boxes: list[Path]):
    """The library, the campaign's sheets and its running adventure id (none without one)."""
    from guide.core.errors import GuideError
    from guide.games.kaverini.game import KaveriniGame

    if campaign is None:
        try:
            return settings.load(KaveriniGame(), boxes), [], None
        except GuideError as e:
            raise UserError(str(e)) from None
    if not campaign.is_file():
        raise UserError(_("--campaign: no such campaign file {path}").format(
            path=shown_path(campaign)))
    from guide.core.repl.run import open_table

    table = open_table(campaign, boxes, seed=None, read_only=True, game_id="kaverini")
    try:
        running = (table.state.get("adventure") or {}).get("id")
        return table.library, [dict(k) for k in table.state["kaverit"]], running
    finally:
        table.close()


def _adventure(library, adventure_id: str | None):
    if adventure_id is None:
        if len(library.adventures) == 1:
            return next(iter(library.adventures.values()))
        if not library.adventures:
            return None
        raise UserError(_("--adventure: which one? {known}").format(
            known=", ".join(sorted(library.adventures))))
    found = library.adventures.get(adventure_id.casefold())
    if found is None:
        raise UserError(_("--adventure: no adventure {id!r}; known: {known}").format(
            id=adventure_id, known=", ".join(sorted(library.adventures)) or _("none")))
    return found
