"""Kaverini's rules as pure functions: state and dice in, events out. No printing, no files."""
