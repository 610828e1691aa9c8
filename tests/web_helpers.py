"""Starting `maracaibo serve` as its own process for the end-to-end web tests."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(*args: str, timeout: float = 180.0, warm: bool = True):
    """(url, process) of a server started with these extra arguments, once /api/health answers;
    warm: also wait until its bot workers have loaded their compiled code (one bot decision)."""
    port = free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "maracaibo_env", "serve", "--port", str(port), *args],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + timeout
    while True:
        try:
            urllib.request.urlopen(url + "/api/health", timeout=2)
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                raise RuntimeError("the server did not start: " + (proc.stdout.read() if proc.stdout else ""))
            time.sleep(0.3)
    if warm:
        while True:
            with urllib.request.urlopen(url + "/api/health", timeout=5) as r:
                import json
                if json.loads(r.read())["workers_ready"] > 0:
                    break
            if time.time() > deadline:
                proc.kill()
                raise RuntimeError("the server's bot workers did not start")
            time.sleep(0.3)
    return url, proc


def stop_server(proc) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)
