"""The evening's history: undo, redo, log, recap."""

from __future__ import annotations

from collections import Counter

import click

from guide.commands.registry import CommandError, command
from guide.render import Result
from guide.rules.leveling import level


def _need_store(t):
    if t.store is None:
        raise CommandError("no campaign is open")


@command("undo", "history", journal=False)
def undo(t):
    """Take back the last command that changed the campaign (also after a restart)."""
    return _step(t, "undo")


@command("redo", "history", journal=False)
def redo(t):
    """Bring back the last command taken back by undo."""
    return _step(t, "redo")


def _step(t, way: str) -> Result:
    _need_store(t)
    entry = t.step(way)
    if entry is None:
        raise CommandError(f"nothing to {way}")
    return Result([f"{'Undone' if way == 'undo' else 'Redone'}: {entry.line}"])


@command("log", "history", journal=False)
@click.argument("count", type=int, required=False, default=30)
def log(t, count: int):
    """The evening's story in words: the last COUNT commands (default 30)."""
    _need_store(t)
    r = Result()
    for entry in t.store.entries(limit=max(count, 1)):
        for event in entry.story:
            time = entry.at[11:16]
            r.add(f"{time}  {event['text']}")
    if not r.lines:
        r.add("Nothing has happened yet.")
    return r


@command("recap", "history", journal=False)
def recap(t):
    """A summary of the campaign so far, for the start of the next game night."""
    _need_store(t)
    kinds = Counter()
    levels, foes, quotes = [], [], []
    for entry in t.store.entries():
        for event in entry.story:
            kinds[event["kind"]] += 1
            if event["kind"] == "level":
                levels.append(event["text"])
            elif event["kind"] == "neutralized":
                foes.append(event.get("foe", "?"))
            elif event["kind"] == "quote":
                quotes.append(event["quote"])
    s = t.state
    a = s["adventure"]
    r = Result(["Previously, in Kaverini..."])
    r.add(f"Adventure: {a['title'] or a['id']} ({a['currency']})" if a else "No adventure is running.")
    for k in s["kaverit"]:
        r.add(f"  {k['name']}: level {level(k['xp'])}, {k['hp']}/{k['max_hp']} HP,"
              f" {k['world_points']} world point(s), {k['money']} {a['currency'] if a else ''}"
              f"{', ' + str(k['points']) + ' point(s) to spend' if k['points'] else ''}".rstrip())
    if s["buddies"] or s["companions"]:
        r.add("  With them: " + ", ".join([b["name"] for b in s["buddies"]] + s["companions"]))
    r.add(f"Confrontations won: {kinds['victory']}, foes neutralized: {len(foes)}"
          + (f" ({', '.join(dict.fromkeys(foes))})" if foes else ""))
    if levels:
        r.add("Level-ups: " + " ".join(levels))
    r.add(f"Quotes told: {len(set(quotes))}" + (f" ({', '.join(map(str, sorted(set(quotes))))})"
                                                 if quotes else ""))
    if s["confrontation"]:
        r.add(f"A confrontation is still running (round {s['confrontation']['round']}).")
    return r
