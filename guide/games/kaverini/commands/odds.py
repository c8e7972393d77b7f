"""`odds`: "Is this fight fair?" Plays the confrontation thousands of times with the table's
own engine (guide.games.kaverini.rules.simulate) and tells the Tour Guide the odds, and with --target the
foe HP that makes the fight as hard as wanted (rulebook 7.3).

The engine (rules.simulate, odds_target) and the workers (guide.core.pool) are imported where
they are used: every table loads this command at its start, and few run it."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

from guide.core.errors import CommandError
from guide.core.i18n import N_, domain
from guide.core.result import Result
from guide.core.state import copied
from guide.games.kaverini import params
from guide.games.kaverini.data.tables import house_rules
from guide.games.kaverini.registry import command, commands

if TYPE_CHECKING:
    from prompt_toolkit.shortcuts import ProgressBar
    from prompt_toolkit.shortcuts.progress_bar import ProgressBarCounter

    from guide.games.kaverini.model import Card
    from guide.games.kaverini.rules.simulate import Odds, Outcome, Setup
    from guide.games.kaverini.state import State
    from guide.games.kaverini.table import KaveriniTable

BATCH = 200
MAX_DEFAULT_RUNS = 2600          # enough for +-2 points at 95% even at a 50% chance
HALF_WIDTH = 0.02
_, ngettext, pgettext = domain("kaverini").functions()
Run = Callable[[Any, list[int]], list[Any]]           # a job and its seeds: their runs
Play = Callable[[Run, Any, list[list[int]]], list[Any]]


def engine_inputs(t: KaveriniTable) -> tuple[State, dict[str, Card], dict[str, str]]:
    """What the engine plays with away from the table (`odds`, `odds --adventure`): a copy
    of the campaign's state with no confrontation running, every card as it stands in this
    campaign (tweaked, flipped) by key, and the house rules in force."""
    state = copied(t.state)
    state["confrontation"] = None
    cards = {c.key: c for c in (t.card(n.name) for n in t.library.cards.values())}
    return state, cards, {name: t.house(name) for name in house_rules()}


def build_setup(t: KaveriniTable, foes: tuple[str, ...], party: str | None, scene: int | None,
                settings: tuple[str, ...]) -> Setup:
    from guide.games.kaverini.commands.confront import card_names
    from guide.games.kaverini.rules.simulate import Setup

    state, cards, house = engine_inputs(t)
    setting_names = [t.card(s, "setting").name for s in settings]
    won_when: list[str] = []                     # a scene's foes whose fall wins it
    if scene is not None:
        foes, won_when, setting = _scene_fight(t, scene)
        if setting and not settings:
            setting_names = [setting]
    if not foes:
        foes, won_when = _running_fight(t)
    foe_cards = [t.card(n, "foe", "power-foe") for n in card_names(t, tuple(foes))]
    if party:
        _keep_party(state, party)
    for k in state["kaverit"]:
        k["hp"] = k["max_hp"]
    if not state["kaverit"]:
        raise CommandError(_("the odds need at least one Kaveri"))
    cards |= {c.key: c for c in foe_cards}            # a foe named by its back: that side
    return Setup(state, cards, [c.name for c in foe_cards], setting_names, 1.0, t.lv(), house,
                 won_when=won_when)


def _scene_fight(t: KaveriniTable, scene: int) -> tuple[tuple[str, ...], list[str], str | None]:
    """--scene N: the foes of the running adventure's scene N, the foes whose fall wins it,
    and its setting."""
    a = t.adventure()
    if a is None or not 1 <= scene <= len(a.scenes):
        raise CommandError(_("--scene: the running adventure has scenes 1 to {value}").format(
            value=len(a.scenes) if a else 0))
    chosen = a.scenes[scene - 1]
    return chosen.foes, list(chosen.won_when), chosen.setting


def _running_fight(t: KaveriniTable) -> tuple[tuple[str, ...], list[str]]:
    """No foe named: the standing foes of the confrontation under way, and what wins it."""
    fighting = t.state["confrontation"]
    if not fighting:
        raise CommandError(_("odds of which fight? name foe cards, --scene N, or run it during"
                           " a confrontation"))
    return (tuple(f["card"] for f in fighting["foes"] if f["hp"] > 0),
            list(fighting.get("won_when", [])))


def _keep_party(state: State, party: str) -> None:
    """--party A,B: only the named Kaverit, buddies and companions fight (names casefolded);
    a name not in the party is refused."""
    wanted = {n.strip().casefold() for n in party.split(",") if n.strip()}
    state["kaverit"] = [k for k in state["kaverit"] if k["name"].casefold() in wanted]
    state["buddies"] = [b for b in state["buddies"] if b["name"].casefold() in wanted]
    state["companions"] = [c for c in state["companions"] if c.casefold() in wanted]
    known = {x["name"].casefold() for x in state["kaverit"] + state["buddies"]}
    known |= {c.casefold() for c in state["companions"]}
    if wanted - known:
        raise CommandError(_("--party: not in the party: {value}").format(
            value=', '.join(sorted(wanted - known))))


def simulate(setup: Setup, runs: int | None, seed: int,
             progress: Callable[[int, int], bool] | None = None) -> Odds:
    """Run until `runs` (or, by default, until the win chance is known to +-2 points).
    `progress(done, total)` is told after each batch, and stops the runs by answering True."""
    from guide.games.kaverini.rules.simulate import run_seeds, tally

    outcomes: list[Outcome] = []
    limit = runs or MAX_DEFAULT_RUNS
    with batches(limit, "odds") as (workers, play):
        while len(outcomes) < limit:
            todo = min(BATCH * workers, limit - len(outcomes))
            outcomes += play(run_seeds, setup, seed_chunks(seed, len(outcomes), workers, todo))
            if progress and progress(len(outcomes), limit):
                break                                  # Ctrl-C: keep the runs so far
            if runs is None and _win_known(outcomes):
                break
    return tally(outcomes, [k["name"] for k in setup.state["kaverit"]])


@contextmanager
def batches(limit: int, what: str) -> Iterator[tuple[int, Play]]:
    """The workers for runs in batches (guide.core.pool; `what`: the command, as a lost
    worker is said): two when there are two cores and work for both, else one, here; yields
    how many, and `play`, which plays one batch (`run(job, seeds)` of each chunk of seeds, a
    chunk a worker, their lists joined in order). Ctrl-C at the prompt ends the `with` and
    keeps the runs so far, in a script it stops the script (and says so)."""
    from guide.core.pool import Pool, cores

    workers = 2 if cores() >= 2 and limit >= 2 * BATCH else 1
    with Pool(workers, what) as pool:
        def play(run: Run, job: Any, chunks: list[list[int]]) -> list[Any]:
            return [x for answer in pool.each(_play, [(run, job, c) for c in chunks])
                    for x in answer]

        try:
            yield workers, play
        except KeyboardInterrupt:
            if not at_the_prompt():
                raise


def _play(chunk: tuple[Run, Any, list[int]]) -> list[Any]:
    """One worker's part of a batch: `run(job, seeds)`."""
    run, job, seeds = chunk
    return run(job, seeds)


