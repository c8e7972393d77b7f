"""The games of the table, one package each, found through the entry point group
`guide.games` (guide.core.games).

BUILTIN is the list of the games that ship in this distribution: the same table as
pyproject.toml's entry points (tests/core/test_games_builtin.py holds them equal), read by
`guide.core.games` so that a built-in game is found without scanning every installed
distribution. A new game adds its line here and in pyproject.toml; the core is not edited."""

BUILTIN = {
    "kaverini": "guide.games.kaverini.game:KaveriniGame",
    "cv": "guide.games.cv.game:CvGame",
    "taverne": "guide.games.taverne.game:TaverneGame",
    "kaivo": "guide.games.kaivo.game:KaivoGame",
    "cave": "guide.games.cave.game:CaveGame",
}
