"""Tally: a tiny game that lives only in the tests, and the template a new game copies
(docs/architecture.md, "Adding a game", walks through it file by file). It proves that the
core (table, store, undo, REPL, view, seats) carries a game it has never heard of: a
counter, a die, a few commands, and players who each guess the next die from their own
seat, in turn, sealed until every player has guessed. It uses every optional hook of the
core, so that the contract tests exercise them:

- a timer (`alarm SECONDS`: the bell rings on time, `ring`, also when nobody types);
- hidden draws under the REFUSE_HIDDEN undo policy (`draw NAME`: a card only NAME sees;
  undo does not go past it);
- a private die (`roll 1d6 --for NAME`, the core's) and private events (`draw`);
- a start option of its own (`guide play --game tally --count N`);
- the core's turn order (guide.core.turns): the players guess in turn, whoever guesses
  first opening the round, and one who leaves keeps their seat until they join again;
- state version 3, with `migrate` from version 1 (before alarms and hands) and 2 (before
  the turn order: the players were a list of Tally's own);
- a catalogue of its own (`locale/`, in French too), kept outside guide/ as a game shipped
  as a distribution of its own keeps it.

It is a package of its own (tests/tinygame on the path, as the tests put it): `tally:TallyGame`
is its entry point."""

from .game import TallyGame
from .seats import guess_line

__all__ = ["TallyGame", "guess_line"]
