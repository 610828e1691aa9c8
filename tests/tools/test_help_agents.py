"""`--help` lists the agent specs from the registry (issue 26), never a hand-written list.

Every subcommand that takes agent specs (tournament, balance, play) prints
agent_registry.agents_help(). So a kind registered from this file shows up in
each help text, and so does every form that available_agents() lists for
either game, including mcts, policy: and jean:.
"""
from __future__ import annotations

import numpy as np
import pytest

from maracaibo_env.agents import registry as A
from maracaibo_env.agents.registry import AgentKind, AgentSpec
from maracaibo_env.cli import main

COMMANDS = ("tournament", "balance", "play")


class _Last:
    def act(self, observation, action_mask, rng) -> int:
        return int(np.flatnonzero(action_mask)[-1])


def _parse(s: str):
    return AgentSpec(s, "helpkind", "") if s == "helpkind" else None


EXTRA = AgentKind(kind="helpkind", help="the last legal action (a kind registered by a test)",
                  forms=("helpkind",), examples=("helpkind",), parse=_parse, make=lambda spec: _Last(),
                  games=("maracaibo", "pirates"))


def _help(command: str, capsys) -> str:
    with pytest.raises(SystemExit) as e:
        main([command, "--help"])
    assert e.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("command", COMMANDS)
def test_help_lists_every_registered_agent_form(command, capsys):
    text = _help(command, capsys)
    for game in ("maracaibo", "pirates"):
        for form in A.available_agents(game):
            assert form in text, f"`maracaibo {command} --help` omits {game}'s {form!r}"
    for form in ("mcts", "policy:", "jean:", "jordan:", "strongest", "python:"):
        assert form in text, f"`maracaibo {command} --help` omits {form!r}"


@pytest.mark.parametrize("command", COMMANDS)
def test_a_kind_registered_later_shows_in_the_help(command, capsys):
    assert "helpkind" not in _help(command, capsys)
    with A.registered(EXTRA):
        text = _help(command, capsys)
        assert "helpkind" in text and "the last legal action (a kind registered by a test)" in text
    assert "helpkind" not in _help(command, capsys)
