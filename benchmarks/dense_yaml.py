"""Dense YAML files against the node limit (issue 41, item 1; docs/limits.md).

    python benchmarks/dense_yaml.py             # every installed game
    python benchmarks/dense_yaml.py cave cv     # some games

A file just under the size limit (5 MB) can hold a value every two bytes: `[0,0,...]`,
`{a,a,...}`, or lines of `- `. Each is written in a temporary folder under the name of the
game's first bundled file, and `guide check --game GAME FILE` is run on it as a user would;
the figures are that command's wall clock, its CPU time and its peak memory (the child's
maxrss), beside the same command on a small valid file (the start-up it pays anyway), and
their ratio to the bounds: refused within 5 s (of CPU: on a shared machine the wall clock
grows with the load) and 400 MB. The exit status is 1 when one is over.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from guide.core import box, games  # noqa: E402
from guide.core.yamlsrc import MAX_BYTES  # noqa: E402

SECONDS, MEGABYTES = 5.0, 400.0
SIZE = MAX_BYTES - 64                       # just under the size limit


def dense(kind: str, size: int = SIZE) -> str:
    """A YAML text of about `size` bytes holding a value every two or three bytes."""
    if kind == "[0,0,...]":
        return "[" + "0," * ((size - 3) // 2) + "0]\n"
    if kind == "{a,a,...}":
        return "{" + "a," * ((size - 3) // 2) + "a}\n"
    assert kind == "- lines"
    return "- \n" * (size // 3)


KINDS = ("[0,0,...]", "{a,a,...}", "- lines")


def measured(args: list[str]) -> tuple[float, float, float, str]:
    """(seconds, CPU seconds, peak MB, first problem it printed) of one `guide` command in a
    fresh process: its wall clock, the CPU time it used (user and system: its time on a
    machine of its own, as it runs on one core), and its peak resident memory as the kernel
    counted it (wait4's maxrss, KB on Linux)."""
    with tempfile.TemporaryFile("w+") as said:
        start = time.perf_counter()
        pid = os.posix_spawn(sys.executable, [sys.executable, "-m", "guide", *args],
                             os.environ, file_actions=[
                                 (os.POSIX_SPAWN_DUP2, said.fileno(), 1),
                                 (os.POSIX_SPAWN_DUP2, said.fileno(), 2)])
        _, _, usage = os.wait4(pid, 0)
        seconds = time.perf_counter() - start
        said.seek(0)
        lines = said.read().strip().splitlines()
    shown = [line for line in lines if ": " in line] or lines or [""]
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, shown[0]


def main(chosen: list[str]) -> int:
    over = False
    names = chosen or sorted(games.installed())
    print(f"dense files of {SIZE / 1048576:.2f} MB, refused within {SECONDS:.0f} s and"
          f" {MEGABYTES:.0f} MB (guide check, a fresh process each; the bound is on its CPU"
          f" time, its wall clock grows with the machine's load: {os.getloadavg()[0]:.1f} now)")
    print(f"  {'game':9} {'file':11} {'wall s':>7} {'CPU s':>6} {'MB':>5} {'CPU/bound':>9}"
          f" {'MB/bound':>8}  {'start-up: CPU s, MB':>19}  said")
    with tempfile.TemporaryDirectory() as tmp:
        for game_id in names:
            sample = box.yaml_files(box.bundled(game_id))[0][0]
            _, base_cpu, base_mb, _ = measured(["check", "--game", game_id, str(sample)])
            for kind in KINDS:
                folder = Path(tmp) / game_id / kind.strip("[{}]-,. ").replace(",", "")
                folder.mkdir(parents=True)
                target = folder / sample.name
                target.write_text(dense(kind), encoding="utf-8")
                seconds, cpu, peak, said = measured(["check", "--game", game_id, str(target)])
                refused = "more than" in said and "values" in said
                bad = cpu > SECONDS or peak > MEGABYTES or not refused
                over |= bad
                print(f"  {game_id:9} {kind:11} {seconds:7.2f} {cpu:6.2f} {peak:5.0f}"
                      f" {cpu / SECONDS:9.2f} {peak / MEGABYTES:8.2f}"
                      f"  {base_cpu:13.2f} {base_mb:5.0f}  "
                      f"{said.rsplit(': ', 1)[-1][:40]}{'  OVER' if bad else ''}")
                target.unlink()
    print(f"load afterwards: {os.getloadavg()[0]:.1f}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
