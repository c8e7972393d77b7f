"""The evening's history in Kaverini's words: recap (undo, redo and log are the core's)."""

from __future__ import annotations

from collections import Counter

from guide.core.errors import CommandError
from guide.core.result import Result
from guide.games.kaverini import words
from guide.games.kaverini.registry import command
from guide.games.kaverini.rules.leveling import level


@command("recap", "history", journal=False)
def recap(t):
    """A summary of the campaign so far, for the start of the next game night."""
    if t.store is None:
        raise CommandError("no campaign is open")
    kinds: Counter[str] = Counter()
    levels: list[str] = []
    foes: list[str] = []
    quotes: list[int] = []
    for entry in t.store.entries():
        for event in entry.story:
            kinds[event["kind"]] += 1
            if event["kind"] == "level":
                levels.append(words.render(event) or "")
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
