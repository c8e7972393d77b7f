"""The figures of `guide cave sim`, each with its 95% interval (guide.core.stats): as lines for
one run, as tables for a sweep (at most 80 columns: a table too wide goes on in another,
the knob's column repeated), as JSON (`--json`) and as CSV (`--csv`, one row a run)."""

from __future__ import annotations

import csv
import io
import json
import textwrap
from collections.abc import Iterator, Sequence
from typing import Any

from guide.core.i18n import N_, domain
from guide.core.stats import mean_interval, wilson

from .sim import Figures

WIDTH = 80
RULE_NAMES = {"C-TURN-3": N_("the exit"), "C-TURN-6": N_("starving at the end of a turn"),
              "C-TURN-4": N_("a bad meal"), "unfinished": N_("unfinished")}
_, ngettext, pgettext = domain("cave").functions()


def share(n: int, total: int) -> dict[str, Any]:
    lo, hi = wilson(n, total)
    return {"count": n, "share": n / total if total else 0.0, "low": lo, "high": hi}


def spread(values: Sequence[int]) -> dict[str, Any]:
    mean, lo, hi = mean_interval(values)
    ordered = sorted(values)
    return {"mean": mean, "low": lo, "high": hi, "median": ordered[len(ordered) // 2] if ordered else 0,
            "min": ordered[0] if ordered else 0, "max": ordered[-1] if ordered else 0}


def as_dict(f: Figures) -> dict[str, Any]:
    """One run's figures as JSON-able data: shares of games (escaped, the exit drawn) and of
    characters (causes of death), means of tiles laid, rounds and turns, each with its interval."""
    characters = f.players * f.games
    return {
        "players": f.players, "games": f.games, "seed": f.seed, "settings": dict(f.settings),
        "notes": list(f.notes),
        "escaped": [{"escaped": k, **share(n, f.games)} for k, n in enumerate(f.escaped)],
        "someone_escaped": share(f.games - f.none, f.games),
        "tiles_laid": spread(f.tiles), "rounds": spread(f.rounds), "turns": spread(f.turns),
        "exit_drawn": share(f.exit_drawn, f.games),
        "deaths": {"characters": sum(f.causes.values()),
                   "causes": {c: share(n, characters) for c, n in f.causes.most_common()}},
        "ended_by": {r: n for r, n in f.ended_by.most_common()},
    }


def to_json(runs: Sequence[Figures], sweep: str | None = None, box: str | None = None) -> str:
    """Every run's figures; `box`: the box file played in place of the bundled one (None)."""
    return json.dumps({"schema": 1, "game": "cave", "sweep": sweep, "box": box,
                       "runs": [as_dict(f) for f in runs]}, indent=2)


def pct(s: dict[str, Any]) -> str:
    return f"{100 * s['share']:.1f}% ({100 * s['low']:.1f}-{100 * s['high']:.1f})"


def mean(s: dict[str, Any]) -> str:
    return f"{s['mean']:.1f} ({s['low']:.1f}-{s['high']:.1f})"


def heading(f: Figures) -> str:
    knobs = ", ".join(f"{k}={v}" for k, v in f.settings.items())
    return _("Cave escape, {players}: {games}, seed {seed}").format(
        players=_players(f.players), games=_games(f.games), seed=f.seed) + (
            f"; {knobs}" if knobs else "")


def _players(n: int) -> str:
    return ngettext("{count} player", "{count} players", n).format(count=n)


def _games(n: int) -> str:
    return ngettext("{count} game", "{count} games", n).format(count=n)


def report(f: Figures) -> list[str]:
    """One run's figures as lines of at most 80 columns."""
    d = as_dict(f)
    lines = textwrap.wrap(heading(f), WIDTH, subsequent_indent="  ")
    for n in f.notes:
        lines += textwrap.wrap(_("note: {note}").format(note=n), WIDTH, initial_indent="  ",
                               subsequent_indent="    ")
    lines.append("  " + _("someone escaped {share}").format(share=pct(d["someone_escaped"])))
    lines += ["  " + _("escaped {count} of {players}  {share}").format(
        count=e["escaped"], players=f.players, share=pct(e)) for e in d["escaped"]]
    for label, name in ((_("tiles laid"), "tiles_laid"), (_("rounds"), "rounds"),
                        (_("turns"), "turns")):
        s = d[name]
        lines.append(f"  {label:<14}" + _("mean {mean}, median {median}, {min} to {max}").format(
            mean=mean(s), median=s["median"], min=s["min"], max=s["max"]))
    lines.append(f"  {_('exit drawn'):<14}" + _("{share} of the games").format(
        share=pct(d["exit_drawn"])))
    causes = ", ".join(f"{pgettext('cause', c)} {pct(s)}" for c, s in d["deaths"]["causes"].items())
    ends = ", ".join(f"{r} ({_(RULE_NAMES[r]) if r in RULE_NAMES else r}) {100 * n / f.games:.0f}%"
                     for r, n in d["ended_by"].items())
    deaths = d["deaths"]["characters"]
    body = (_("{count:.2f} a game; of the characters: {causes}").format(
        count=deaths / f.games, causes=causes) if deaths else _("none"))
    for head, text in ((_("deaths"), body), (_("games end by"), ends)):
        lines += textwrap.wrap(text, WIDTH, initial_indent=f"  {head:<14}", subsequent_indent=" " * 16)
    return lines


def table(title: str, head: list[str], rows: list[list[str]]) -> list[str]:
    """Columns of text under a title; columns past 80 go on in another table below, the
    first column (the knob's value) repeated."""
    widths = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]
    out: list[str] = []
    columns = list(range(1, len(head)))
    while columns:
        shown: list[int] = []
        used = widths[0]
        for i in columns:
            if shown and used + 2 + widths[i] > WIDTH:
                break
            shown.append(i)
            used += 2 + widths[i]
        columns = columns[len(shown):]
        out += ["", title] if not out else [""]
        for r in [head, *rows]:
            cells = [f"{r[0]:<{widths[0]}}"] + [f"{r[i]:>{widths[i]}}" for i in shown]
            out.append("  ".join(cells).rstrip()[:WIDTH])
    return out


