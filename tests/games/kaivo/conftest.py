"""Kaivo fixtures: the bundled deck and bots."""

from __future__ import annotations

import pytest

from guide.games.kaivo import bots, deck


@pytest.fixture(scope="session")
def rules() -> deck.Rules:
    return deck.load()


@pytest.fixture(scope="session")
def levels() -> bots.Bots:
    return bots.load_bots()
