"""guide: the Tour Guide's companion for Kaverini."""

__version__ = "0.1.0"
