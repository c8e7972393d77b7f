"""Issue 31, item 7 (the campaign file deleted or replaced while open) and item 9's second
half (campaign files hold the seats' tokens: created 0600)."""

from __future__ import annotations

import os
import stat

import pytest
from test_interrupts import file_state

from conftest import Play
from guide.core.repl.run import StartError, open_table


def test_a_deleted_campaign_is_noticed_before_a_save_and_written_back(tally):
    before = tally.state
    os.unlink(tally.path)
    message = tally.fails("add 2")
    assert message == (f"{tally.path}: the campaign file was deleted while this guide had it"
                       " open: this command was not saved; the campaign as saved before was"
                       " written back there and the table goes on with it: type the command"
                       " again")
    assert tally.state == before
    assert file_state(tally.path) == tally.table.state
    tally.do("add 2")
    assert tally.state["count"] == 2
    again = tally.reopen()
    assert again.state["count"] == 2
    assert again.do("undo") == "Undone: add 2"
    again.close()


def test_a_replaced_campaign_is_left_alone_and_the_table_goes_on_beside_it(tally):
    os.replace(tally.path, tally.path.with_name("moved.sqlite"))
    tally.path.write_bytes(b"another file")
    message = tally.fails("add 1")
    recovered = tally.path.with_name("campaign-recovered-1.sqlite")
    assert message.startswith(f"{tally.path}: the campaign file was replaced by another file")
    assert message.endswith(f"written back to {recovered} and the table goes on with it: type"
                            " the command again")
    assert tally.path.read_bytes() == b"another file"
    tally.do("add 1")
    assert file_state(recovered)["count"] == 1


def test_a_second_table_cannot_open_the_path_of_a_deleted_open_campaign(tally, tmp_path):
    os.unlink(tally.path)
    with pytest.raises(StartError, match="the file is missing but its journal"):
        open_table(tally.path, [], 1)
    assert not tally.path.exists()
    tally.fails("add 1")                       # the first table writes it back
    with pytest.raises(StartError, match="already open in another guide"):
        open_table(tally.path, [], 1)


@pytest.mark.parametrize("read_only", [False, True])
def test_a_campaign_open_by_another_name_is_said_open_and_left_clean(tally, tmp_path, read_only):
    """Issue 41, item 6: a hard link to an open campaign was read without the holder's
    journal ("an SQLite file, but not a guide campaign") and left a -wal and -shm of its
    own; it is said to be open elsewhere, and nothing is left behind."""
    tally.do("add 2")
    link = tmp_path / "link.sqlite"
    os.link(tally.path, link)
    with pytest.raises(StartError) as e:
        open_table(link, [], 1, read_only=read_only)
    assert str(e.value) == (f"{link}: already open in another guide, by another name of the"
                            " same file (a hard link); close that one first (nothing was"
                            " changed)")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("link")) == [
        "link.sqlite"]
    tally.do("add 1")                          # the holder goes on
    tally.close()
    again = open_table(link, [], 1)            # once it closed, the link opens
    try:
        assert again.state["count"] == 3
    finally:
        again.store.close()


def test_undo_also_notices_a_deleted_file(tally):
    tally.do("add 1")
    os.unlink(tally.path)
    assert "was deleted while this guide had it open" in tally.fails("undo")
    assert tally.state["count"] == 1
    tally.do("undo")
    assert tally.state["count"] == 0


def test_campaign_files_are_readable_by_their_owner_only(tmp_path, tally_installed):
    """They hold the seats' tokens (guide.core.seats): 0600, whatever the umask lets by."""
    old = os.umask(0o022)
    try:
        play = Play(tmp_path / "c.sqlite", game_id="tally")
        play.do("join Ann")
        for name in ("c.sqlite", "c.sqlite-wal", "c.sqlite-shm"):
            assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name
        os.unlink(play.path)                    # a campaign written back: 0600 too
        play.fails("add 1")
        assert stat.S_IMODE(play.path.stat().st_mode) == 0o600
        play.close()
    finally:
        os.umask(old)


def test_an_older_world_readable_campaign_with_seat_tokens_becomes_owner_only(tmp_path,
                                                                             tally_installed):
    path = tmp_path / "c.sqlite"
    play = Play(path, game_id="tally")
    play.do("join Ann")
    play.close()
    for name in ("c.sqlite", "c.sqlite-wal", "c.sqlite-shm"):
        if (tmp_path / name).exists():
            os.chmod(tmp_path / name, 0o644)          # as campaigns were created before
    play = Play(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644   # no token in it: left as it is
    play.table.store.save_seat_token("Ann", "a-token")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    play.close()
    os.chmod(path, 0o644)
    Play(path).close()                                  # opened with tokens inside
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
