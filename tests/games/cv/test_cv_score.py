"""The score sheet: V-SCORE-1..6, from typed counts and from CVs recorded through the game."""

from __future__ import annotations

import pytest
from cv_support import Table, give_card, lib

from guide.core import i18n, settings
from guide.games.cv import phase, score


def _felix_game() -> Table:
    # The seed's scoring example: Felix 4 Health, 3 Relationships, 5 Knowledge, five
    # Property cards worth 19, secret goal Healthy body; of the two public goals he meets
    # Collector (Julia also has 5 Property cards, Eric 3). The other public goal is not
    # named by the seed: here Hard worker, which Julia meets with more Job cards.
    t = Table()
    t.run(score.set_counts, "Felix", {"health": 4, "relationships": 3, "knowledge": 5, "job": 1,
                                      "property_cards": 5, "property": 19, "tokens": 3})
    t.run(score.set_counts, "Julia", {"health": 2, "relationships": 2, "knowledge": 2, "job": 2,
                                      "property_cards": 5, "property": 12})
    t.run(score.set_counts, "Eric", {"health": 1, "property_cards": 3, "property": 6})
    t.run(score.set_goal, "Felix", "80")
    t.run(score.set_public, ["Collector", "Hard worker"])
    return t


def test_v_score_6_the_seed_worked_example_gives_63():
    t = _felix_game()
    events, totals = t.score()
    assert totals["Felix"] == 63
    felix = [e for e in events if e.get("player") == "Felix"]
    assert [e["points"] for e in felix if e["kind"] == "score_stack"] == [10, 6, 15]
    total = next(e for e in felix if e["kind"] == "score_total")
    assert total["parts"] == [10, 6, 15, 19, 8, 5, 0]
    text = t.text(events)
    assert "Secret goal 80 Healthy body: 2 x min(Health 4, Knowledge 5) = 2 x 4 = 8" in text
    assert "Public goal 79 Hard worker: 3 x Job 1 = 3 x 1 = 3 (best: Julia; scores 0)" in text
    assert "Felix: 10 + 6 + 15 + 19 + 8 + 5 + 0 = 63 points (18 CV cards)" in text


def test_v_score_6_exactly_the_seed_lines():
    t = Table()
    t.run(score.set_counts, "Felix", {"health": 4, "relationships": 3, "knowledge": 5,
                                      "property_cards": 5, "property": 19})
    t.run(score.set_counts, "Julia", {"property_cards": 5, "property": 10})
    t.run(score.set_counts, "Eric", {"property_cards": 3, "property": 5})
    t.run(score.set_goal, "Felix", "У здоровому тілі – здоровий дух")
    t.run(score.set_public, ["76"])
    events, totals = t.score()
    assert totals == {"Felix": 63, "Julia": 15, "Eric": 5}
    text = t.text(events)
    assert "Felix: 10 + 6 + 15 + 19 + 8 + 5 = 63 points" in text
    assert "Public goal 76 Collector: 1 x Property 5 = 1 x 5 = 5 (best: Felix, Julia; scores 5)" in text


def test_v_score_1_stacks_score_by_the_table_n_n_plus_1_over_2():
    assert [lib().stack_score(n) for n in range(8)] == [0, 1, 3, 6, 10, 15, 21, 28]


def test_v_score_2_professor_counts_five_knowledge_as_six_goals_count_them_once():
    t = Table("Ann", "Bob")
    for i in range(4):
        give_card(t, "Ann", f"k{i}", "knowledge")
    give_card(t, "Ann", "Professor", "knowledge", number=75)
    give_card(t, "Ann", "Yoga", "health")
    t.p("Ann")["cv"]["property"][0]["points"] = 2
    t.p("Bob")["goal"] = None
    t.run(score.set_goal, "Ann", "80")
    events, totals = t.score()
    knowledge = next(e for e in events if e["kind"] == "score_stack" and e["player"] == "Ann"
                     and e["type"] == "knowledge")
    assert knowledge["cards"] == 5 and knowledge["counted"] == 6 and knowledge["points"] == 21
    goal = next(e for e in events if e["kind"] == "score_goal")
    assert goal["parts"][1]["have"] == 5 and goal["points"] == 2
    assert totals["Ann"] == 1 + 0 + 21 + 2 + 2


