"""Kaverini (Jared Gimbel, 2015): the Tour Guide's companion. The Game is in game.py."""
