"""The errors every game raises: an illegal action, a bad configuration, a state
the engine must not be given (each a ValueError that says what was wrong and
what is allowed). Their own module so that replays and options can raise them
without importing the Game base."""
from __future__ import annotations


class StateError(ValueError):
    """A state the engine must not be given (a saved game, a state handed in);
    .problems lists why. Either a list of problems ("invalid <what>: a; b; ...")
    or one whole message."""

    def __init__(self, problems: list[str] | str, what: str = "state"):
        if isinstance(problems, str):
            self.problems = [problems]
            super().__init__(problems)
            return
        self.problems = list(problems)
        more = f" (+{len(problems) - 8} more)" if len(problems) > 8 else ""
        super().__init__(f"invalid {what}: " + "; ".join(problems[:8]) + more)


class IllegalActionError(ValueError):
    """An action that is not legal in the current state (the state is unchanged)."""


class GameConfigError(ValueError):
    """A malformed game configuration."""