def test_v_score_2_double_typed_for_a_game_on_paper():
    t = Table()
    t.run(score.set_counts, "Ann", {"health": 3})
    t.run(score.set_double, "Ann", "health")
    assert "Health" in t.fails(score.set_double, "Ann", "health")
    assert "73, 74 and 75" in t.fails(score.set_double, "Ann", "job")
    assert t.score()[1]["Ann"] == 10


def test_v_score_3_property_is_the_sum_of_printed_points_from_a_recorded_cv():
    t = Table("Ann", "Bob")
    t.p("Ann")["cv"]["property"][0]["points"] = 1
    give_card(t, "Ann", "Used car", "property", points=4)
    events, totals = t.score()
    prop = next(e for e in events if e["kind"] == "score_property" and e["player"] == "Ann")
    assert prop["each"] == [1, 4] and prop["points"] == 5
    assert "Property (Майно): 2 cards, points 1 + 4 = 5" in t.text(events)


def test_v_score_3_a_property_card_without_points_is_asked_for():
    t = Table("Ann", "Bob")
    assert "Bicycle has no points typed" in t.fails(score.score)


def test_v_score_4_every_goal_by_its_sets():
    counts = {"health": 4, "relationships": 3, "knowledge": 5, "job": 2, "property_cards": 5,
              "property": 19, "tokens": 6}
    expected = {76: 5, 77: 6, 78: 7 * 2, 79: 6, 80: 8, 81: 6, 82: 8, 83: 6}
    for number, points in expected.items():
        sp = lib().special_by_id(number)
        assert sp is not None
        assert score.goal_points(sp, counts)[0] == points, number


def test_v_score_4_one_man_band_counts_the_tokens_of_active_cards():
    t = Table("Ann", "Bob")
    t.p("Ann")["cv"]["property"][0]["points"] = 0
    give_card(t, "Ann", "Bank", "job", gives=["money", "money"])
    give_card(t, "Ann", "Old job", "job", gives=["money"])       # covered: not counted
    give_card(t, "Ann", "43", "knowledge", gives=["choice"])
    t.run(score.set_goal, "Ann", "77")
    events, _ = t.score()
    goal = next(e for e in events if e["kind"] == "score_goal")
    assert goal["points"] == 2


def test_v_score_4_one_man_band_says_tokens_in_the_tables_language():
    """77 One-man band counts tokens, not a card type: the Ukrainian score sheet said
    "1 × tokens 1" (its English word) where the TV says "жетони"."""
    t = Table("Ann", "Bob")
    t.p("Ann")["cv"]["property"][0]["points"] = 0
    give_card(t, "Ann", "Bank", "job", gives=["money"])
    t.run(score.set_goal, "Ann", "77")
    events, _ = t.score()
    assert "1 x tokens 1 = 1 x 1 = 1" in t.text(events)
    sheet = t.text(events, lang="uk")
    assert "1 × жетони 1 = 1 × 1 = 1" in sheet and "tokens" not in sheet


def test_v_score_4_a_public_goal_goes_to_the_best_ties_to_each_and_no_secret_scores_none():
    t = Table()
    t.run(score.set_counts, "Ann", {"job": 2})
    t.run(score.set_counts, "Bob", {"job": 2})
    t.run(score.set_counts, "Cy", {"job": 1})
    t.run(score.set_public, ["79"])
    _, totals = t.score()
    assert totals == {"Ann": 6, "Bob": 6, "Cy": 0}


