"""The page `guide print --to` writes and the sheet `export --to` writes are whole or not
written at all: a disk that fills in the middle (here a file-size limit, RLIMIT_FSIZE, which
fails a write as a full disk does) is said in one line and leaves the file that was there as it
was, and no empty or cut file and no temporary file beside it."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

LIMIT = 4096        # bytes a file may grow to: less than the page and the sheet


def limited(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
    """`guide ARGS` whose files cannot grow past LIMIT (a write past it fails with EFBIG, its
    signal ignored, as a full disk fails it with ENOSPC)."""
    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))

    return subprocess.run([sys.executable, "-m", "guide", *args], input=input, text=True,
                          capture_output=True, timeout=60, preexec_fn=limit)


@contextmanager
def files_limited(size: int) -> Iterator[None]:
    """This process's files cannot grow past `size` bytes for a while (RLIMIT_FSIZE)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, handler)


def test_a_page_that_cannot_be_written_whole_leaves_the_old_page(tmp_path):
    page = tmp_path / "box.html"
    page.write_text("the page printed last week\n", encoding="utf-8")
    r = limited("print", "--to", str(page))
    assert r.returncode == 1
    assert r.stderr.startswith(f"error: --to: cannot write {page}: File too large")
    assert page.read_text(encoding="utf-8") == "the page printed last week\n"
    assert os.listdir(tmp_path) == ["box.html"]


def test_a_new_page_that_cannot_be_written_whole_is_not_there(tmp_path):
    r = limited("print", "--to", str(tmp_path / "box.html"))
    assert r.returncode == 1 and "cannot write" in r.stderr
    assert os.listdir(tmp_path) == []


def test_a_sheet_that_cannot_be_written_whole_leaves_the_old_sheet(party, tmp_path):
    sheet = tmp_path / "ann.md"
    sheet.write_text("# Ann, as she was\n", encoding="utf-8")
    before = sorted(os.listdir(tmp_path))
    with files_limited(len("# Ann, as she was\n") + 10):   # the table's own files are not
        said = party.fails(f"export Ann --to {sheet}")      # written by export
    assert said == f"export: cannot write {sheet}: File too large"
    assert sheet.read_text(encoding="utf-8") == "# Ann, as she was\n"
    assert sorted(os.listdir(tmp_path)) == before


def test_a_written_sheet_keeps_the_old_files_permissions(party, tmp_path):
    sheet = tmp_path / "ann.md"
    sheet.write_text("old\n", encoding="utf-8")
    sheet.chmod(0o640)
    party.do(f"export Ann --to {sheet}")
    assert sheet.read_text(encoding="utf-8").startswith("# Ann")
    assert sheet.stat().st_mode & 0o777 == 0o640
