"""guide: the game master's companion at the table, for Kaverini and other games."""

__version__ = "0.2.0"