def test_v_score_4_public_goals_are_players_minus_one():
    t = Table("Ann", "Bob")
    assert "1 public goal" in t.fails(score.set_public, ["76", "77"])
    assert "not a life goal" in t.fails(score.set_public, ["12"])
    paper = Table()
    paper.run(score.set_public, ["76", "77"])          # before the players are known
    paper.run(score.set_counts, "Ann", {"health": 1})
    paper.run(score.set_counts, "Bob", {"health": 2})
    assert "players - 1" in paper.fails(score.score)


def test_v_set_1_public_goals_short_of_players_minus_one_say_public_names_them_all():
    """A new game master typed public 76 80, then public 81 to add one: the second replaced
    the first, and nothing said that three were wanted or that public names them all."""
    t = Table("Ann", "Bob", "Cy", "Dee")
    assert t.text(t.run(score.set_public, ["76", "80"])) == "Public goals: 76 Collector, 80 Healthy body" \
        " (2 of 3 with 4 players: public names them all at once, V-SET-1)"
    assert t.text(t.run(score.set_public, ["81"]), lang="uk") == "Спільні цілі: 81 Діяч" \
        " (1 з 3 для 4 гравців: public називає їх усі одразу, V-SET-1)"
    assert t.text(t.run(score.set_public, ["76", "80", "81"])) == \
        "Public goals: 76 Collector, 80 Healthy body, 81 Activist"
    assert t.text(Table().run(score.set_public, ["76"])) == "Public goals: 76 Collector"   # no players yet


def test_v_score_5_a_tie_goes_to_fewer_cards_then_is_shared():
    t = Table()
    t.run(score.set_counts, "Ann", {"health": 1, "property_cards": 1, "property": 5})
    t.run(score.set_counts, "Bob", {"health": 1, "property_cards": 2, "property": 5})
    events, _ = t.score()
    assert events[-1] == {"kind": "score_winner", "players": ["Ann"], "total": 6, "tie": "cards"}
    t2 = Table()
    t2.run(score.set_counts, "Ann", {"health": 2})
    t2.run(score.set_counts, "Bob", {"health": 2})
    assert t2.score()[0][-1]["players"] == ["Ann", "Bob"]
    assert t2.score()[0][-1]["tie"] == "shared"


def test_v_score_counts_typed_are_checked():
    t = Table()
    assert "unknown count 'gold'" in t.fails(score.set_counts, "Ann", {"gold": 3})
    assert "0 or more" in t.fails(score.set_counts, "Ann", {"health": -1})


def test_a_name_the_table_does_not_know_is_refused_as_every_name_is():
    """Once the game is under way the sheet names its players: an unknown one is refused in
    the core's one line with its "did you mean" (the words of every refused name), and a
    card the player does not hold suggests the closest."""
    t = Table("Ann", "Bob", "Cy")
    assert t.fails(score.set_counts, "Zed", {"health": 4}) == \
        "no player named 'Zed' (known: Ann, Bob, Cy)"
    assert t.fails(score.set_counts, "Bb", {"health": 4}) == \
        "no player named 'Bb'; did you mean 'Bob'?"
    give_card(t, "Ann", "Bicycle", "property")
    assert t.fails(phase.amend, "Ann", "Bicyle", points=1) == \
        "Ann has no card 'Bicyle'; did you mean 'Bicycle'?"


def test_v_score_4_the_score_reveals_every_secret_goal_so_none_is_hidden_after_it():
    """Scoring tells each secret goal and the points it gives (the TV shows the totals):
    from then on no goal is a secret of its player's, and the secrets contract must not
    hold the TV's totals to one."""
    from guide.games.cv.secrets import secret_variants

    t = _felix_game()
    assert "Felix's secret goal" in [s.what for s in secret_variants(t.state, lib())]
    t.score()
    assert "Felix's secret goal" not in [s.what for s in secret_variants(t.state, lib())]


