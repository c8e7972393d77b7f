"""The game-neutral core of the table: it knows no game (docs/architecture.md)."""
