"""The catalogues' upkeep (needs Babel: `pip install babel`, in the test extras):

    python -m guide.locale extract    # the English catalogue of each domain (<domain>.pot)
    python -m guide.locale update     # each <lang>/LC_MESSAGES/<domain>.po follows its .pot
    python -m guide.locale compile    # each .po compiled to the .mo the table reads
    python -m guide.locale check      # exit 1 if a .pot, .po or .mo is behind the code

Each takes, after the word, games outside guide/ instead of the project's own domains: an
installed game's id or `MODULE:CLASS` (importable: `PYTHONPATH=tests/tinygame python -m
guide.locale update tally:TallyGame`). Such a game keeps its catalogue in its package's
`locale/` folder (its modules take `domain(ID, __package__)`), in its settings' languages.

A domain's messages are the calls of `_`, `ngettext`, `pgettext`, `npgettext`, `N_` in its
source (Babel's Python extractor, babel.cfg), the help texts of its commands (docstrings and
option help, read from its registry), and for the core click's own messages (context "click").
"""

from __future__ import annotations

import sys

from guide.core.errors import GuideError
from guide.locale.catalogues import DOMAINS, add_outside, check, compile_all, extract_all, update_all


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "check"
    try:
        names = tuple(add_outside(spec) for spec in argv[1:]) or DOMAINS
    except (ImportError, AttributeError, TypeError, ValueError, GuideError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if what == "extract":
        extract_all(names)
    elif what == "update":
        extract_all(names)
        update_all(names)
    elif what == "compile":
        compile_all(names)
    elif what == "all":
        extract_all(names)
        update_all(names)
        compile_all(names)
    elif what == "check":
        problems = check(names)
        for p in problems:
            print(p, file=sys.stderr)
        return 1 if problems else 0
    else:
        print("usage: python -m guide.locale extract|update|compile|all|check [GAME ...]",
              file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
