"""Reading declarative game-data files (TOML) into pydantic models.

Every entry of every data file says where its facts come from:

* ``"rulebook"``: a sentence or worked example of the rulebook states it;
* ``"published"``: a public source states it (``ref`` names it);
* ``"reconstructed"``: designed by us within every stated constraint.

Errors name the file, the entry and the field, and say what is allowed, e.g.
``residences.toml: residence[3] (hacienda): cost: Input should be greater than
or equal to 0``.
"""
from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

SOURCES = ("rulebook", "published", "reconstructed")
Source = Literal["rulebook", "published", "reconstructed"]


class DataError(ValueError):
    """A data file is missing, unreadable or breaks the schema or a constraint."""


class Strict(BaseModel):
    """A data-file table: unknown keys are errors, values are not coerced."""
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Entry(Strict):
    """A data entry with provenance; ``published`` needs a ``ref``."""
    key: str
    source: Source
    ref: str = ""

    @model_validator(mode="after")
    def _published_has_ref(self):
        if self.source == "published" and not self.ref:
            raise ValueError('source = "published" needs ref = "<where it is published>"')
        return self


def read_toml(path: Path) -> dict:
    """Parse one TOML file; a missing or malformed file raises DataError."""
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise DataError(f"{path.name}: missing (expected at {path})") from None
    except tomllib.TOMLDecodeError as e:
        raise DataError(f"{path.name}: not valid TOML: {e}") from None


def _where(raw: dict, loc: tuple) -> str:
    """'card[3] (tobacco): cost' from a pydantic error location."""
    parts, node = [], raw
    for i, item in enumerate(loc):
        if isinstance(item, int):
            parts[-1] += f"[{item}]"
            node = node[item] if isinstance(node, list) and item < len(node) else None
            if isinstance(node, dict) and "key" in node:
                parts[-1] += f" ({node['key']})"
        else:
            parts.append(str(item))
            node = node.get(item) if isinstance(node, dict) else None
    return ": ".join(parts) if parts else "(file)"


def parse_file(path: Path, model: type[BaseModel]) -> BaseModel:
    """Read ``path`` and validate it against ``model`` (a whole-file model)."""
    raw = read_toml(path)
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        lines = []
        for err in e.errors()[:8]:
            msg = err["msg"]
            value = err.get("input")
            # echo the offending value, unless the error is its absence or a whole table
            if err["type"] != "missing" and not isinstance(value, (dict, list)) and f"{value!r}" not in msg:
                msg += f" (got {value!r})"
            lines.append(f"{path.name}: {_where(raw, err['loc'])}: {msg}")
        more = f" (+{e.error_count() - 8} more)" if e.error_count() > 8 else ""
        raise DataError("\n".join(lines) + more) from None


def check(ok: bool, where: str, message: str) -> None:
    """Raise DataError(where: message) unless ok (for cross-file constraints)."""
    if not ok:
        raise DataError(f"{where}: {message}")


def write_json_schemas(models: dict[str, type[BaseModel]], folder: Path) -> list[Path]:
    """Write one JSON Schema per data file (editors use them to check a user's
    edited files, e.g. with the Even Better TOML extension)."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for stem, model in models.items():
        p = folder / f"{stem}.schema.json"
        p.write_text(json.dumps(model.model_json_schema(), indent=1) + "\n")
        out.append(p)
    return out
