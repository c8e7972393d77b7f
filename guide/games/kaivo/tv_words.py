"""The TV page's sentences, in the table's language (issue 25): the page (page.html) writes
what `said` gives it, and nothing of its own but the title. Made from the public view
(`screen.tv`) alone."""

from __future__ import annotations

from typing import Any

from guide.core.i18n import domain

_, ngettext, pgettext = domain("kaivo").functions()


def said(view: dict[str, Any]) -> dict[str, Any]:
    """The TV's sentences: the pile line, each seat's label, the last round, who joins, the
    key to the rows."""
    t, players = view.get("table"), view["players"]
    joined = pgettext("joined", " and ")
    if view["winners"]:
        pile = _("The match is over: {names} won.").format(names=joined.join(view["winners"]))
    elif t:
        pile = _("Round {round}. Discard pile: {top}, deck: {left}. {who} to play.").format(
            round=view["round"], top="-" if t["discard_top"] is None else t["discard_top"],
            left=t["deck_left"], who=t["turn"])
    elif players:
        pile = _("Round {round} next; {dealer} deals.").format(round=view["round"],
                                                                dealer=view["dealer"])
    else:
        pile = ""
    leaving = set(view.get("leaving", []))
    seats = []
    for p in players:
        label = _("{name} (bot)").format(name=p["name"]) if p["bot"] else p["name"]
        seats.append(_("{name} (leaving)").format(name=label) if p["name"] in leaving else label)
    last = view.get("last_round")
    joining = view.get("joining", [])
    return {
        "page_title": _("Kaivo: the table"),
        "pile": pile,
        "seats": seats,
        # each hand's total and what it added to the score (K-SCORE-1), so that a caller's
        # "7, +0" does not read as a score of 7 beside the scores the page shows
        "last": _("Last round: {totals}").format(totals="; ".join(
            _("{name}: hand {total}, +{added}").format(**x) for x in last)) if last else "",
        "joining": _("Joining at the next round: {names}.").format(
            names=", ".join(joining)) if joining else "",
        "key": _("[?] a face-down card, [5*] turned face up by Mind Read, [?:A] looked at by"
                 " A. Only what every player may see is shown here."),
    }
