"""Tables fit 80 columns without folding: party, cards, strategy teams (an 80x24 terminal)."""


def _widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


def test_party_and_cards_fit_80_columns(party):
    party.do("kaveri Cy --ability Psychic --technique Innocence --technique Love"
             " --technique Happy", "item Bob Carillon", "item Bob Wooden Clogs")
    assert _widest(party.do("party")) <= 80
    for kind in ("", " --type buddy", " --type power-foe", " --type foe", " --type item"):
        assert _widest(party.do("cards" + kind)) <= 80, kind


def test_r_strat_2_strategy_teams_fit_80_columns_and_list_every_card(party):
    party.do("strategy new --player Maximilian --player Lea --budget 200",
             "strategy kaveri Maximilian Ann", "strategy kaveri Lea Bob",
             *(f"strategy buy Maximilian {c}" for c in (
                 "Painted Musketeer", "Rogue Herring Gull", "Tulip Bulb Speculator", "Hondje")),
             "strategy buy Lea Captain Van der Decken")
    teams = party.do("strategy teams")
    assert _widest(teams) <= 80
    flat = " ".join(teams.split())
    assert "Maximilian: Painted Musketeer 6, Rogue Herring Gull 3, Tulip Bulb Speculator 7," \
           " Hondje the Ship's Dog 5." in flat
    assert "Lea: Captain Van der Decken 18." in flat


def test_house_rules_fit_80_columns_with_their_choices(party):
    party.do("house gladness round")
    shown = party.do("house")
    assert _widest(shown) <= 80
    flat = " ".join(shown.split())
    assert "gladness round How long Cheer's gladness lasts (R-FX-4). Choices: confrontation," \
           " round." in flat
