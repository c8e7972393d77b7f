"""The booklet's `sources:` (R-QL-1, rulebook 5.2): loaded into the Adventure, shown after a
quote by `lottery --source`, and checked by `guide check --facts`, which lists each quote
without a source and each placeholder quote, and exits 1 when there is any."""

from __future__ import annotations

from conftest import Play, guide, write_box
from guide.games.kaverini.data.loader import bundled_library, load
from guide.games.kaverini.facts import is_placeholder


def booklet(sources: dict[int, str], quotes: dict[int, str] | None = None,
            quoted_keys: bool = False) -> str:
    quotes = {n: f"Fact number {n}." for n in range(1, 101)} | (quotes or {})
    key = (lambda n: f'"{n}"') if quoted_keys else str
    lines = ["adventure:", "  id: facts-town", "  title: Facts Town", "  currency: EUR",
             "  starting_money: 1", "  quotes:"]
    lines += [f"    {key(n)}: {q}" for n, q in quotes.items()]
    if sources:
        lines += ["  sources:"] + [f"    {key(n)}: {s}" for n, s in sources.items()]
    return "\n".join(lines) + "\n"


ALL = {n: f"Reference book, page {n}" for n in range(1, 101)}


def test_r_ql_1_sources_load_with_bare_and_quoted_integer_keys(tmp_path):
    for quoted in (False, True):
        path = write_box(tmp_path / str(quoted), "b.yaml", booklet(ALL, quoted_keys=quoted))
        lib, problems = load([path], known=bundled_library())
        assert problems == []
        assert lib.adventures["facts-town"].sources[57] == "Reference book, page 57"


def test_the_bundled_box_has_a_source_for_every_quote():
    a = bundled_library().adventures["amsterdam"]
    assert sorted(a.sources) == list(range(1, 101))
    assert a.sources[45].startswith("Schiphol website")


def test_lottery_source_shows_the_quote_then_its_source(tmp_path):
    p = Play(tmp_path / "c.sqlite")
    shown = p.do("adventure amsterdam", "lottery --dice 4,5 --source").splitlines()
    said = next(i for i, line in enumerate(shown) if "Haarlemmermeer" in line)
    assert shown[said + 1] == "Source: Schiphol website: history; Cruquius Museum (steam pumping station)"
    plain = p.do("lottery --dice 1,2")
    assert "Source:" not in plain


def test_lottery_source_says_when_the_booklet_gives_none(tmp_path):
    box = write_box(tmp_path / "box", "b.yaml", booklet({}))
    p = Play(tmp_path / "c.sqlite", boxes=[box])
    shown = p.do("adventure facts-town", "lottery --dice 1,2 --source")
    assert "Fact number 12." in shown
    assert shown.splitlines()[-1] == ("Source: none in the booklet for quote 12 (guide check"
                                      " --facts lists these)")


def test_placeholder_is_a_quote_beginning_with_todo():
    assert is_placeholder("TODO: a fact about the harbour")
    assert is_placeholder("  todo write me")
    assert not is_placeholder("The harbour was dug in 1600 (nothing to do later).")


def test_check_facts_lists_quotes_without_a_source_and_placeholders_and_exits_1(tmp_path):
    sources = {n: s for n, s in ALL.items() if n not in (7, 42)}
    path = write_box(tmp_path, "b.yaml", booklet(sources, {42: "TODO write a fact about the dam"}))
    r = guide("check", "--facts", str(path))
    assert r.returncode == 1
    assert r.stdout.splitlines() == [
        f"{path}:13:5: adventure 'facts-town': quote 7 has no source (add one under sources:)",
        f"{path}:48:5: adventure 'facts-town': quote 42 is a placeholder, not a fact yet and"
        " has no source (add one under sources:)"]
    assert r.stderr.strip() == "2 problems found."
    plain = guide("check", str(path))          # without the flag: as before
    assert plain.returncode == 0 and plain.stdout.startswith("ok:")


def test_check_facts_passes_the_bundled_box():
    r = guide("check", "--facts", "cards/kaverini", "adventures/kaverini")
    assert r.returncode == 0, r.stdout
    assert r.stdout.startswith("ok:")