def seed_chunks(seed: int, start: int, workers: int, todo: int) -> list[list[int]]:
    """The next batch's seeds: `todo` runs shared out evenly over the workers, numbered on
    from `start` (the runs played so far), so a table's seed plays the same runs whatever
    the number of workers (`odds` and `odds --adventure`)."""
    sizes = [todo // workers + (1 if i < todo % workers else 0) for i in range(workers)]
    chunks = []
    for size in (n for n in sizes if n):
        chunks.append([seed * 1_000_003 + start + i for i in range(size)])
        start += size
    return chunks


def _win_known(outcomes: list[Outcome]) -> bool:
    """Is the win chance known to +-HALF_WIDTH at 95% (the default stop)?"""
    from guide.games.kaverini.rules.simulate import wilson

    low, high = wilson(sum(o.result == "won" for o in outcomes), len(outcomes))
    return (high - low) / 2 <= HALF_WIDTH


def at_the_prompt() -> bool:
    """Is a game master at a terminal, to read the odds of the runs so far after a Ctrl-C?
    In a script or a pipe, Ctrl-C stops the script instead (issue 31, item 6)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def report(setup: Setup, odds: Odds) -> list[str]:
    kaverit = [k["name"] for k in setup.state["kaverit"]]
    with_them = [b["name"] for b in setup.state["buddies"]] + setup.state["companions"][:3]
    lo, hi = odds.interval()
    n = odds.runs or 1
    played = (ngettext("Odds of {kaverit} (with {others}) against {foes}: {runs} confrontation"
                       " played.", "Odds of {kaverit} (with {others}) against {foes}: {runs}"
                       " confrontations played.", odds.runs) if with_them else
              ngettext("Odds of {kaverit} against {foes}: {runs} confrontation played.",
                       "Odds of {kaverit} against {foes}: {runs} confrontations played.",
                       odds.runs))
    chances = dict(win=f"{odds.win:.1%}", low=f"{lo:.1%}", high=f"{hi:.1%}",
                   ran=f"{odds.ran_away / n:.1%}", lost=f"{odds.lost / n:.1%}",
                   undecided=f"{odds.undecided / n:.1%}")
    return [played.format(kaverit=", ".join(kaverit), others=", ".join(with_them),
                          foes=", ".join(setup.foes), runs=f"{odds.runs:,}"),
            "  " + (_("win {win} (95%: {low} to {high}), run away {ran}, lost {lost},"
                      " undecided {undecided}") if odds.undecided else
                    _("win {win} (95%: {low} to {high}), run away {ran}, lost {lost}")
                    ).format(**chances),
            "  " + _("rounds: median {median}, 90th percentile {p90}").format(
                median=odds.percentile(0.5), p90=odds.percentile(0.9)),
            "  " + _("ends cowering: {kaverit}").format(kaverit=", ".join(
                f"{k} {odds.cowering.get(k, 0) / n:.0%}" for k in kaverit))]


def as_dict(setup: Setup, odds: Odds) -> dict:
    lo, hi = odds.interval()
    n = odds.runs or 1
    return {"runs": odds.runs, "foes": setup.foes, "win": odds.win, "win_low": lo,
            "win_high": hi, "ran_away": odds.ran_away / n, "lost": odds.lost / n,
            "undecided": odds.undecided / n, "rounds_median": odds.percentile(0.5),
            "rounds_p90": odds.percentile(0.9),
            "cowering": {k: v / n for k, v in odds.cowering.items()}}


def target_lines(setup: Setup, target: float, seed: int,
                 progress: Callable[[int, int], bool] | None = None) -> tuple[list[str], dict]:
    """The suggested tweaks and the win chance measured with exactly them."""
    from guide.games.kaverini.commands import odds_target

    done = 0

    def measure(probe: Setup, runs: int, probe_seed: int) -> Odds:
        nonlocal done
        tell = None if progress is None else (
            lambda n, _total: progress(done + n, odds_target.PLANNED))
        odds = simulate(probe, runs, probe_seed, tell)
        done += runs
        return odds

    found = odds_target.search(setup, target, seed, measure)
    lo, hi = found.odds.interval()
    lines = [ngettext("For a {target} chance to win (rulebook 7.3): these HP give {win} (95%:"
                      " {low} to {high}, {runs} fresh run).", "For a {target} chance to win"
                      " (rulebook 7.3): these HP give {win} (95%: {low} to {high}, {runs} fresh"
                      " runs).", found.odds.runs).format(
        target=f"{target:.0%}", win=f"{found.odds.win:.0%}", low=f"{lo:.0%}", high=f"{hi:.0%}",
        runs=f"{found.odds.runs:,}")]
    lines += ["  " + _("{name}: HP {old} -> {hp}   ({command})").format(
        name=name, old=found.old[name], hp=hp,
        command=commands.move("tweak", "", card=name, stats=[f"hp={hp}"]).line)
        for name, hp in found.hp.items()]
    data: dict = {"scale": round(found.scale, 3), "win": found.odds.win, "hp": found.hp}
    if found.other is not None:
        hp_other, odds_other = found.other
        lines.append("  " + _("No whole HP lands nearer: the win chance jumps between them here."
                              " Across the target: {hp} gives {win}.").format(
            hp=", ".join(f"{n} hp={v}" for n, v in hp_other.items()),
            win=f"{odds_other.win:.0%}"))
        data["other"] = {"win": odds_other.win, "hp": hp_other}
    elif abs(found.odds.win - target) > odds_target.TOLERANCE:
        lines.append("  " + _("The nearest whole HP found: the win chance moves in jumps"
                              " here."))
    return lines, data


@command("odds", "confrontation")
@click.argument("foes", nargs=-1, type=params.cards("foe", "power-foe"))
@click.option("--party", default=None, help="Only these (comma-separated) Kaverit, buddies and"
                                             " companions.")
@click.option("--scene", type=int, default=None, help="The foes of scene N of the adventure.")
@click.option("--setting", "settings", multiple=True, type=params.cards("setting"),
              help="A setting in play.")
@click.option("--runs", type=click.IntRange(1, 200_000), default=None,
              help="Confrontations to play (default: until +-2 points at 95%).")
@click.option("--target", type=click.IntRange(1, 99), default=None,
              help="A win chance in percent: the foe HP that gives it.")
@click.option("--seed", type=int, default=None, help="Reproducible odds.")
@click.option("--json", "as_json", is_flag=True, help="The figures as JSON.")
@click.option("--adventure", "adventure_id", default=None, metavar="ID",
              help="The balance of a whole adventure, scene by scene (see --size).")
@click.option("--size", type=int, default=None, metavar="N",
              help="With --adventure: a party of N new level-1 Kaverit (default: the"
                   " campaign's party, or 3).")
@click.option("--alone", is_flag=True,
              help="With --adventure: the Kaverit alone, without the buddies and companions"
                   " the booklet hands out.")
@click.option("--policies", is_flag=True,
              help="With --adventure: each scene's win under every spending policy, weakest"
                   " first.")
def odds(t: KaveriniTable, foes: tuple[str, ...], party: str | None, scene: int | None,
         settings: tuple[str, ...], runs: int | None, target: int | None, seed: int | None,
         as_json: bool, adventure_id: str | None, size: int | None, alone: bool,
         policies: bool) -> Result:
    """Is this fight fair? The odds of a confrontation, played thousands of times from its
    start; during one, with no foes named, of a new fight against the foes still standing
    (at full HP, not as they are now); with --adventure, of every scene of an adventure in
    order, as its booklet has it (its friends join; --alone: the Kaverit alone).

    Example: odds --scene 5 --target 60"""
    seed = seed if seed is not None else random.randrange(1 << 30)
    if adventure_id is not None or size is not None or alone or policies:
        from guide.games.kaverini.commands.balance import adventure_odds

        if adventure_id is None or foes or party or scene is not None or settings or target:
            raise CommandError(_("odds --adventure ID takes --size, --runs, --seed, --json,"
                                 " --alone and --policies only"))
        return adventure_odds(t, adventure_id, size, runs, seed, as_json, alone, policies)
    setup = build_setup(t, foes, party, scene, settings)
    aimed: tuple[list[str], dict] | None = None
    with progress_bar(quiet=as_json) as show:
        result = simulate(setup, runs, seed, show)
        if show is not None:
            show.finish(result.runs)
        if target is not None:
            if show is not None:
                show.next_stage(N_("the HP for the target"))
            aimed = target_lines(setup, target / 100, seed, show)
    if as_json:
        data = as_dict(setup, result)
        if aimed is not None:
            data["target"] = aimed[1]
        return Result([json.dumps(data, indent=2)])
    return Result(report(setup, result) + (aimed[0] if aimed is not None else []))


@dataclass
class Progress:
    """prompt_toolkit's progress bar in a terminal. Ctrl-C asks the runs to stop after the
    batch under way (`stopped`), and the odds of the runs so far are shown."""

    bar: ProgressBar
    counter: ProgressBarCounter[object] | None = None
    stopped: bool = False
    label: str = N_("runs")                 # said in the table's language where shown

    def __call__(self, done: int, total: int) -> bool:
        """Show the progress; True when the table asked to stop."""
        if self.counter is None:
            self.counter = self.bar(label=_(self.label), total=total)
        self.counter.items_completed = min(done, total)
        self.bar.invalidate()
        return self.stopped

    def finish(self, done: int) -> None:
        """The bar ends where the runs ended (they stop once the odds are known well enough,
        before the most they might have needed)."""
        if self.counter is not None:
            self.counter.total = done
            self.counter.items_completed = done
            self.bar.invalidate()

    def next_stage(self, label: str) -> None:
        """A second bar below the first, for the next stage of the work (`label`: marked
        with N_, said in the table's language when the bar shows)."""
        if self.counter is not None:
            self.counter.items_completed = self.counter.total or self.counter.items_completed
            self.counter.done = True
        self.counter, self.label = None, label


@contextmanager
def progress_bar(quiet: bool = False) -> Iterator[Progress | None]:
    """A Progress in a terminal; nothing (None) in scripts or with --json."""
    if quiet or not at_the_prompt():
        yield None
        return
    from prompt_toolkit.shortcuts import ProgressBar

    progress: Progress | None = None

    def cancel() -> None:
        if progress is not None:
            progress.stopped = True

    with ProgressBar(title=_("Playing the confrontation (Ctrl-C stops and keeps the runs so"
                             " far)"), cancel_callback=cancel) as bar:
        progress = Progress(bar)
        yield progress
