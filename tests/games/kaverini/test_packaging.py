"""The package as a new user gets it: the wheel carries the bundled box, and CI runs the
README's test command."""

import re
import subprocess
import sys
import zipfile

from conftest import ROOT


def test_ci_runs_the_readme_test_command_exactly():
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```sh\n(.+?)\n```", readme)
    test_command = next(c for c in commands if "pytest" in c)
    assert test_command in (ROOT / ".ci" / "run").read_text().splitlines()


def test_the_wheel_carries_the_box_and_loads_it(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q",
                    "-w", str(tmp_path)], check=True, capture_output=True, timeout=300)
    wheel = next(tmp_path.glob("kaverini_guide-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for needed in ("guide/box/cards/kaverini/amsterdam/foes.yaml",
                   "guide/box/adventures/kaverini/amsterdam.yaml",
                   "guide/games/kaverini/data/schemas/cards.schema.json",
                   "guide/games/kaverini/data/emotions.yaml", "guide/games/kaverini/view/page.html",
                   "guide/games/kaverini/data/rules.md",
                   "guide/core/view/page.html", "guide/core/confusables.yaml",
                   "guide/games/kaverini/data/limits.yaml"):
        assert needed in names
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    out = subprocess.run([sys.executable, "-c", "from guide.core.box import bundled;"
                          " from guide.games.kaverini.data.loader import bundled_library;"
                          " print(bundled('kaverini')[0]);"
                          " print(len(bundled_library().cards))"],
                         cwd=tmp_path, env={"PYTHONPATH": str(site)}, capture_output=True,
                         text=True, check=True)
    where, count = out.stdout.split()
    assert where.endswith("guide/box/cards/kaverini") and int(count) == 34
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    declared = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[guide.games]" in declared and "kaverini = guide.games.kaverini.game:KaveriniGame" in declared
