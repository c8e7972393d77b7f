"""K-DECK-1: a Kaivo box's two kinds of file are held to the JSON Schemas the package ships
(schemas/deck.schema.json, schemas/bots.schema.json), read the one way every game reads its
own (guide.core.shipped)."""

from __future__ import annotations

from guide.core.shipped import schema
from guide.games.kaivo import deck


def test_k_deck_1_the_box_kinds_hold_the_shipped_schemas():
    kinds = {kind.name: kind for kind in deck.files()}
    assert list(kinds) == ["deck", "bots"]
    assert all(kind.pattern == name for name, kind in kinds.items())
    assert kinds["deck"].schema is schema("guide.games.kaivo", "deck")     # read once
    assert kinds["bots"].schema["$id"].endswith("/kaivo-bots.schema.json")
