"""A scripted evening per language, played as a table plays it (the REPL's own attempt):
CV in Ukrainian, Taverne de la Licorne in French. Nothing the table shows may have come back
untranslated: every lookup is recorded (guide.core.i18n.recording), and no English message
of the catalogues appears in the output. The language is remembered by the campaign."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from guide.core import i18n
from guide.core.repl.run import attempt, open_table
from guide.core.result import text
from guide.locale import catalogues as cat

CV_EVENING = """
help
players Оля Петро
track youth=20 maturity=20 old_age=3
hand Оля "Zoo trip"
roll Оля --faces money,money,health,failure
reroll Оля 3 --faces happiness
take Оля Jogging --type health --cost money --gives health
status
track
end
roll Петро --faces failure,failure,failure,money
lose Петро property
status
end
play Оля "Zoo trip"
roll Оля
reroll Оля
take Оля "Used car" --type gold
roll Петро --dice x
roll
bogus
lose Оля health
help take
undo
redo
log
"""

CV_SCORE = """
cv Фелікс health=4 relationships=3 knowledge=5 property_cards=5 property=19
cv Юлія property_cards=5 property=10
cv Ерік property_cards=3 property=5
goal Фелікс "Healthy body"
public 76
score
"""

TAVERNE_EVENING = """
help
player Marie --loot 2
player Pierre --loot 2
player Cécile --loot 3
start
status
call
buy Marie pint
buy Pierre weapon
buy Cécile nothing
pint Marie 10
militia Marie
call
dodges Marie 1 2
call
attack Marie --on Pierre --weapon 4
attack Pierre --on Marie --weapon 3
call
attack Cécile --on Marie --weapon 5
call
dodge Marie --against Pierre 3
call
call
attack Marie --on Marie --weapon 4
energy Pierre -30
call
call
call
status
help attack
undo
log
"""


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use("en")


def _english(*domains: str) -> list[str]:
    """The English messages of those catalogues that could stand alone in a line (no field,
    long enough not to be a name or a word the table typed)."""
    out = []
    for name in domains:
        with cat.pot_path(name).open("rb") as f:
            for m in read_po(f):
                ids = [m.id] if isinstance(m.id, str) else list(m.id)
                out += [s for s in ids if s and "{" not in s and len(s) > 14 and m.context != "click"]
    return out


def play(path: Path, game: str, lang: str | None, script: str) -> tuple[str, set, object]:
    """Run the script on a campaign as the table does, recording every untranslated lookup;
    the shown text (errors included), the misses, and the table (still open)."""
    t = open_table(path, [], 1, game_id=game, lang=lang)
    shown = [t.game.greeting(), t.game.prompt(t)]
    with i18n.recording() as misses:
        shown = [t.game.greeting(), t.game.prompt(t)]
        for line in script.strip().splitlines():
            outcome = attempt(t, line)
            shown.append(outcome if isinstance(outcome, str) else text(outcome))
            shown += [t.game.prompt(t), str(t.game.toolbar(t) or "")]
            shown.append(json.dumps(t.game.view(t).get("said", ""), ensure_ascii=False))
    return "\n".join(shown), misses, t


def test_a_cv_evening_in_ukrainian_leaves_nothing_in_english(tmp_path):
    out, misses, t = play(tmp_path / "cv.sqlite", "cv", "uk", CV_EVENING)
    t.close()
    assert not misses, sorted(misses)[:10]
    left = [m for m in _english("cv", "core") if m in out]
    assert not left, left
    # the seed's words, and names left in the nominative (docs/languages.md)
    for said in ("Оля бере карту «Jogging», Здоров'я, платить: Гроші (дає: Здоров'я)",
                 "Раунд 1. Хід: Оля", "Раунд 1. Хід: Петро", "Оля (В)", "1: Велосипед",
                 "Оля тримає карту «Екскурсія в зоопарк»",
                 "Оля грає карту «Екскурсія в зоопарк»: ще 2 кістки до наступного кидка",
                 "Невдача: 3 (коштує 1 активну карту, V-FAIL-1)", "Доріжку доповнено (Молодість — 2)",
                 "помилка: невідома команда «bogus» (help показує всі команди)", "Скасовано: roll Оля",
                 "Використання: take", "Команди (help КОМАНДА — докладніше):", "підготовка:",
                 "cv (раунд 1: Оля)> ",
                 "«--dice»: «x» — не ціле число"):    # click's type name, translated, its «»
        assert said in out, said
    assert not re.search(r"гравця [A-ZА-ЯІЇЄ]", out)       # no "хід гравця Оля"
    assert "дає немає" not in out and "Скарбничка" not in out.replace("«Скарбничка»", "")


CV_MASTER = """
players Оля Петро
roll Оля --faces knowledge,knowledge,health,health
take Оля 43 --type knowledge --cost knowledge
end
roll Петро --faces failure,money,money,money
end
"""


def test_the_mnemonics_master_token_is_named_in_ukrainian_on_the_tv(tmp_path):
    """43 Mnemonics master's token (any one plain symbol) on the TV: the page shows each
    token by the symbol the view sends for it (guide/games/cv/view/page.html), never its id."""
    out, misses, t = play(tmp_path / "cv.sqlite", "cv", "uk", CV_MASTER)
    try:
        view = t.game.view(t)
    finally:
        t.close()
    assert not misses, sorted(misses)[:10]
    symbols = {s["id"]: s for s in view["symbols"]}
    tokens = [x for p in view["players"] for x in p["tokens"]]
    assert tokens == ["choice"]
    assert all(x in symbols for x in tokens), "a token the page can only show by its id"
    assert symbols["choice"]["name"] == "Здоров'я/Відносини/Знання/Гроші"


def test_cv_scoring_in_ukrainian_counts_with_three_plural_forms(tmp_path):
    out, misses, t = play(tmp_path / "cv.sqlite", "cv", "uk", CV_SCORE)
    t.close()
    assert not misses, sorted(misses)[:10]
    assert "Фелікс: 10 + 6 + 15 + 19 + 8 + 5 = 63 очки" in out
    assert "Перемога: Фелікс — 63 очки" in out
    assert ("CV: Фелікс — Здоров'я: 4, Відносини: 3, Знання: 5, Робота: 0, карти Майна: 5,"
            " очки Майна: 19, жетони: 0") in out
    assert "Ерік: 0 + 0 + 0 + 5 + 0 = 5 очок (3 карти в CV)" in out


def test_a_taverne_evening_in_french_leaves_nothing_in_english(tmp_path):
    out, misses, t = play(tmp_path / "t.sqlite", "taverne", "fr", TAVERNE_EVENING)
    t.close()
    assert not misses, sorted(misses)[:10]
    left = [m for m in _english("taverne", "core") if m in out]
    assert not left, left
    for said in ("Tour 1, appel 1\u00a0: «\u00a0Début du tour\u00a0!\u00a0»",
                 "«\u00a0Dépensez votre Butin\u00a0!\u00a0»",
                 "À vos cartes\u00a0! ... Prêts\u00a0? ... Attaquez\u00a0!",
                 "Marie appelle la Milice\u00a0!", "Marie esquive 3\u00a0; Pierre manque avec l’Arme\u00a03",
                 "Joueur", "Chopes", "Énergie", "taverne (tour 1, appel 2)> ",
                 "erreur\u00a0: attack se joue à l’appel 4\u00a0; nous sommes à l’appel",
                 "Usage\u00a0: attack", "La Milice arrive\u00a0: Marie l’emporte\u00a0!",
                 "0 à terre", "\u00a0; à terre"):
        assert said in out, said
    # a name is never inflected nor elided: no state that agrees with it (docs/languages.md)
    assert not re.search(r"Sonnée?|est (absente?|assise?|mise? à la porte)|victoire de ", out)


def test_a_french_table_buys_a_pint_as_chope_or_pinte_and_is_told_the_words(tmp_path):
    """T-CALL-2 at a French table: `buy NAME chope` and `buy NAME pinte` buy a Pint (the
    English word still works); another word is refused in one French line naming the words
    to type, not click's list of English choices."""
    out, misses, t = play(tmp_path / "t.sqlite", "taverne", "fr", """
player Marie --loot 3
player Pierre --loot 3
start
call
buy Marie pinte
buy Pierre Chope
buy Pierre pint
buy Marie bière
""")
    try:
        assert [t.state["players"][n]["pints"] for n in ("Marie", "Pierre")] == [2, 3]
    finally:
        t.close()
    assert not misses, sorted(misses)[:10]
    assert ("erreur\u00a0: achetez weapon/arme, pint/chope/pinte ou specialty/spécialité, pas"
            " «\u00a0bière\u00a0»") in out
    assert "Valeur invalide" not in out


