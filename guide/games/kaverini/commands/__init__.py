"""Kaverini's table commands, one module per family, registered in
`guide.games.kaverini.registry` when this package is imported."""

from guide.games.kaverini.commands import (  # noqa: F401 - importing registers the commands
    adventures,
    cards_in_play,
    confront,
    history,
    lottery,
    odds,
    party,
    scenes,
    settings,
    sheets,
    shop,
    status,
    strategy,
)
