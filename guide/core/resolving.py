"""A name as people type it, for a game's rules: the core's one resolver (guide.core.names),
its refusal ("no player named 'Jo'; did you mean 'Joe'?", "'A' could be ...") raised as a
RuleError, the one line a refused move shows (the command changes nothing)."""

from __future__ import annotations

from collections.abc import Iterable

from guide.core.errors import GuideError, RuleError
from guide.core.names import What, resolve


def resolve_or_refuse(typed: str, names: Iterable[str], what: What | None = None) -> str:
    """The one of `names` that `typed` means (exact, any case, a unique beginning or word);
    when it means none or several, a RuleError in the resolver's words."""
    try:
        return resolve(typed, names, what)
    except GuideError as e:
        raise RuleError(str(e)) from None
