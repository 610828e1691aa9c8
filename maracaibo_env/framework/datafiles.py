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

import hashlib
import json
import os
import tomllib
from pathlib import Path
from typing import Iterable, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

SOURCES = ("rulebook", "published", "reconstructed")
Source = Literal["rulebook", "published", "reconstructed"]
#: every integer of a data file ends up in an int32 catalog or state array
INT32_MIN, INT32_MAX = -2**31, 2**31 - 1


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


#: a data file is small; larger is not one of ours
MAX_DATA_BYTES = 16 << 20


def read_toml(path: Path) -> dict:
    """Parse one TOML file; a missing, malformed or too deeply nested file, or
    anything but a regular file under the size cap, raises DataError."""
    from .files import FileError, read_text
    path = Path(path)
    if not os.path.lexists(path):
        raise DataError(f"{path.name}: missing (expected at {path})")
    try:
        return tomllib.loads(read_text(path, MAX_DATA_BYTES, "data file"))
    except FileError as e:
        raise DataError(f"{path.name}: {e.reason}") from None
    except tomllib.TOMLDecodeError as e:
        raise DataError(f"{path.name}: not valid TOML: {e}") from None
    except RecursionError:
        raise DataError(f"{path.name}: not valid TOML: nested too deeply") from None


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


def _check_ints(path: Path, raw: dict, where=_where) -> None:
    """Every integer of a parsed file fits int32 (TOML allows 64 bits, Python
    any size): a larger one would overflow the arrays the data is compiled into."""
    todo = [((), raw)]
    while todo:
        loc, node = todo.pop()
        if isinstance(node, dict):
            todo.extend((loc + (k,), v) for k, v in node.items())
        elif isinstance(node, list):
            todo.extend((loc + (i,), v) for i, v in enumerate(node))
        elif type(node) is int and not INT32_MIN <= node <= INT32_MAX:
            raise DataError(f"{path.name}: {where(raw, loc)}: {node} is out of range; "
                            f"allowed: {INT32_MIN}..{INT32_MAX} (int32)")


def validate(path: Path, raw: dict, model: type[BaseModel], where=_where) -> BaseModel:
    """Validate the parsed contents `raw` of `path` against ``model`` (a
    whole-file model); every integer must also fit int32 (fields without a
    range of their own). DataError lines name the file and, through
    ``where(raw, loc)``, the entry and the field."""
    try:
        parsed = model.model_validate(raw)
    except ValidationError as e:
        lines = []
        for err in e.errors()[:8]:
            msg = err["msg"]
            value = err.get("input")
            # echo the offending value, unless the error is its absence or a whole table
            if err["type"] != "missing" and not isinstance(value, (dict, list)) and f"{value!r}" not in msg:
                msg += f" (got {value!r})"
            lines.append(f"{path.name}: {where(raw, err['loc'])}: {msg}")
        more = f" (+{e.error_count() - 8} more)" if e.error_count() > 8 else ""
        raise DataError("\n".join(lines) + more) from None
    # after the schema, so a field with a narrower range reports that range
    _check_ints(path, raw, where)
    return parsed


def parse_file(path: Path, model: type[BaseModel]) -> BaseModel:
    """Read ``path`` and validate it against ``model`` (see `validate`)."""
    return validate(path, read_toml(path), model)


#: (folder, names) -> (the files' paths, their stat signatures, their digest): a Game()
#: without a catalog asks for the digest every time; reading and hashing every file
#: each time cost ~0.3 ms (a fifth of a Pirates game's Python loop), os.stat ~1 us a file
_DIGESTS: dict[tuple, tuple[tuple, tuple, str]] = {}


def _signature(path: str):
    try:
        st = os.stat(path)
        return st.st_mtime_ns, st.st_size, st.st_ino, st.st_ctime_ns
    except OSError:
        return None


def files_digest(folder: Path, names: Iterable[str]) -> str:
    """sha256 over the names and bytes of a folder's data files: the cache key
    of the compiled data, so an edited or deleted file is read again. The files
    are read again only when one's stat (size, times, inode) changed."""
    key = (str(folder), tuple(names))
    known = _DIGESTS.get(key)
    paths = known[0] if known is not None else tuple(os.path.join(key[0], n) for n in key[1])
    sig = tuple(map(_signature, paths))
    if known is not None and known[1] == sig:
        return known[2]
    h = hashlib.sha256()
    for name, path in zip(key[1], paths):
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            data = None     # missing or unreadable: the loader reports it, if it needs the file
        h.update(json.dumps([name, None if data is None else len(data)]).encode())
        h.update(data or b"")
    _DIGESTS[key] = (paths, sig, h.hexdigest())
    return h.hexdigest()


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


# =========================================================================
# Named data sets: alternative data shipped beside a game's data
# =========================================================================

#: a game's named data sets live in data_sets/NAME/ beside its data/ folder and
#: hold only the files that differ from the shipped data
DATA_SETS_FOLDER = "data_sets"
_MERGED: dict[tuple[str, str], Path] = {}


def data_set_names(shipped: Path) -> list[str]:
    """The names of the data sets shipped beside a game's data folder."""
    sets = shipped.parent / DATA_SETS_FOLDER
    return sorted(p.name for p in sets.iterdir() if p.is_dir() and not p.name.startswith(("_", "."))) \
        if sets.is_dir() else []


def is_data_dir(data_dir, shipped: Path) -> bool:
    """Whether ``data_dir`` names game data: a folder, or a shipped data set's name."""
    if not isinstance(data_dir, (str, Path)):
        return False
    return Path(data_dir).is_dir() or (isinstance(data_dir, str) and data_dir in data_set_names(shipped))


def data_folder(data_dir, shipped: Path) -> Path:
    """The folder of game data that ``data_dir`` names: a folder (which wins
    over a data set of the same name), or a shipped data set's name, whose
    files are laid over a copy of the shipped data once per process (a
    private temporary folder; the copy is made again when a file changes).

    :raises DataError: neither a folder nor a data set; the message lists the sets.
    """
    path = Path(data_dir)
    if path.is_dir():
        return path.resolve()
    names = data_set_names(shipped)
    if not (isinstance(data_dir, str) and data_dir in names):
        raise DataError(f"{str(data_dir)!r} is not a folder of data files, nor a data set; "
                        f"allowed: a folder, or one of {names}")
    overlay = shipped.parent / DATA_SETS_FOLDER / data_dir
    stems = sorted({p.name for p in shipped.glob("*.toml")} | {p.name for p in overlay.glob("*.toml")})
    key = (data_dir, files_digest(shipped, stems) + files_digest(overlay, stems))
    if key not in _MERGED or not _MERGED[key].is_dir():
        import atexit
        import shutil
        import tempfile
        private = tempfile.mkdtemp(prefix=f"maracaibo_env_{data_dir}_")   # mode 0700, ours alone
        atexit.register(shutil.rmtree, private, True)
        merged = Path(private) / data_dir
        merged.mkdir()
        for name in stems:
            src = overlay / name if (overlay / name).is_file() else shipped / name
            if src.is_file():
                shutil.copyfile(src, merged / name)
        _MERGED[key] = merged
    return _MERGED[key]
