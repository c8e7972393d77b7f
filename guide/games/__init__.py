"""The games of the table, one package each, found through the entry point group
`guide.games` (guide.core.games)."""
