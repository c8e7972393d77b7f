"""The catalogues' upkeep (needs Babel: `pip install babel`, in the test extras):

    python -m guide.locale extract    # the English catalogue of each domain (<domain>.pot)
    python -m guide.locale update     # each <lang>/LC_MESSAGES/<domain>.po follows its .pot
    python -m guide.locale compile    # each .po compiled to the .mo the table reads
    python -m guide.locale check      # exit 1 if a .pot, .po or .mo is behind the code

A domain's messages are the calls of `_`, `ngettext`, `pgettext`, `npgettext`, `N_` in its
source (Babel's Python extractor, babel.cfg), the help texts of its commands (docstrings and
option help, read from its registry), and for the core click's own messages (context "click").
"""

from __future__ import annotations

import sys

from guide.locale.catalogues import check, compile_all, extract_all, update_all


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "check"
    if what == "extract":
        extract_all()
    elif what == "update":
        extract_all()
        update_all()
    elif what == "compile":
        compile_all()
    elif what == "all":
        extract_all()
        update_all()
        compile_all()
    elif what == "check":
        problems = check()
        for p in problems:
            print(p, file=sys.stderr)
        return 1 if problems else 0
    else:
        print("usage: python -m guide.locale extract|update|compile|all|check", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