def test_the_campaign_remembers_its_language(tmp_path):
    path = tmp_path / "cv.sqlite"
    t = open_table(path, [], 1, game_id="cv", lang="uk")
    t.close()
    i18n.use("en")
    again = open_table(path, [], 1)
    try:
        assert again.lang == "uk" and i18n.current() == "uk"
        assert text(again.execute("players Оля Петро")).startswith("Гравці по черзі: Оля, Петро")
    finally:
        again.close()
    english = open_table(path, [], 1, lang="en")       # a --lang given wins, and is remembered
    english.close()
    assert open_table(path, [], 1).lang == "en"


def test_lang_refuses_a_language_the_game_does_not_speak(tmp_path):
    from guide.core.repl.run import StartError

    with pytest.raises(StartError, match="--lang: the taverne game speaks en, fr, not 'uk'"):
        open_table(tmp_path / "t.sqlite", [], 1, game_id="taverne", lang="uk")


def test_tab_offers_the_english_words_with_descriptions_in_the_tables_language(tmp_path):
    """docs/languages.md: command words and option names stay English; what Tab says of
    them is translated."""
    from guide.core.repl.completer import described

    t = open_table(tmp_path / "cv.sqlite", [], 1, game_id="cv", lang="uk")
    try:
        commands = dict(described(t, []))
        assert commands["undo"].startswith("Скасувати останню команду")
        assert commands["take"] == "Взяти карту з доріжки в CV (V-TURN-1, V-TURN-2)."
        options = dict(described(t, ["take", "Оля", "Jogging"]))
        assert options["--happiness"] == "Безкоштовно за три Щастя (V-HAPPY-1)."
    finally:
        t.close()


