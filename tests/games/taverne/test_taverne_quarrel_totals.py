"""The summary after call 5 (T-CALL-5): for each player in a settled quarrel, all they
gained and lost in the call, as attacker and as defender, and only what the limits let in
(T-CNT-2, T-CNT-3): it agrees with their counters before and after the call."""

from __future__ import annotations

from taverne_table import Brawl

from guide.core import i18n


def counters(b: Brawl) -> dict[str, tuple[int, int]]:
    return {n: (p["loot"], p["energy"]) for n, p in b.state["players"].items()}


def totals(b: Brawl, since: int) -> dict[str, tuple[int, int]]:
    return {e["who"]: (e["loot"], e["energy"]) for e in b.events[since:]
            if e["kind"] == "quarrels_total"}


def anne_dodges_and_hits() -> Brawl:
    """The game master's call 5: Anne dodges Bob's 5 (+1 Loot) and hits Bob with her
    Weapon 6 (+1 Loot, Bob's Prestige)."""
    b = Brawl()
    b.do("player Anne --loot 1", "player Bob --loot 1", "start", "call",
         "buy Anne weapon", "call", "dodges Anne 5", "dodges Bob 2", "call",
         "attack Bob --on Anne --weapon 5", "attack Anne --on Bob --weapon 6", "call",
         "dodge Anne --against Bob 5", "dodge Bob --against Anne 2")
    return b


def test_t_call_5_the_summary_counts_the_loot_won_attacking_too():
    b = anne_dodges_and_hits()
    before, since = counters(b), len(b.events)
    out = b.do("call")
    assert "Anne dodges 5; Bob's 5 is dodged: Anne +1 Loot" in out
    assert "Bob dodges 2; Anne's 6 hits: Bob -6 Energy, Anne +1 Loot (large Weapon" in out
    assert "Anne, after 2 quarrels: +2 Loot, 30 Energy left" in out
    assert "Bob, after 2 quarrels: -6 Energy, 24 Energy left" in out
    after = counters(b)
    assert after["Anne"][0] - before["Anne"][0] == 2
    assert totals(b, since) == {n: (after[n][0] - before[n][0], after[n][1] - before[n][1])
                                for n in after}


def test_t_call_5_the_summary_in_french():
    b = anne_dodges_and_hits()
    b.table.lang = "fr"
    try:
        out = b.do("call")
    finally:
        i18n.use("en")
    assert "Anne esquive 5\u00a0; Bob manque avec l’Arme\u00a05\u00a0: Anne +1\u00a0Butin" in out
    assert "Anne touche avec l’Arme\u00a06\u00a0: Bob -6\u00a0Énergie, Anne +1\u00a0Butin" in out
    assert "Anne, après 2 querelles\u00a0: +2\u00a0Butins, reste 30\u00a0Énergie" in out


def test_t_cnt_3_the_summary_counts_only_the_loot_the_limit_lets_in():
    # Anne at 8 Loot wins 1 dodging and 1 hitting: 9 is the most, so +1 in all
    b = anne_dodges_and_hits()
    b.do("loot Anne 8")
    before, since = counters(b), len(b.events)
    out = b.do("call")
    assert "Anne, after 2 quarrels: +1 Loot, 30 Energy left" in out
    after = counters(b)
    assert after["Anne"][0] == 9
    assert totals(b, since) == {n: (after[n][0] - before[n][0], after[n][1] - before[n][1])
                                for n in after}