def cell(s: dict[str, Any], percent: bool = True) -> str:
    """A table's cell: the figure and its interval, in 14 columns or so."""
    k = 100 if percent else 1
    value = s["share"] if "share" in s else s["mean"]
    return f"{k * value:.1f} {k * s['low']:.1f}-{k * s['high']:.1f}"


def sweep_tables(knob: str, runs: Sequence[Figures]) -> list[str]:
    """A sweep's figures as tables, one row per value of the knob (and per players count)."""
    players = sorted({f.players for f in runs})
    label = knob if len(players) == 1 else _("players {knob}").format(knob=knob)
    dicts = [as_dict(f) for f in runs]

    def name(f: Figures) -> str:
        value = str(f.settings.get(knob, ""))
        return value if len(players) == 1 else f"{f.players} {value}"
    names = [name(f) for f in runs]
    top = max(players)
    out = [heading_sweep(knob, runs), *_sweep_notes(knob, runs)]
    out += table(_("Escaped: % of the games, and the 95% interval"),
                 [label] + [_("{count} of {players}").format(count=k, players=top)
                            for k in range(top + 1)],
                 [[n] + [cell(d["escaped"][k]) if k <= f.players else "-" for k in range(top + 1)]
                  for n, f, d in zip(names, runs, dicts, strict=True)])
    out += table(_("The games: tiles laid, rounds, turns (means), exit drawn (% of the games)"),
                 [label, _("tiles laid"), _("rounds"), _("turns"), _("exit drawn")],
                 [[n, cell(d["tiles_laid"], False), cell(d["rounds"], False),
                   cell(d["turns"], False), cell(d["exit_drawn"])]
                  for n, d in zip(names, dicts, strict=True)])
    out += _deaths_table(label, names, runs, dicts)
    return out


