"""PyYAML's problems in the table's language: PyYAML (and the libyaml it wraps) says what is
wrong in English ("while scanning a simple key ... could not find expected ':'"); each kind of
problem it knows is said here in our own words, through the core's catalogue. The position
stays PyYAML's (guide.core.yamlsrc). A problem of a kind not listed is said in general terms,
or in PyYAML's own words when the table speaks English."""

from __future__ import annotations

import re

import yaml

from guide.core.i18n import ENGLISH, N_, _, current

# (what PyYAML or libyaml says, as a pattern on its `problem`, our words for it), first match
_PROBLEMS: tuple[tuple[str, str], ...] = (
    (r"could not find expected ':'",
     N_("a line that is neither `key: value` nor a `- ` list item (a ':' is missing)")),
    (r"mapping values are not allowed",
     N_("a ':' where no `key: value` can stand (a second ':' on the line? put the text in"
        " quotes)")),
    (r"(block )?sequence entries are not allowed",
     N_("a `- ` list item where none can stand (check the indentation)")),
    (r"mapping keys are not allowed",
     N_("a '?' key where none can stand (put the text in quotes)")),
    (r"did not find expected key|expected <block end>",
     N_("the indentation does not line up with the lines above it")),
    (r"did not find expected '-' indicator",
     N_("a line inside a list that is not a `- ` item (check the indentation)")),
    (r"did not find expected ',' or '\]'|expected ',' or '\]'",
     N_("a list in [brackets] without its closing ']' (or a ',' missing)")),
    (r"did not find expected ',' or '\}'|expected ',' or '\}'",
     N_("a mapping in braces without its closing brace (or a ',' missing)")),
    (r"found unexpected end of stream",
     N_("the file ends before the quoted text is closed")),
    (r"found a tab character",
     N_("a tab in the indentation: indent with spaces")),
    (r"found character .*cannot start any token",
     N_("a character no value can start with (a tab, '@' or '`'): indent with spaces, put"
        " the text in quotes")),
    (r"found undefined alias",
     N_("an alias (*name) with no anchor (&name) before it")),
    (r"found duplicate anchor",
     N_("the same anchor (&name) twice")),
    (r"expected a single document|but found another document",
     N_("a second document (after '---'): a file holds one")),
    (r"found unexpected document (indicator|separator)",
     N_("a '---' or '...' inside a value (put the text in quotes)")),
    (r"found unknown escape character|expected escape sequence|invalid Unicode character"
     r"|did not find expected hexdecimal number",
     N_("a backslash escape that is not one (write \\\\ for a backslash, or use single"
        " quotes)")),
    (r"found unexpected ':'",
     N_("an unexpected ':' (put the text in quotes)")),
    (r"control characters are not allowed",
     N_("a control character, which a YAML file cannot hold")),
    (r"did not find expected node content|expected the node content",
     N_("a value is missing here")),
    (r"did not find expected comment or line break|expected a comment or a line break",
     N_("more after a value on its line (a comment needs a space before '#')")),
    (r"did not find expected alphabetic or numeric character|expected alphabetic or numeric",
     N_("an anchor or alias ('&', '*') without a name (put the text in quotes)")),
    (r"tag|'!'|URI",
     N_("a tag ('!') that is not read (put the text in quotes)")),
    (r"directive|%YAML|%TAG|version",
     N_("a directive ('%') that is not read (put the text in quotes)")),
    (r"indentation indicator|chomping",
     N_("a '|' or '>' text whose indentation indicator is not 1 to 9")),
)


def problem_words(e: yaml.MarkedYAMLError) -> str:
    """What PyYAML found wrong, in the table's language, with where the part it was reading
    began when that is on another line (a quote opened at line 3 and never closed)."""
    said = _words(e.problem) or _words(e.context)
    if said is None:
        if current() == ENGLISH:
            return " ".join(x for x in (e.context, e.problem) if x) or _("YAML syntax error")
        return _("YAML syntax error")
    began, at = e.context_mark, e.problem_mark
    if (began is not None and at is not None and began.line != at.line
            and not re.search("block|document", e.context or "")):
        # where the line, the quoted text, the bracket or the first anchor began
        said = _("{problem} (see line {line}, column {column})").format(
            problem=said, line=began.line + 1, column=began.column + 1)
    return said


def _words(found: str | None) -> str | None:
    if not found:
        return None
    return next((_(words) for pattern, words in _PROBLEMS if re.search(pattern, found)), None)


def other_problem(e: yaml.YAMLError, text: str) -> tuple[int, int, str]:
    """(line, column, what) of a YAML problem without a mark: a character YAML refuses
    (PyYAML's ReaderError, at a position in the text), or another, said in general terms."""
    if isinstance(e, yaml.reader.ReaderError) and isinstance(e.character, int):
        before = text[:max(0, e.position)]
        line, column = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
        return line, column, _("a character a YAML file cannot hold (U+{code:04X})").format(
            code=e.character)
    if current() == ENGLISH:
        return 1, 1, str(e).splitlines()[0]
    return 1, 1, _("YAML syntax error")