def test_v_score_3_the_hint_names_the_card_in_the_tables_language(tmp_path):
    """At a Ukrainian table the Bicycle without points is Велосипед in the hint, and the
    command it gives runs as typed."""
    from guide.core.dice import Dice
    from guide.core.errors import CommandError
    from guide.core.store import Store
    from guide.core.table import Table as Core
    from guide.games.cv.game import CvGame

    game = CvGame()
    t = Core(game, Store(tmp_path / "c.sqlite", game="cv"), settings.load(game, []), Dice(1))
    try:
        t.execute("players Ann Bob")
        t.execute("lang uk")
        with pytest.raises(CommandError) as e:
            t.execute("score")
        assert "Велосипед" in str(e.value) and "Bicycle" not in str(e.value)
        assert "card Ann Велосипед --points N" in str(e.value)
        t.execute("card Ann Велосипед --points 1")          # the hint's command, as it says
        t.execute("score")
    finally:
        t.close()


def test_v_set_1_a_goal_is_found_by_a_unique_word_of_its_name_in_either_language():
    i18n.use("en")
    t = Table("Ann", "Bob", "Cid")
    t.run(score.set_goal, "Ann", "healthy")
    t.run(score.set_goal, "Bob", "soul")
    assert [p["goal"] for p in t.state["players"][:2]] == [80, 83]
    assert "not a life goal" in t.fails(score.set_goal, "Cid", "bicycle")


def test_v_set_1_the_goal_deck_holds_one_of_each_a_public_goal_is_no_ones_secret():
    i18n.use("en")
    t = Table("Ann", "Bob", "Cid")
    t.run(score.set_public, ["80", "76"])
    assert "80 Healthy body is a public goal" in t.fails(score.set_goal, "Ann", "healthy")
    t.run(score.set_goal, "Ann", "83")


def test_v_set_1_a_goal_held_twice_is_refused_at_the_score_where_the_goals_are_revealed():
    """Refused when chosen, a secret goal held by someone else would tell the table whose it
    was (the seats are offered every goal not public); the score reveals them all anyway."""
    i18n.use("en")
    t = Table("Ann", "Bob", "Cid")
    t.run(score.set_goal, "Ann", "83")
    t.run(score.set_goal, "Bob", "83")
    assert "83 Soul of the party is held twice (Ann, Bob)" in t.fails(score.score)
    t.run(score.set_goal, "Bob", "77")
    t.run(score.set_public, ["77"])
    assert "77 One-man band is held twice (Bob, the public goals)" in t.fails(score.score)


def test_v_end_1_a_score_before_the_games_end_is_asked_first_at_the_terminal(tmp_path):
    """A new game master typed score in round 1 to see where the table stood: the secret
    goals went to the log and the TV for good ("Secret goal 80 Healthy body ..."), undo or not.
    The terminal asks first; a script scores as it always has."""
    from guide.core.dice import Dice
    from guide.core.store import Store
    from guide.core.table import Table as Core
    from guide.games.cv.game import CvGame

    game = CvGame()
    t = Core(game, Store(tmp_path / "c.sqlite", game="cv"), settings.load(game, []), Dice(1))
    asked: list[str] = []

    def answer(said: str):
        def ask(question: str, choices: list[str], default: str) -> str:
            asked.append(question)
            return said
        return ask
    try:
        t.execute("players Ann Bob")
        t.execute("track youth=20 maturity=20 old_age=20")
        t.execute("goal Ann 80")
        t.execute("card Ann Bicycle --points 2")
        before = t.store.count()
        t.ask = answer("")                                     # Enter: no
        assert t.execute("score").lines == ["Nothing scored; the secret goals stay secret"]
        assert asked == ["the game is not over (V-END-1), and score shows every secret goal to the"
                         " table. Score now? (yes/no)"]
        assert t.store.count() == before and not t.state["scored"]
        t.execute("lang uk")
        t.ask = answer("так")
        assert "Таємна ціль 80" in "\n".join(t.execute("score").lines) and t.state["scored"]
        assert asked[-1] == "гру ще не закінчено (V-END-1), а score покаже всім за столом кожну" \
            " таємну ціль. Підрахувати зараз? (так/ні)"
        t.ask = None                                           # a script: scored, not asked
        t.execute("score")
        assert len(asked) == 2
    finally:
        t.close()
