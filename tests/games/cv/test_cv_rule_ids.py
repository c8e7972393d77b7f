"""Every rule id of the CV rules reference is pinned by a test that names it."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[2] / "docs" / "cv.md"


def test_every_rule_id_of_docs_cv_md_names_a_test():
    ids = sorted(set(re.findall(r"\*\*(V-[A-Z]+-\d)\*\*", DOC.read_text(encoding="utf-8"))))
    assert len(ids) == 20
    names = " ".join(re.findall(r"def (test_\w+)", " ".join(p.read_text(encoding="utf-8")
                                                           for p in HERE.glob("test_cv_*.py"))))
    missing = [i for i in ids if "test_" + i.lower().replace("-", "_") + "_" not in names]
    assert missing == []
