"""`odds --adventure ID`: the balance of a whole adventure, scene by scene (rules/evening.py),
for a new party of N level-1 Kaverit or the campaign's own, many evenings over, the booklet
as written (its friends join and fight beside the party; `--alone`: the Kaverit alone): the
party's level on arrival and who is with it, the chances to win, run away and lose (each to
+-3 points at 95%), the rounds, a verdict where a scene is too easy or too hard; with
`--policies`, each scene's win under every spending policy (rules/policies.py), from the
weakest to the strongest."""

from __future__ import annotations

import dataclasses
import json
import math
from typing import TYPE_CHECKING

from guide.core.errors import CommandError
from guide.core.i18n import N_, domain
from guide.core.result import Result
from guide.games.kaverini.commands.odds import BATCH, batches, engine_inputs, seed_chunks
from guide.games.kaverini.rules.evening import (
    MAX_SIZE,
    Arrival,
    Evening,
    SceneOdds,
    by_scene,
    evening_of,
    new_party,
    policy,
    run_evenings,
    verdict,
)
from guide.games.kaverini.rules.leveling import level
from guide.games.kaverini.rules.policies import DEFAULT, POLICIES

if TYPE_CHECKING:
    from guide.games.kaverini.table import KaveriniTable

HALF_WIDTH = 0.03            # every chance to +-3 points at 95%
MAX_RUNS = 1200              # enough for +-3 points even at 50% (1,068 evenings)
MIN_STEP = 50                # evenings added at least, when more are needed
_, ngettext, pgettext = domain("kaverini").functions()


def build_evening(t: KaveriniTable, adventure_id: str, size: int | None, alone: bool = False
                  ) -> tuple[Evening, str]:
    """The adventure's evening for a new party of `size`, or the campaign's party when no
    size is given and it has Kaverit; the booklet's friends joining it, or with `alone` no
    buddy or companion at all; and words for who plays it."""
    a = t.library.adventures.get(adventure_id.casefold())
    if a is None:
        known = ", ".join(sorted(t.library.adventures)) or _("none")
        raise CommandError(_("--adventure: no adventure {adventure_id!r}; known: {known}").format(
            adventure_id=adventure_id, known=known))
    if not any(s.foes for s in a.scenes):
        raise CommandError(_("the adventure {id!r} has no scene with foes to play").format(id=a.id))
    state, cards, house = engine_inputs(t)
    start = 1
    running = (t.state.get("adventure") or {}).get("id")
    if size is None and state["kaverit"]:
        who = _("the campaign's party: {names}").format(
            names=", ".join(k["name"] for k in state["kaverit"]))
        if running == a.id and t.state.get("scene"):        # mid-adventure: from here on
            start = t.state["scene"]
            who = _("from scene {start} (the current one) on, the party as it is now:"
                    " {kaverit}").format(start=start, kaverit=", ".join(
                        _("{name} level {level}").format(name=k["name"], level=level(k["xp"]))
                        for k in state["kaverit"]))
    else:
        size = 3 if size is None else size
        if not 1 <= size <= MAX_SIZE:
            raise CommandError(_("--size: 1 to {MAX_SIZE} Kaverit, not {size}").format(
                MAX_SIZE=MAX_SIZE, size=size))
        state["kaverit"] = new_party(size, taken=[k["name"] for k in t.state["kaverit"]])
        state["buddies"], state["companions"] = [], []
        who = ngettext("{size} new level-1 Kaveri ({kaverit})",
                       "{size} new level-1 Kaverit ({kaverit})", size).format(
            size=size, kaverit=", ".join(f"{k['name']}: {k['ability']}, {', '.join(k['ladders'])}"
                                         for k in state["kaverit"]))
    return evening_of(a, state, cards, house, start, alone), who


def balance(evening: Evening, seed: int, runs: int | None = None) -> list[SceneOdds]:
    """Evenings in batches on two cores, until every chance is known to +-3 points at 95%
    (or `runs` evenings). After the first batch, the next ones are sized by the chances seen
    so far (p(1-p) sets how many evenings a chance needs), so no evening is played for
    nothing."""
    limit = runs or MAX_RUNS
    played: list[list[Arrival]] = []
    with batches(limit, "odds --adventure") as (workers, play):
        target = min(limit, BATCH * workers)
        while len(played) < target:
            todo = min(BATCH * workers, target - len(played))
            played += play(run_evenings, evening, seed_chunks(seed, len(played), workers, todo))
            needed = limit if runs is not None else _evenings_needed(evening, played)
            if needed is None:
                break
            target = min(limit, needed)
    if not played:                                     # Ctrl-C before the first batch ended
        raise CommandError(_("the balance report was stopped before any evening was played"))
    return by_scene(evening, played)


def _evenings_needed(evening: Evening, played: list[list[Arrival]]) -> int | None:
    """None when every scene's chances are known to +-3 points at 95%; else the evenings
    that should know them, by the chances seen so far (at least MIN_STEP more)."""
    scenes = by_scene(evening, played)
    if all(s.half_width() <= HALF_WIDTH for s in scenes):
        return None
    return max(len(played) + MIN_STEP, max(map(_needed, scenes)))


def _needed(s: SceneOdds) -> int:
    """The evenings that know each chance seen so far to +-3 points at 95%."""
    return max(math.ceil(1.96 ** 2 * p * (1 - p) / HALF_WIDTH ** 2)
               for p in (s.share("won"), s.share("ran away"), s.share("lost")))


def pct(x: float) -> float:
    return round(100 * x, 1)


