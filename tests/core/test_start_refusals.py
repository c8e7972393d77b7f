"""Bad inputs at start-up (`guide play`, `guide view`, `guide state`, `guide check`): each
refused in one line naming the argument or file, changing nothing; never a Python error
("[Errno 17] File exists"), a message over several lines, or a silent success."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import Play, guide
from guide.core import box


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


@pytest.mark.parametrize("command", ["play", "view", "state"])
@pytest.mark.parametrize("where", ["afile", "afile/sub"])
def test_a_data_folder_that_cannot_be_made_is_named_in_one_line(tmp_path, command, where):
    afile = tmp_path / "afile"
    afile.write_text("mine\n")
    data = tmp_path / where
    r = guide(command, input="roll 1d6\n", env={"GUIDE_DATA_DIR": str(data)}, timeout=30)
    assert r.returncode == 1
    assert one_line(r.stderr) == (f"error: GUIDE_DATA_DIR={data}: no data folder can be made"
                                  " there: a file stands where a folder must be")
    assert afile.read_text() == "mine\n" and os.listdir(tmp_path) == ["afile"]


def test_a_damaged_campaign_is_said_in_one_line_whatever_sqlite_finds(tally, tally_env):
    """quick_check's finding comes as "*** in database main ***" and the finding on the
    next line: the refusal said both, over two lines."""
    tally.do(*[f"add {1 + i % 3}" for i in range(30)])
    tally.close()
    path = tally.path
    data = bytearray(path.read_bytes())
    data[5000:9000] = b"\xff" * 4000                  # the tree of page 2, and beyond
    path.write_bytes(bytes(data))
    before = digest(path)
    for command in ("play", "view", "state"):
        r = guide(command, "--campaign", str(path), input="add 1\n", env=tally_env, timeout=30)
        assert r.returncode == 1
        said = one_line(r.stderr)
        assert said.startswith(f"error: {path}: the campaign file is damaged (On tree page 2")
        assert "***" not in said and said.endswith("sqlite3 NEW.sqlite`")
        assert digest(path) == before


@pytest.mark.parametrize("args", [["play", "--campaign", ""], ["view", "--campaign", ""],
                                  ["play", "--box", ""], ["check", ""]])
def test_an_empty_path_is_refused_not_read_as_the_current_folder(tmp_path, args):
    """`guide check ""` read every YAML file under the current folder, `--box ""` loaded
    them as the box, `--campaign ""` was "the folder ., not a campaign file"."""
    r = CliRunner().invoke(_cli(), args)
    assert r.exit_code == 2
    assert r.output.rstrip().splitlines()[-1].endswith(
        "': an empty path names no file or folder"), r.output


def _cli():
    from guide.cli import cli
    return cli


def _unreadable(monkeypatch, folder: Path) -> None:
    """`folder` as a user who may not enter it sees it (the tests run as root, who may)."""
    real_scandir, real_stat = os.scandir, Path.stat

    def scandir(path=".", *a, **k):
        if Path(path) == folder:
            raise PermissionError(13, "Permission denied", str(folder))
        return real_scandir(path, *a, **k)

    def stat(self, *a, **k):
        if folder in self.parents:
            raise PermissionError(13, "Permission denied", str(self))
        return real_stat(self, *a, **k)

    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(Path, "stat", stat)


def test_a_folder_that_cannot_be_read_is_a_problem_not_an_empty_box(tmp_path, monkeypatch):
    """`guide check FOLDER` said "ok: 0 cards" and `--box FOLDER` loaded nothing when the
    folder could not be listed; a file inside it was a Python error."""
    folder = tmp_path / "closed"
    folder.mkdir()
    (folder / "cards.yaml").write_text("cards: []\n")
    _unreadable(monkeypatch, folder)
    files, problems = box.yaml_files([folder, folder / "cards.yaml"])
    assert files == []
    assert [str(p) for p in problems] == [
        f"{folder}:1:1: cannot read: Permission denied",
        f"{folder / 'cards.yaml'}:1:1: cannot read: Permission denied"]
    assert box.by_game([folder / "cards.yaml"], ["kaverini"], "kaverini") == {
        "kaverini": [folder / "cards.yaml"]}
    r = CliRunner().invoke(_cli(), ["check", str(folder), str(folder / "cards.yaml")])
    assert r.exit_code == 1 and r.exception is None or isinstance(r.exception, SystemExit)
    assert f"{folder}:1:1: cannot read: Permission denied" in r.output
    assert "0 cards" not in r.output


@pytest.fixture
def open_tmp():
    """A folder any user may enter (pytest's own are root's alone)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="guide-nobody-") as folder:
        yield Path(folder)


def test_what_the_user_may_not_read_is_said_in_one_line_by_what_reads_it(open_tmp):
    """As a user without the rights (root's tests run `guide` as nobody): click said
    "Invalid value for '--campaign': File ... is not readable." over four lines; a folder
    closed to the user was an empty box."""
    import shutil
    import subprocess
    import sys

    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to run guide as another user")
    home = open_tmp / "open"
    home.mkdir()
    Play(home / "c.sqlite").close()
    closed = home / "closed"
    closed.mkdir()
    (closed / "cards.yaml").write_text("cards: []\n")
    for path, mode in ((open_tmp, 0o755), (home, 0o777), (home / "c.sqlite", 0o000),
                       (closed, 0o000)):
        path.chmod(mode)

    def as_nobody(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable,
             "-m", "guide", *args], input="", capture_output=True, text=True, timeout=60,
            cwd=home, env={**os.environ, "GUIDE_DATA_DIR": str(home / "data"),
                           "GUIDE_CACHE_DIR": "off"})

    probe = as_nobody("--version")
    if probe.returncode != 0:
        pytest.skip(f"guide does not run as nobody here: {probe.stderr.strip()[-200:]}")
    for args, said in (
            (["play", "--campaign", str(home / "c.sqlite")],
             f"error: {home / 'c.sqlite'}: cannot read the campaign: permission denied"),
            (["view", "--campaign", str(home / "c.sqlite")],
             f"error: {home / 'c.sqlite'}: cannot read the campaign: permission denied"),
            (["play", "--campaign", str(home / "new.sqlite"), "--box", str(closed)],
             f"error: {closed}:1:1: cannot read: Permission denied (1 problem; run guide"
             f" check {closed} --game kaverini)"),
            (["check", str(closed)], f"{closed}:1:1: cannot read: Permission denied")):
        r = as_nobody(*args)
        assert r.returncode == 1, (args, r.stderr)
        assert said in (r.stdout + r.stderr).splitlines(), (args, r.stdout, r.stderr)
        assert "Usage" not in r.stderr and "Traceback" not in r.stderr
    assert not (home / "new.sqlite").exists()
