"""Opening a campaign checks the whole file (SQLite's quick_check) once, not once per probe
(issue 32: `guide play` probed it for its game, then to open it, and the check reads the
whole file, which grows with the history); a file changed since is checked again, so
damage done between two openings is still found."""

import sqlite3

import pytest

from guide.core import store as store_module
from guide.core.store import CampaignError, Store


@pytest.fixture
def checks(monkeypatch):
    done: list = []
    real = store_module._check_file
    monkeypatch.setattr(store_module, "_check_file", lambda path: (done.append(path),
                                                                   real(path))[1])
    return done


def campaign(path):
    s = Store(path)
    s.append("note", [], [{"kind": "note", "text": "x"}], {})
    s.close()


def test_an_unchanged_campaign_is_checked_once_however_often_it_is_probed(tmp_path, checks):
    path = tmp_path / "c.sqlite"
    campaign(path)
    assert store_module.game_of(path) == "kaverini"
    assert store_module.game_of(path) == "kaverini"
    Store(path, read_only=True).close()
    s = Store(path)
    assert len(checks) == 1
    s.append("note", [], [{"kind": "note", "text": "y"}], {})
    s.close()                           # the file has changed: checked again
    store_module.game_of(path)
    assert len(checks) == 2


def test_damage_done_after_a_probe_is_found_at_the_next(tmp_path, checks):
    path = tmp_path / "c.sqlite"
    campaign(path)
    store_module.game_of(path)
    db = sqlite3.connect(path)
    page = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    data[page + 3] ^= 0xFF              # the size stays, the times move
    path.write_bytes(bytes(data))
    with pytest.raises(CampaignError, match="damaged"):
        store_module.game_of(path)
    assert len(checks) == 2
