"""Kaivo: a memory-and-bluff card game (rules page kaivo.md, ids K-...).

Two uses: a score sheet for a match played with real cards (`sheet`), and the game itself
dealt by the companion (`table` for the rules of a round, `knowledge` for what each player
may see, `bots` for the three bot levels, `match` to play whole matches, `bench` to measure
the bots). Everything here is pure: state (JSON-able dicts) and one Dice in, events out.
"""