def _sweep_notes(knob: str, runs: Sequence[Figures]) -> list[str]:
    """What was adjusted to match the rules: once when every run has the same notes, else
    each run's with its value of the knob."""
    out: list[str] = []
    same = all(f.notes == runs[0].notes for f in runs)
    for f in runs[:1] if same else runs:
        for n in f.notes:
            text = (_("note: {note}").format(note=n) if same else
                    _("note ({knob}={value}): {note}").format(knob=knob, value=f.settings.get(knob),
                                                             note=n))
            out += textwrap.wrap(text, WIDTH, initial_indent="  ", subsequent_indent="    ")
    return out


def _deaths_table(label: str, names: list[str], runs: Sequence[Figures],
                  dicts: list[dict[str, Any]]) -> list[str]:
    """The share of the characters dead of each cause seen in any run (none seen: no table)."""
    causes = sorted({c for d in dicts for c in d["deaths"]["causes"]})
    if not causes:
        return []
    return table(_("Deaths: % of the characters, by cause"),
                 [label, *(pgettext("cause", c) for c in causes)],
                 [[n] + [cell(_cause(d, c, f)) for c in causes]
                  for n, f, d in zip(names, runs, dicts, strict=True)])


def _cause(d: dict[str, Any], cause: str, f: Figures) -> dict[str, Any]:
    """A run's deaths of this cause, or none with the interval that none has."""
    return d["deaths"]["causes"].get(cause) or share(0, f.players * f.games)


def heading_sweep(knob: str, runs: Sequence[Figures]) -> str:
    f = runs[0]
    others = ", ".join(f"{k}={v}" for k, v in f.settings.items() if k != knob)
    values = ", ".join(dict.fromkeys(str(r.settings.get(knob)) for r in runs))
    text = ngettext("Cave escape, {players}, {games} game each (seed {seed}), {knob} = {values}",
                    "Cave escape, {players}, {games} games each (seed {seed}), {knob} = {values}",
                    f.games).format(players=_players(f.players), games=f.games, seed=f.seed,
                                    knob=knob, values=values) + (f"; {others}" if others else "")
    return "\n".join(textwrap.wrap(text, WIDTH, subsequent_indent="  "))


_SHARE = ("share", "low", "high")                        # a share with its 95% interval
_MEAN = ("mean", "low", "high", "median", "min", "max")   # a mean with its interval and range
_COUNTS = ("tiles_laid", "rounds", "turns")


def to_csv(runs: Sequence[Figures]) -> str:
    """One row a run: the players, the knobs turned, then every figure with its interval."""
    dicts = [as_dict(f) for f in runs]
    knobs = list(dict.fromkeys(k for f in runs for k in f.settings))
    top = max(f.players for f in runs)
    causes = sorted({c for d in dicts for c in d["deaths"]["causes"]})
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    columns = _csv_figures(runs[0], dicts[0], top, causes)
    writer.writerow(["players", "games", "seed", *knobs,
                     *(f"{name}_{p}" for name, parts, _s in columns for p in parts)])
    for f, d in zip(runs, dicts, strict=True):
        figures = _csv_figures(f, d, top, causes)
        writer.writerow([f.players, f.games, f.seed, *(f.settings.get(k, "") for k in knobs),
                         *(_n(s[p]) if s else "" for _name, parts, s in figures for p in parts)])
    return buffer.getvalue()


def _csv_figures(f: Figures, d: dict[str, Any], top: int,
                 causes: list[str]) -> Iterator[tuple[str, tuple[str, ...], dict[str, Any] | None]]:
    """A run's figures in the columns' order: each one's name, its parts, and the figure (None,
    left empty, for a count of escapers above the run's players)."""
    for k in range(top + 1):
        yield f"escaped_{k}", _SHARE, d["escaped"][k] if k <= f.players else None
    yield "someone_escaped", _SHARE, d["someone_escaped"]
    for name in _COUNTS:
        yield name, _MEAN, d[name]
    yield "exit_drawn", _SHARE, d["exit_drawn"]
    for c in causes:
        yield f"death_{c.replace(' ', '_')}", _SHARE, _cause(d, c, f)


def _n(value: Any) -> Any:
    return round(value, 6) if isinstance(value, float) else value
