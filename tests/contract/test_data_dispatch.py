"""`guide check PATH...` with no --game checks each file as the game it belongs to (issue 23,
item 1; README.md, "Data formats"): its folder under cards/<game>/ or
adventures/<game>/, else a top-level `game: ID`, else --game, else Kaverini."""

from __future__ import annotations

from conftest import ROOT, guide


def test_the_repositorys_own_box_passes_as_a_user_runs_it():
    r = guide("check", str(ROOT / "cards"), str(ROOT / "adventures"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.splitlines() == [
        "cave: ok: the Cave escape files read cleanly",
        "cv: ok: the CV files read cleanly",
        "kaivo: ok: the Kaivo files read cleanly",
        "kaverini: ok: 34 cards, 1 adventure",
        "taverne: ok: the Taverne de la Licorne files read cleanly"]


def test_a_declared_game_wins_over_the_default_and_a_folder_over_both(tmp_path):
    deck = (ROOT / "cards" / "kaivo" / "deck.yaml").read_text(encoding="utf-8")
    mine = tmp_path / "deck.yaml"
    mine.write_text("game: kaivo\n" + deck.replace("count: 4}", "count: 1000}", 1),
                    encoding="utf-8")
    r = guide("check", str(mine))
    assert r.returncode == 1
    assert r.stdout.splitlines() == [f"{mine}:6:35: cards[1].count must be at most 100, not 1000"]
    mine.write_text("game: kaivo\n" + deck, encoding="utf-8")
    assert guide("check", str(mine)).stdout == "ok: the Kaivo files read cleanly\n"
    box = tmp_path / "cards" / "kaivo"
    box.mkdir(parents=True)
    (box / "deck.yaml").write_text("game: taverne\n" + deck, encoding="utf-8")
    r = guide("check", "--game", "cave", str(box))
    assert r.stdout.splitlines() == [
        f"{box / 'deck.yaml'}:1:7: game: this file is read as 'kaivo''s, not 'taverne''s"]


def test_any_other_file_is_the_given_games_else_kaverinis(tmp_path):
    cards = tmp_path / "mine.yaml"
    cards.write_text("cards:\n  - {name: Odd Duck, type: setting}\n", encoding="utf-8")
    assert guide("check", str(cards)).stdout == "ok: 1 card, 0 adventures\n"
    r = guide("check", "--game", "taverne", str(cards))
    assert r.returncode == 1
    assert r.stdout.splitlines() == [f"{cards}:1:1: unknown key 'cards'; did you mean 'calls'?"]
