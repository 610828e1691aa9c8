"""Game options (variants and modules), declared once per game and shared by
`Game(...)`, the envs, the CLI (``--option NAME[=VALUE]``), tournaments,
balance reports, replays and saved games.

    OPTIONS = (
        Option("skirmish", "flag", False, help="Pirate Skirmish (§20.3)"),
        Option("difficulty", "int", 0, choices=range(7), help="Jordan's level k (solo only)"),
        Option("legacy", "set", (), choices=("L1", "L2", ...), help="legacy tiles in play"),
    )
    values = check_options(OPTIONS, {"skirmish": True})      # every option, normalised
    parse_option_args(OPTIONS, ["skirmish", "legacy=L6,L9"])  # {"skirmish": True, "legacy": ("L6", "L9")}

Kinds: "flag" (a bool; ``--option NAME`` or ``NAME=on/off``), "int" (one of
choices), "choice" (a str, one of choices), "set" (a tuple of distinct
members of choices, kept in the choices' order; ``NAME=a,b``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .game import GameConfigError

KINDS = ("flag", "int", "choice", "set")
_TRUE, _FALSE = ("1", "on", "true", "yes"), ("0", "off", "false", "no")


@dataclass(frozen=True)
class Option:
    name: str
    kind: str
    default: Any
    choices: tuple = ()
    help: str = ""

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: kind must be one of {KINDS}")
        object.__setattr__(self, "choices", tuple(self.choices))

    def allowed(self) -> str:
        """What the option takes, for error and help texts."""
        if self.kind == "flag":
            return "True or False"
        if self.kind == "set":
            return f"a list of distinct names from {', '.join(map(str, self.choices))}"
        return f"one of {', '.join(map(str, self.choices))}"

    def check(self, value) -> Any:
        """value normalised, or GameConfigError naming the option and what it takes."""
        bad = GameConfigError(f"option {self.name} must be {self.allowed()}, got {value!r}")
        if self.kind == "flag":
            if isinstance(value, (bool, np.bool_)):
                return bool(value)
            raise bad
        if self.kind == "int":
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) \
                    or value not in self.choices:
                raise bad
            return int(value)
        if self.kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                raise bad
            return value
        if isinstance(value, str) or not isinstance(value, (list, tuple, set, frozenset)):
            raise bad
        items = list(value)
        unknown = [v for v in items if not isinstance(v, str) or v not in self.choices]
        if unknown:
            raise GameConfigError(f"option {self.name}: unknown {unknown!r}; allowed: "
                                  f"{', '.join(map(str, self.choices))}")
        if len(set(items)) != len(items):
            raise GameConfigError(f"option {self.name}: {value!r} names a member twice")
        return tuple(c for c in self.choices if c in items)

    def parse(self, text: str | None) -> Any:
        """The value of a command-line ``NAME[=TEXT]`` (TEXT None: the bare name)."""
        if self.kind == "flag":
            if text is None or text.lower() in _TRUE:
                return True
            if text.lower() in _FALSE:
                return False
            raise GameConfigError(f"--option {self.name}: a flag takes no value or on/off, got {text!r}")
        if text is None:
            raise GameConfigError(f"--option {self.name} needs a value: {self.name}=VALUE, "
                                  f"VALUE {self.allowed()}")
        if self.kind == "int":
            try:
                return self.check(int(text))
            except ValueError:
                raise GameConfigError(f"option {self.name} must be {self.allowed()}, got {text!r}") from None
        if self.kind == "choice":
            return self.check(text)
        return self.check([t.strip() for t in text.split(",") if t.strip()])


def by_name(options) -> dict[str, Option]:
    return {o.name: o for o in options}


def check_options(options, values: dict) -> dict:
    """Every option's normalised value (defaults for those not given);
    GameConfigError for an unknown name, listing the known ones."""
    known = by_name(options)
    unknown = [k for k in values if k not in known]
    if unknown:
        raise GameConfigError(f"unknown option {unknown[0]!r}; options: {', '.join(known) or 'none'}")
    return {o.name: o.check(values[o.name]) if o.name in values else o.default for o in options}


def unknown_options(given: dict, options, others: str = "") -> None:
    """GameConfigError for keyword arguments that are no option of the game."""
    if given:
        name = next(iter(given))
        raise GameConfigError(f"unknown option {name!r}; options: {', '.join(o.name for o in options)}"
                              + (f" (and the settings {others})" if others else ""))


def parse_option_args(options, items) -> dict:
    """{name: value} of command-line ``--option NAME[=VALUE]`` items."""
    known = by_name(options)
    out: dict = {}
    for item in items or ():
        name, eq, text = item.partition("=")
        name = name.strip()
        if name not in known:
            raise GameConfigError(f"unknown option {name!r}; options: "
                                  f"{', '.join(known) or 'none'} (see --help)")
        if name in out:
            raise GameConfigError(f"--option {name} given twice")
        out[name] = known[name].parse(text.strip() if eq else None)
    return out


def non_default(options, values: dict) -> dict:
    """The options whose value differs from the default (for labels and configs)."""
    return {o.name: values[o.name] for o in options if o.name in values and values[o.name] != o.default}


def label(options, values: dict) -> str:
    """A short readable name of an option set: 'skirmish+rubies+difficulty=3' ('base' when none)."""
    parts = []
    for name, v in non_default(options, values).items():
        if v is True:
            parts.append(name)
        elif isinstance(v, tuple):
            parts.append(f"{name}={','.join(v)}")
        else:
            parts.append(f"{name}={v}")
    return "+".join(parts) or "base"


def help_text(options) -> str:
    """One line per option, for CLI help."""
    return "\n".join(f"  {o.name:<18} {o.help} ({o.allowed()}; default {o.default!r})" for o in options)


def to_json_value(value):
    """A JSON-ready value (tuples become lists)."""
    return list(value) if isinstance(value, tuple) else value
