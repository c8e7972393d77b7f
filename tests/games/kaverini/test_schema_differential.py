"""The card validator against python-jsonschema (issue 14, item 9): the shipped schema is the
single description of the format, so over generated card files (hypothesis mutating valid
cards) `guide check` is never more lenient than the schema; where it is stricter (rules a
schema cannot say), its message names that rule."""

import tempfile
from pathlib import Path

import jsonschema
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from guide.games.kaverini.data.loader import load
from guide.games.kaverini.data.tables import load_schema

SCHEMA = load_schema("cards")
CHECKER = jsonschema.Draft202012Validator(SCHEMA)

# What guide refuses beyond the schema, each naming its rule.
GUIDE_ONLY = (
    "is not used on a",                          # fields for some card types only (section 4)
    "faces must each pick exactly one technique",  # a move die's faces (4.6)
    "needs counter: +E, -E, +H, -H or HP",       # an effect of do: counters
    "a name must not be blank",
    "a name must not hold control or invisible characters",
    "looks like",                                # look-alike card names
)

BASE = [
    {"name": "Dumb Turkey", "type": "foe", "hp": 3, "emotion": 1,
     "techniques": [{"name": "Dumb Down", "schmerz": 1, "emotion": "Sadness"},
                    {"name": "Peck", "schmerz": "1+Lv", "text": "pecks"}]},
    {"name": "Dice Dog", "type": "power-foe", "hp": 5, "move_die": 2,
     "techniques": [{"name": "Bite", "schmerz": 2, "roll": [1]},
                    {"name": "Bark", "schmerz": "Lv", "roll": [2]}]},
    {"name": "Lucky Charm", "type": "item", "usage": 2, "bond": "Kept close",
     "flags": ["NL"], "effects": [{"do": "counters", "counter": "+E", "amount": 1}]},
    {"name": "Canal Side", "type": "setting", "text": "Wet.",
     "effects": [{"do": "heal", "when": "round", "target": "kaverit", "amount": 1}]},
]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-200, 200), st.integers(-10**6, 10**6),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(["", " ", "Lv", "2+Lv", "lots", "Sadness", "Joy", "NL", "nl", "world",
                     "foe", "item", "setting", "buddy", "+E", "HP", "heal", "counters",
                     "round", "self", "Focused", "Brave", "x" * 81, "\u202eab", "a\x1bb"]),
    st.text(max_size=6),
)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3),
    st.dictionaries(st.sampled_from(["name", "schmerz", "emotion", "do", "x", "amount"]),
                    inner, max_size=3)), max_leaves=6)
KEYS = ["name", "type", "hp", "emotion", "heart", "techniques", "move_die", "usage", "bond",
        "token", "flags", "abilities", "effects", "text", "subtypes", "shield", "heel",
        "expense", "creates", "back", "extra"]


def _mappings(value) -> list[dict]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


@st.composite
def mutated_card(draw) -> dict:
    card = yaml.safe_load(yaml.safe_dump(draw(st.sampled_from(BASE))))     # a deep copy
    for _ in range(draw(st.integers(1, 3))):
        target = card
        techniques, effects = (_mappings(card.get(k)) for k in ("techniques", "effects"))
        if techniques and draw(st.booleans()):
            target = draw(st.sampled_from(techniques))
            key = draw(st.sampled_from(["name", "schmerz", "emotion", "roll", "text", "x"]))
        elif effects and draw(st.booleans()):
            target = draw(st.sampled_from(effects))
            key = draw(st.sampled_from(["do", "when", "target", "amount", "counter", "x"]))
        else:
            key = draw(st.sampled_from(KEYS))
        if key in target and draw(st.integers(0, 4)) == 0:
            del target[key]
        else:
            target[key] = draw(values)
    return card


def guide_problems(data: dict) -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cards.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        _, problems = load([path])
        return [p.message for p in problems]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(mutated_card(), min_size=1, max_size=2))
def test_guide_is_never_more_lenient_than_the_schema(cards):
    data = {"cards": cards}
    schema_errors = [e.message for e in CHECKER.iter_errors(data)]
    found = guide_problems(data)
    if schema_errors:
        assert found, f"guide accepts what the schema refuses: {schema_errors[:2]}"
    else:
        stricter = [m for m in found if not any(rule in m for rule in GUIDE_ONLY)
                    and "defined twice" not in m]
        assert not stricter, f"guide refuses without naming a rule of its own: {stricter}"


def test_the_technique_emotion_as_a_list_is_refused_as_the_schema_does():
    for emotion in ([], ["a"], {"x": 1}):
        card = {"name": "Listy", "type": "foe", "hp": 3,
                "techniques": [{"name": "Poke", "schmerz": 1, "emotion": emotion}]}
        assert not CHECKER.is_valid({"cards": [card]})
        assert any("emotion" in m and "expected one of: Sadness" in m
                   for m in guide_problems({"cards": [card]}))
