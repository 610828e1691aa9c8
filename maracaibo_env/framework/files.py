"""One safe file layer for the files users hand us and the files we write
(issue 38 item 6): saved games and sessions, replays, campaign files.

* **Reads** open without blocking, refuse anything but a regular file (a
  device such as /dev/zero or a FIFO is refused at once, not read until memory
  runs out or hung on) and stop at a size cap.
* **Writes** go to a temporary file created exclusively (a random name, mode
  0600) in the target's folder, then ``os.replace``: a link planted at a
  predictable ``<file>.tmp`` is never followed, and a crash leaves the old
  file whole. Writing to a symlink writes the file it points to (the link
  stays).
* **JSON** parsing turns a too-deep document (RecursionError) into the
  caller's one-line error.
* **Change on disk**: ``fingerprint(path)`` / ``write_atomic(..., expect=)``
  refuse to overwrite a file that another process changed since it was read
  (two `campaign next` on one file).
"""
from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

#: the default size cap of a read (saved games and replays are far smaller)
MAX_READ_BYTES = 64 << 20


class FileError(OSError):
    """A file that cannot be read or written safely: "<path>: <message>";
    `reason` is the part after the path."""

    def __init__(self, path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path, self.reason = str(path), reason

    def __str__(self) -> str:
        return self.args[0]


def read_bytes(path: str | os.PathLike, limit: int = MAX_READ_BYTES, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes.

    :raises FileError: missing or unreadable, not a regular file (a folder, a
        device, a FIFO, a socket), or larger than `limit`.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise FileError(path, exc.strerror or str(exc)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = ("a folder" if stat.S_ISDIR(st.st_mode) else "a FIFO" if stat.S_ISFIFO(st.st_mode)
                    else "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else "not a file")
            raise FileError(path, f"is {kind}; a {what} is a regular file")
        if st.st_size > limit:
            raise FileError(path, f"{st.st_size} bytes; a {what} is at most {limit} bytes")
        chunks, size = [], 0
        while True:                       # a file growing while read stops at the cap too
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                raise FileError(path, f"more than {limit} bytes; a {what} is at most {limit} bytes")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        if isinstance(exc, FileError):
            raise
        raise FileError(path, exc.strerror or str(exc)) from None
    finally:
        os.close(fd)


def read_text(path: str | os.PathLike, limit: int = MAX_READ_BYTES, what: str = "file") -> str:
    """read_bytes decoded as UTF-8 (FileError naming the byte when it is not)."""
    data = read_bytes(path, limit, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileError(path, f"the {what} is not UTF-8 text (byte {exc.start})") from None


def parse_json(text: str | bytes) -> Any:
    """json.loads, with a too-deeply nested document as a ValueError like any other bad JSON."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def fingerprint(path: str | os.PathLike) -> tuple | None:
    """What identifies a file's current content on disk (None: no such file)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size, st.st_ino


def write_atomic(path: str | os.PathLike, data: str | bytes, expect: tuple | None | bool = False) -> tuple:
    """Write data to path atomically and never through a planted link: a new
    file with a random name in the target's folder, then os.replace. A symlink
    at path is resolved first, so the link stays and its target is replaced.
    expect: a fingerprint() taken when the file was read (None: it did not
    exist then); the write is refused when the file changed since. False: no
    check. Returns the new fingerprint.

    :raises FileError: the folder is missing or not writable, or the file
        changed on disk since `expect`.
    """
    target = Path(path)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    if expect is not False and fingerprint(target) != expect:
        raise FileError(path, f"changed on disk since it was read (another process wrote it); "
                        "load it again and repeat")
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise FileError(path, f"cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        # mkstemp makes the file 0600: keep the old file's mode, or the usual 0644
        old = fingerprint(target)
        os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode) if old is not None else 0o644)
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)        # a failed write or rename leaves nothing behind
        raise FileError(path, f"cannot write: {exc.strerror or exc}") from None
    return fingerprint(target)
