"""Code lines of the package: lines holding a token other than a comment or a string
(Python's tokenize), so comments, docstrings and blank lines do not count; a string inside
code (an argument, a dict value) still counts its line through the tokens around it.

    python benchmarks/codelines.py            # guide/games by game, and guide/ in all
    python benchmarks/codelines.py PATH ...   # those folders or files
"""

from __future__ import annotations

import io
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIP = {tokenize.COMMENT, tokenize.STRING, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
        tokenize.DEDENT, tokenize.ENDMARKER, tokenize.ENCODING}


def code_lines(path: Path) -> int:
    """The file's lines that hold a token other than a comment or a string."""
    lines: set[int] = set()
    source = path.read_text("utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in SKIP or token.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            continue
        if token.type == getattr(tokenize, "FSTRING_START", -1):
            lines.add(token.start[0])
            continue
        lines.update(range(token.start[0], token.end[0] + 1))
    return len(lines)


def count(folder: Path) -> int:
    return sum(code_lines(p) for p in sorted(folder.rglob("*.py")))


def main(args: list[str]) -> None:
    if args:
        for arg in args:
            path = Path(arg)
            print(f"{count(path) if path.is_dir() else code_lines(path):7d}  {arg}")
        return
    games = ROOT / "guide" / "games"
    for game in sorted(p for p in games.iterdir() if p.is_dir() and not p.name.startswith("_")):
        print(f"{count(game):7d}  guide/games/{game.name}")
    print(f"{count(games):7d}  guide/games")
    print(f"{count(ROOT / 'guide' / 'core'):7d}  guide/core")
    print(f"{count(ROOT / 'guide'):7d}  guide")


if __name__ == "__main__":
    main(sys.argv[1:])
