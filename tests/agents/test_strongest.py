"""`strongest` (maracaibo_env/agents/strongest.py): one spec per game that plays the agent
the game's registry row names for each player count; the hint agent and the
play sessions' default bot."""
import numpy as np
import pytest

from maracaibo_env.agents.registry import available_agents, make_agent, parse_spec, kind_of
from maracaibo_env.play.limits import check_safe_spec
from maracaibo_env.play.session import PlaySession
from maracaibo_env.registry import available_games, game_info, make

GAMES = available_games()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_names_a_strongest_seat_agent_for_every_player_count(game):
    table = game_info(game).strongest
    assert sorted(table) == [1, 2, 3, 4]
    for n, spec in table.items():
        parsed = parse_spec(spec, game)
        assert kind_of(parsed).seat, f"{game} {n}p: {spec} must take a seat"
        assert kind_of(parsed).kind != "strongest"          # no loop
        assert check_safe_spec(spec, game) == spec           # a page may use it
    assert "strongest" in available_agents(game)
    assert check_safe_spec("strongest", game) == "strongest"
    assert game_info(game).hint_agent == "strongest"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_strongest_decides_as_the_agent_its_table_names(game, players):
    g = make(game, players, seed=11)
    strongest = make_agent("strongest", game=game)
    named = make_agent(game_info(game).strongest[players], game=game)
    assert type(strongest.agent_for(players)) is type(named)
    obs, mask = g.observe(g.current_player), g.action_mask()
    a = strongest.act(obs, mask, np.random.default_rng(5), game=g)
    b = named.act(obs, mask, np.random.default_rng(5), game=g)
    assert a == b and mask[a]


def test_strongest_needs_the_game_and_a_known_player_count():
    agent = make_agent("strongest", game="maracaibo")
    g = make("maracaibo", 2, seed=1)
    with pytest.raises(ValueError, match="needs the game"):
        agent.act(g.observe(0), g.action_mask(), np.random.default_rng(0))
    with pytest.raises(ValueError, match="no agent for 7 players"):
        agent.spec_for(7)


@pytest.mark.parametrize("game", GAMES)
def test_a_session_without_opponents_seats_strongest_and_hints_with_it(game):
    s = PlaySession(game, players=3, seat=0, seed=2)
    assert s.seats == [None, "strongest", "strongest"]
    assert s.hint_spec == "strongest"