def as_dict(adventure_id: str, size: int, scenes: list[SceneOdds],
            by_policy: dict[str, list[float]] | None = None) -> dict:
    """The JSON of the report; with `by_policy` (weakest first), each scene's win by policy
    and the policies' words."""
    rows: list[dict] = [{"name": s.name, "level": s.level, "win": pct(s.share("won")),
                        "run_away": pct(s.share("ran away")), "lost": pct(s.share("lost")),
                        "undecided": pct(s.share("undecided")), "rounds": s.rounds,
                        "joined": {name: pct(share) for name, share in s.joined().items()}}
                        for s in scenes]
    data: dict = {"adventure": adventure_id, "size": size, "runs": len(scenes[0].arrivals),
                  "scenes": rows}
    if by_policy is not None:
        data["policies"] = [{"name": name, "spending": "; ".join(policy(name)),
                             "default": name == DEFAULT} for name in by_policy]
        for i, scene in enumerate(rows):
            scene["policies"] = {name: pct(wins[i]) for name, wins in by_policy.items()}
    return data


def _level(s: SceneOdds) -> str:
    """The median Lv on arrival, and the spread of the middle 80% where there is one."""
    low, high = s.level_spread
    return str(s.level) if low == high else f"{s.level} ({low}-{high})"


HEADERS = (N_("scene"), N_("level"), N_("win"), N_("run away"), N_("lost"), N_("rounds"))


def joined_lines(scenes: list[SceneOdds]) -> list[str]:
    """Who is with the party on arrival at each scene, and in what share of evenings."""
    lines = [f"  {s.name}: " + ", ".join(f"{name} {pct(share):.0f}%" for name, share in
                                         s.joined().items())
             for s in scenes if s.joined()]
    if not lines:
        return [_("With the party on arrival: no buddy or companion in any scene.")]
    return [_("With the party on arrival (in that share of evenings):"), *lines]


def measure_policies(evening: Evening, seed: int, runs: int | None,
                     default: list[SceneOdds]) -> dict[str, list[float]]:
    """Each scene's win under every spending policy (rules/policies.py), on the same seeds
    as the default report (whose own figures are reused for its policy), weakest first: by
    the mean win over the scenes, then by name."""
    wins: dict[str, list[float]] = {}
    for name in POLICIES:
        scenes = default if name == evening.policy else balance(
            dataclasses.replace(evening, policy=name), seed, runs)
        wins[name] = [s.share("won") for s in scenes]
    return dict(sorted(wins.items(), key=lambda kv: (sum(kv[1]) / len(kv[1]), kv[0])))


def policy_lines(scenes: list[SceneOdds], by_policy: dict[str, list[float]]) -> list[str]:
    """The table of wins by spending policy (weakest first) and each policy in words."""
    from tabulate import tabulate

    headers = [_("policy")] + [str(i) for i in range(1, len(scenes) + 1)]
    rows = [[name + (" *" if name == DEFAULT else "")] + [f"{pct(w):.0f}%" for w in wins]
            for name, wins in by_policy.items()]
    return ["", _("The win by spending policy, weakest first (columns: the scenes above, in"
                  " order; * the default):"),
            *tabulate(rows, headers=headers, tablefmt="simple").splitlines(),
            *[f"  {name}: {'; '.join(policy(name))}." for name in by_policy]]


def report(adventure_id: str, who: str, scenes: list[SceneOdds],
           by_policy: dict[str, list[float]] | None = None) -> Result:
    rows = [[s.name, _level(s), f"{pct(s.share('won')):.0f}%", f"{pct(s.share('ran away')):.0f}%",
             f"{pct(s.share('lost')):.0f}%", s.rounds] for s in scenes]
    notes = [f"{s.name}: {v}" for s in scenes if (v := verdict(s.share("won")))]
    notes += joined_lines(scenes)
    notes += [_("level: the party's Lv on arrival (the median evening's); a range such as"
                " 3 (3-4): the middle 80% of evenings arrive between those levels.")]
    notes += [_("Between scenes: {policy}; then every Kaveri and buddy starts the next scene"
                " at full HP.").format(policy="; ".join(policy()))]
    if by_policy is not None:
        notes += policy_lines(scenes, by_policy)
    widest = max(s.half_width() for s in scenes)
    evenings = len(scenes[0].arrivals)
    return Result(lines=[ngettext("The balance of {id!r}, {count} evening (each chance to"
                                  " +-{width} points at 95%), {who}:", "The balance of {id!r},"
                                  " {count} evenings (each chance to +-{width} points at 95%),"
                                  " {who}:", evenings).format(
                             id=adventure_id, count=evenings, width=f"{100 * widest:.1f}",
                             who=who)],
                  headers=[_(h) for h in HEADERS], rows=rows, notes=notes)


def adventure_odds(t: KaveriniTable, adventure_id: str, size: int | None, runs: int | None,
                   seed: int, as_json: bool, alone: bool = False,
                   policies: bool = False) -> Result:
    evening, who = build_evening(t, adventure_id, size, alone)
    who += "; " + (_("alone: no buddy or companion (--alone)") if alone else
                   _("the buddies and companions the booklet hands out join as it says"))
    scenes = balance(evening, seed, runs)
    by_policy = measure_policies(evening, seed, runs, scenes) if policies else None
    a = t.library.adventures[adventure_id.casefold()]
    if as_json:
        return Result([json.dumps(as_dict(a.id, len(evening.state["kaverit"]), scenes,
                                          by_policy), indent=2)])
    return report(a.id, who, scenes, by_policy)
