"""The `think` level: determinization. For each of a few deals of what the seat cannot see
(the game's sampler, `BotKit.sample`: from the box and the seat's own view, never the
table's state), every candidate move (at most `think_candidates`, drawn from the seat's
moves, as the kit picks them: `BotKit.candidates`) is played on a table of its own in
memory (no store, no journal, no undo: the real rules through the same commands, `_run`),
then played out for `think_depth` moves by the kit's play-out policy (any move the kit
allows, by default); a play-out that ends scores 1 if the seat won, 0 if not, one cut short
the kit's heuristic (`BotKit.value`, 0 to 1). The candidate with the best mean is kept;
ties go to the first drawn. A candidate the sampled table refuses scores 0 there (the deal
was one in which it is not legal). A move's line is run on the sampled table as
`BotKit.recast` makes it (a line coded with the table's own secret key is found again among
the sample's own moves); passing, where the kit lets the seat pass, runs nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from guide.core.dice import Dice
from guide.core.errors import GuideError
from guide.core.registry import parse, split
from guide.core.state import copied

if TYPE_CHECKING:
    from guide.core.bots.kit import BotKit
    from guide.core.bots.seen import Seen
    from guide.core.seats import Move
    from guide.core.table import Table


def think(seen: Seen) -> Move:
    from guide.core.bots.seen import PASS, random_level

    kit = seen.kit
    if kit is None:
        return random_level(seen)
    rng = seen.rng
    moves = kit.candidates(list(seen.moves), seen.view, seen.seat, rng)
    totals = [0.0] * len(moves)
    game, library = seen.game, seen.library
    for _deal in range(kit.think_samples):
        state = kit.sample(library, seen.view, seen.seat, rng)
        if state is None:
            return random_level(seen)
        for i, move in enumerate(moves):
            sim = seen.table_class(game, None, library, Dice(rng.getrandbits(64), record=False))
            sim.state = copied(state)
            if move is not PASS:
                line = kit.recast(move, sim, seen.seat)
                if line is None:
                    continue
                try:
                    _run(sim, line, seen.seat)
                except GuideError:
                    continue
            totals[i] += _playout(sim, kit, seen.seat, rng)
    best = max(range(len(moves)), key=lambda i: totals[i])
    return moves[best]


def _playout(sim: Table, kit: BotKit, seat: str, rng) -> float:
    """Play on from here for at most `think_depth` moves: 1 or 0 if the game ends, else the
    kit's heuristic for the seat. A seat's view is built only for a kit that reads it to
    wait (building a page is the dearest part of a step)."""
    from guide.core.bots.kit import BotKit

    waits = type(kit).waits is not BotKit.waits
    for _step in range(kit.think_depth):
        done = kit.outcome(sim)
        if done is not None:
            return 1.0 if seat in done.winners else 0.0
        acted = False
        for who in kit.seats(sim):
            moves = [m for m in kit.moves(sim, who) if not kit.never(m)]
            if not moves or (waits and kit.waits(kit.view(sim, who), who)):
                continue
            try:
                _run(sim, kit.playout(moves, rng, sim, who).line, who)
            except GuideError:
                return kit.value(sim, seat)
            acted = True
            break
        if not acted:
            break
    done = kit.outcome(sim)
    if done is not None:
        return 1.0 if seat in done.winners else 0.0
    return kit.value(sim, seat)


def _run(sim: Table, line: str, seat: str) -> None:
    """One command line on a play-out's table, through the same parsing and command as
    `Table.execute`, without what only a kept table needs (the copy to go back to, the diff,
    the story's words): a play-out's table is thrown away, and a refused move (GuideError)
    ends its play-out or scores its candidate 0."""
    cmd, rest = sim.registry.lookup(split(line))
    params = parse(cmd, rest, sim)
    sim.story = [{"kind": "seat", "seat": seat}]
    sim.dice.drawn.clear()
    cmd.function(sim, **params)
