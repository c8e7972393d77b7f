"""`pip install .` ships the catalogues: the wheel carries every compiled .mo, and the table
installed from it speaks French (no Babel, no source tree needed at run time)."""

from __future__ import annotations

import subprocess
import sys
import zipfile

from conftest import ROOT
from guide.locale import catalogues as cat


def test_the_wheel_carries_the_compiled_catalogues_and_speaks_them(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q",
                    "-w", str(tmp_path)], check=True, capture_output=True, timeout=300)
    wheel = next(tmp_path.glob("kaverini_guide-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for name, codes in cat.TRANSLATED.items():
        for code in codes:
            assert f"guide/locale/{code}/LC_MESSAGES/{name}.mo" in names
            assert f"guide/locale/{code}/LC_MESSAGES/{name}.po" in names   # for translators
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    said = subprocess.run(
        [sys.executable, "-c",
         "from guide.core import i18n; i18n.use('fr'); print(i18n.LOCALE);"
         " print(i18n.domain('taverne').pgettext('call', 'Start of turn!'))"],
        cwd=tmp_path, env={"PYTHONPATH": str(site)}, capture_output=True, text=True, check=True)
    where, words = said.stdout.strip().splitlines()
    assert where == str(site / "guide" / "locale") and words == "Début du tour\u00a0!"