def test_a_seat_page_gets_its_words_and_its_buttons_in_the_tables_language(tmp_path):
    from guide.core.seats import Desk

    t = open_table(tmp_path / "t.sqlite", [], 1, game_id="taverne", lang="fr")
    try:
        for line in ("player Marie --loot 2", "player Pierre --loot 2", "start", "call", "call",
                     "call"):
            t.execute(line)
        with i18n.recording() as misses:
            page = Desk.payload_of(t, "Marie")
        assert not misses
        assert page["words"]["turn"] == "À vous de jouer\u00a0!"
        assert "Attaquer Pierre (au contact) avec l’Arme 1" in [m["label"] for m in page["moves"]]
    finally:
        t.close()


def test_a_broken_cv_file_is_said_in_ukrainian(tmp_path):
    """`guide --lang uk check`: PyYAML's problem and the schema's description of the form
    expected come in Ukrainian (the description from the game's own catalogue)."""
    from click.testing import CliRunner

    from guide.cli import cli

    symbols = (Path(cat.ROOT) / "cards" / "cv" / "symbols.yaml").read_text(encoding="utf-8")
    (tmp_path / "symbols.yaml").write_text(symbols.replace("- id: health", "- id: Health Bad"),
                                           encoding="utf-8")
    (tmp_path / "types.yaml").write_text("types:\n  - id: x\n    en\n", encoding="utf-8")
    with i18n.recording() as misses:
        out = CliRunner().invoke(cli, ["--lang", "uk", "check", "--game", "cv",
                                       str(tmp_path / "symbols.yaml"),
                                       str(tmp_path / "types.yaml")]).output
    assert not misses, sorted(misses)[:10]
    assert ("symbols.yaml:5:9: symbols[1].id: 'Health Bad' — неприпустиме значення;"
            " очікується ідентифікатор малими латинськими літерами (літери і _)") in out
    assert ("types.yaml:4:1: синтаксична помилка YAML: рядок, що не є ні `ключ: значення`,"
            " ні елементом списку `- ` (бракує «:») (див. рядок 3, стовпець 5)") in out
    assert "Знайдено 2 проблеми." in out


