"""`maracaibo play` through a real pseudo-terminal (pexpect), plus bad set-ups.

The games are deterministic (--seed is the deal and, by default, the bots'
seed), so the scores a terminal game prints are checked against the same
answers replayed in-process with PlaySession.
"""
import io
import os
import re
import subprocess
import sys

import pexpect
import pytest
from rich.console import Console

from maracaibo_env.cli import build_parser
from maracaibo_env.play import terminal
from maracaibo_env.play.session import PlaySession

PROMPT = r"your move \(number, name.*\)> "
FINAL = r"final scores: ([^\r\n]*)\r\n"
ENV = {**os.environ, "COLUMNS": "140", "TERM": "xterm"}
FIRST_PROMPT_S = 300   # the first run of a process may compile the numba engine
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def spawn(*args, cwd=None):
    return pexpect.spawn(sys.executable, ["-m", "maracaibo_env", "play", *args], encoding="utf-8",
                         timeout=60, env=ENV, cwd=cwd)


def ask(p, line, pattern):
    """Send a line; expect pattern before the next prompt; returns the text printed (no colours)."""
    p.sendline(line)
    p.expect(pattern)
    text = ANSI.sub("", p.before + p.after)
    p.expect(PROMPT)
    return text


def first_item(s: PlaySession) -> dict:
    return s.view()["actions"][0]["items"][0]


def finish_with_ones(p) -> str:
    """Answer 1 at every prompt (the first one already shown) until the final
    table; returns the final-scores line."""
    p.sendline("1")
    while p.expect([PROMPT, FINAL]) == 0:
        p.sendline("1")
    line = p.match.group(1).strip()
    p.expect(pexpect.EOF)
    p.close()
    assert p.exitstatus == 0
    return line


def expected_scores(game: str, seed: int) -> str:
    s = PlaySession(game, 2, 0, ["random"], {}, seed, seed)
    s.advance()
    while not s.game.is_over:
        s.act(first_item(s)["id"])
    names = terminal._names(s.view())
    return ", ".join(f"{n} {x}" for n, x in zip(names, s.game.scores()))


@pytest.mark.slow
def test_maracaibo_game_in_a_terminal(tmp_path):
    s = PlaySession("maracaibo", 2, 0, ["random"], {}, 1, 1)
    s.advance()
    first = first_item(s)
    p = spawn("--players", "2", "--opponents", "random", "--seed", "1", cwd=tmp_path)
    p.expect(PROMPT, timeout=FIRST_PROMPT_S)
    assert "Maracaibo" in ANSI.sub("", p.before) and "round 1/4" in ANSI.sub("", p.before)
    assert "commands:" in ask(p, "?", "quit")
    assert first["name"] in ask(p, "? 1", r"reading the name|no explanation")
    assert re.search(r"hint \(strongest\): \d+  \S+", ask(p, "hint", r"hint \(strongest\)[^\r\n]*"))
    assert "nothing to undo" in ask(p, "undo", "nothing to undo")
    assert "choose a number 1.." in ask(p, "999", r"no action 999[^\r\n]*")
    assert "type a number" in ask(p, "bogus", r"unknown command or action 'bogus'[^\r\n]*")
    save = tmp_path / "start.json"
    ask(p, f"save {save}", "saved to")
    assert len(PlaySession.load(save).game.history) == len(s.game.history)
    # a decision by name, taken back: the bots' answers are taken back too
    p.sendline(first["name"])
    p.expect(PROMPT)
    assert "took back" in ask(p, "undo", "took back your last decision")
    assert re.search(r"\(\d+ moves\)", ask(p, "log", r"\(\d+ moves\)"))
    assert finish_with_ones(p) == expected_scores("maracaibo", 1)


@pytest.mark.slow
def test_pirates_game_in_a_terminal():
    s = PlaySession("pirates", 2, 0, ["random"], {}, 4, 4)
    s.advance()
    legal = set(s.game.legal_actions())
    illegal = next(n for a, n in enumerate(s.game.action_names) if a not in legal)
    p = spawn("--game", "pirates", "--players", "2", "--opponents", "random", "--seed", "4")
    p.expect(PROMPT, timeout=FIRST_PROMPT_S)
    assert "Pirates of Maracaibo" in ANSI.sub("", p.before)
    assert re.search(r"hint \(strongest\): \d+  \S+", ask(p, "hint", r"hint \(strongest\)[^\r\n]*"))
    assert "listed actions" in ask(p, illegal, r"is not legal now[^\r\n]*")
    assert finish_with_ones(p) == expected_scores("pirates", 4)


