"""Issue 31, item 7 (the campaign file deleted or replaced while open) and item 9's second
half (campaign files hold the seats' tokens: created 0600)."""

from __future__ import annotations

import os
import stat

import pytest
from test_interrupts import file_state

from conftest import Play
from guide.core.repl.run import StartError, open_table


def test_a_deleted_campaign_is_noticed_before_a_save_and_written_back(party):
    before = party.state
    os.unlink(party.path)
    message = party.fails("wp Ann 2")
    assert message == (f"{party.path}: the campaign file was deleted while this guide had it"
                       " open: this command was not saved; the campaign as saved before was"
                       " written back there and the table goes on with it: type the command"
                       " again")
    assert party.state == before
    assert file_state(party.path) == party.table.state
    party.do("wp Ann 2")
    assert party.kaveri("Ann")["world_points"] == 2
    again = party.reopen()
    assert again.kaveri("Ann")["world_points"] == 2
    assert again.do("undo") == "Undone: wp Ann 2"
    again.close()


def test_a_replaced_campaign_is_left_alone_and_the_table_goes_on_beside_it(party):
    os.replace(party.path, party.path.with_name("moved.sqlite"))
    party.path.write_bytes(b"another file")
    message = party.fails("wp Ann 1")
    recovered = party.path.with_name("campaign-recovered-1.sqlite")
    assert message.startswith(f"{party.path}: the campaign file was replaced by another file")
    assert message.endswith(f"written back to {recovered} and the table goes on with it: type"
                            " the command again")
    assert party.path.read_bytes() == b"another file"
    party.do("wp Ann 1")
    assert file_state(recovered)["kaverit"][0]["world_points"] == 1


def test_a_second_table_cannot_open_the_path_of_a_deleted_open_campaign(party, tmp_path):
    os.unlink(party.path)
    with pytest.raises(StartError, match="the file is missing but its journal"):
        open_table(party.path, [], 1)
    assert not party.path.exists()
    party.fails("wp Ann 1")                    # the first table writes it back
    with pytest.raises(StartError, match="already open in another guide"):
        open_table(party.path, [], 1)


def test_undo_also_notices_a_deleted_file(party):
    party.do("wp Ann 1")
    os.unlink(party.path)
    assert "was deleted while this guide had it open" in party.fails("undo")
    assert party.kaveri("Ann")["world_points"] == 1
    party.do("undo")
    assert party.kaveri("Ann")["world_points"] == 0


def test_campaign_files_are_readable_by_their_owner_only(tmp_path):
    """They hold the seats' tokens (guide.core.seats): 0600, whatever the umask lets by."""
    old = os.umask(0o022)
    try:
        play = Play(tmp_path / "c.sqlite")
        play.do("adventure amsterdam")
        for name in ("c.sqlite", "c.sqlite-wal", "c.sqlite-shm"):
            assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name
        os.unlink(play.path)                    # a campaign written back: 0600 too
        play.fails("adventure amsterdam")
        assert stat.S_IMODE(play.path.stat().st_mode) == 0o600
        play.close()
    finally:
        os.umask(old)


def test_an_older_world_readable_campaign_with_seat_tokens_becomes_owner_only(tmp_path):
    path = tmp_path / "c.sqlite"
    play = Play(path)
    play.do("adventure amsterdam")
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