def test_guide_lang_before_play_is_the_tables_language_and_the_campaign_keeps_it(tmp_path):
    from click.testing import CliRunner

    from guide.cli import cli

    path = str(tmp_path / "cv.sqlite")
    out = CliRunner().invoke(cli, ["--lang", "uk", "play", "--game", "cv", "--campaign", path],
                             input="players Оля Петро\n").output
    assert "Гравці по черзі: Оля, Петро" in out
    i18n.use("en")
    again = CliRunner().invoke(cli, ["play", "--campaign", path], input="bogus\n").output
    assert "помилка: невідома команда «bogus»" in again
    refused = CliRunner().invoke(cli, ["--lang", "uk", "play", "--game", "taverne",
                                       "--campaign", str(tmp_path / "t.sqlite")], input="")
    assert refused.output.startswith("помилка: --lang: гра taverne")


def test_every_cv_help_in_ukrainian_names_its_arguments_as_its_usage_line_does(tmp_path):
    """Issue #25: `help change` said "Використання: change ... СИМВОЛ" and then "показує
    SYMBOL"; lose and double "стос TYPE", log "останні COUNT", seats "seats qr NAME".
    No English metavar word (the catalogues' "metavar" entries) is left in any help."""
    metavars: set[str] = set()
    for name in ("cv", "core"):
        with cat.pot_path(name).open("rb") as f:
            metavars |= {w for m in read_po(f) if m.context == "metavar"
                         for w in re.findall(r"[A-Z]{3,}", m.id)} - {"OPTIONS", "ARGS"}
    t = open_table(tmp_path / "cv.sqlite", [], 1, game_id="cv", lang="uk")
    try:
        for command in sorted(t.registry.commands):
            said = text(attempt(t, f"help {command}"))
            left = sorted(w for w in metavars if re.search(rf"\b{w}\b", said))
            assert not left, (command, left, said)
    finally:
        t.close()


def test_a_cv_seat_counts_its_rerolls_not_its_rolls_in_ukrainian(tmp_path):
    """The seat's counter under "2" said "ще кидки" (more rolls): it counts rerolls left
    (V-DICE-2); and `view` says "відкрийте його" of the masculine "Екран гравців"."""
    from guide.core.seats import Desk

    t = open_table(tmp_path / "t.sqlite", [], 1, game_id="cv", lang="uk")
    try:
        for line in ("players Оля Петро", "roll Оля --faces money,money,health,health"):
            t.execute(line)
        you = Desk.payload_of(t, "Оля")["view"]["you"]
        assert you["rerolls_label"] == "переки\u00adдання лишилось", you["rerolls_label"]
        words = Desk.payload_of(t, "Оля")              # a whole sentence, not "які перекинути"
        assert "Торкніться кісток, які хочете перекинути" in json.dumps(words, ensure_ascii=False)
        assert "Відкрийте його на другому екрані" in text(attempt(t, "view"))
    finally:
        t.close()


def test_a_cv_seat_counts_the_cards_owed_to_failure_in_ukrainian_words(tmp_path):
    """The seat showed "1 карт(и) через Невдачу" (a number before a fixed label): the count
    is said with its plural form (V-FAIL-1), and so are the free cards (V-HAPPY-1)."""
    from guide.core.seats import Desk

    t = open_table(tmp_path / "t.sqlite", [], 1, game_id="cv", lang="uk")
    try:
        for line in ("players Оля Петро", "roll Оля --faces failure,failure,failure,money"):
            t.execute(line)
        you = Desk.payload_of(t, "Оля")["view"]["you"]
        assert you["owed_said"] == "1 карта через Невдачу", you["owed_said"]
        assert "(и)" not in json.dumps(you, ensure_ascii=False)
        said = text(attempt(t, "status"))     # "винен" was masculine whoever the player is
        assert "(1 карта через Невдачу)" in said and "винен" not in said, said
    finally:
        t.close()
