"""A campaign named at the prompt that is not there yet is made: a new table says so above
its greeting, so that `--campaign taverne` meant for taverne.sqlite does not open a new
table of the default game unsaid; a campaign reopened does not."""

from terminal import Terminal, terminal_env


def test_a_new_campaign_file_is_said_and_a_reopened_one_is_not(tmp_path):
    path = tmp_path / "taverne"
    for shown in (True, False):
        term = Terminal(["play", "--game", "cave", "--campaign", str(path)], terminal_env(tmp_path))
        try:
            screen = "".join(term.wait_for("cave>").split())     # a long path goes on below
            assert (f"Newcampaign:{path}(Caveescape)" in screen) is shown
            if shown:
                term.line("character Ann")
                term.wait_for("Ann joins")
        finally:
            term.close()