@pytest.mark.slow
def test_resume_continues_a_saved_game(tmp_path):
    path = tmp_path / "game.json"
    p = spawn("--players", "2", "--opponents", "random", "--seed", "2")
    p.expect(PROMPT, timeout=FIRST_PROMPT_S)
    for _ in range(3):
        p.sendline("1")
        p.expect(PROMPT)
    p.sendline(f"quit {path}")           # quit FILE saves first
    p.expect("saved to")
    p.expect(pexpect.EOF)
    p.close()
    assert p.exitstatus == 0
    v = PlaySession.load(path).view()
    p = spawn("--resume", str(path))
    p.expect(PROMPT, timeout=FIRST_PROMPT_S)
    assert f"round {v['round']}/4   phase {v['phase']}" in ANSI.sub("", p.before)
    assert f"1  {v['actions'][0]['items'][0]['name']}" in ANSI.sub("", p.before)
    p.sendeof()                          # Ctrl-D: a quiet exit 0
    p.expect(pexpect.EOF)
    p.close()
    assert p.exitstatus == 0 and "Traceback" not in p.before


@pytest.mark.parametrize("args, message", [
    (["--players", "7"], "num_players"),
    (["--opponents", "nonsense"], "unknown agent spec 'nonsense'"),
    (["--seat", "5"], "seat must be"),
    (["--option", "bogus"], "unknown option 'bogus'"),
    (["--resume", "/nonexistent/save.json"], "cannot read"),
])
def test_bad_setup_exits_2_with_a_message(args, message):
    r = subprocess.run([sys.executable, "-m", "maracaibo_env", "play", *args], capture_output=True,
                       text=True, env=ENV, stdin=subprocess.DEVNULL, timeout=FIRST_PROMPT_S)
    assert r.returncode == 2
    assert message in r.stderr
    assert "Traceback" not in r.stderr + r.stdout


def run_in_process(argv, answers=()):
    """main() with scripted input (EOF when the answers run out) and a captured console."""
    out = io.StringIO()
    lines = iter(answers)

    def input_fn(prompt):
        out.write(prompt)
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    args = build_parser().parse_args(["play", *argv])
    rc = terminal.main(args, input_fn=input_fn, console=Console(file=out, width=120))
    return rc, out.getvalue()


def test_solo_game_with_swapped_input():
    s = PlaySession("maracaibo", 1, 0, None, {}, 3, 3)
    s.advance()
    answers = []
    while not s.game.is_over:
        answers.append(first_item(s)["name"] if len(answers) % 2 else "1")   # numbers and names
        s.act(first_item(s)["id"])
    rc, text = run_in_process(["--players", "1", "--seed", "3"], answers)
    assert rc == 0
    assert f"final scores: you {s.game.scores()[0]}, Jean (Automa) {s.game.scores()[1]}" in text
    assert "Traceback" not in text


def test_watch_prints_every_move():
    rc, text = run_in_process(["--watch", "--game", "pirates", "--players", "3", "--opponents", "random",
                               "--seed", "5"])
    assert rc == 0
    assert "your move" not in text
    assert "random #0" in text and "winner(s): " in text
    assert text.count("round ") > 50


def test_a_screen_is_kept_as_an_svg_artifact():
    """One decision's screen, recorded by rich, for CI's artifacts (tests/artifacts/terminal/)."""
    from conftest import ARTIFACTS
    out = io.StringIO()
    console = Console(file=out, width=118, record=True)
    answers = iter(["hint"])

    def input_fn(prompt):
        console.print(prompt, end="")
        try:
            answer = next(answers)
        except StopIteration:
            raise EOFError from None
        console.print(answer)
        return answer

    args = build_parser().parse_args(["play", "--players", "2", "--opponents", "balanced", "--seed", "8",
                                      "--hint-agent", "balanced"])
    assert terminal.main(args, input_fn=input_fn, console=console) == 0
    (ARTIFACTS / "terminal").mkdir(parents=True, exist_ok=True)
    svg = console.export_svg(title="maracaibo play")
    (ARTIFACTS / "terminal" / "play.svg").write_text(svg)
    assert "your move" in out.getvalue() and "hint (balanced)" in out.getvalue()
