"""The agent table (maracaibo_env.agents.registry): every kind's specs parse,
every kind's agent makes a legal move in each game it plays, the help and the
"known:" lists come from the table, and a kind registered here (a dummy,
defined only in this file) is read by the tournament adapter, the web
allowlist, the envs' opponents and the help without a change anywhere else."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import maracaibo_env
from maracaibo_env.agents.base import act_with
from maracaibo_env.agents import registry as A
from maracaibo_env.agents.adapter import get_adapter
from maracaibo_env.agents.registry import AgentKind, AgentSpec, AgentSpecError
from maracaibo_env.play.limits import UnsafeSpecError, check_safe_spec
from maracaibo_env.registry import available_games, game_info

GAMES = available_games()
ROWS = [(g, row) for g in GAMES for row in A.agent_kinds(g)]


IDS = [f"{g}-{row.kind}" for g, row in ROWS]


# ---- the table ------------------------------------------------------------------------------------
def test_available_agents_of_both_games():
    assert maracaibo_env.available_agents("maracaibo") == [
        "random", "combat_influence", "explorer_quests", "assistants", "ship_income", "balanced",
        "quick", "tuned", "fast", "<heuristic>[:eps=E][:depth=D]", "jean:very_easy", "jean:easy", "jean:medium", "jean:hard", "jean:very_hard",
        "mcts[:iters=N][:c=X][:depth=D][:top=K][:dets=M][:rollout=R][:ms=T][:widen=W][:guide=G][:turn=T]", "strongest",
        "policy:<name|file.npz>", "python:<module>:<Class>"]
    assert maracaibo_env.available_agents("pirates") == [
        "random", "raider", "explorer", "builder", "tuned", "strategist", "raider_v0", "explorer_v0", "builder_v0",
        "<heuristic>[:eps=E]",
        "mcts[:iters=N][:c=X][:depth=D][:top=K][:dets=M][:rollout=R][:ms=T][:widen=W][:guide=G][:turn=T]", "strongest",
        "python:<module>:<Class>", "jordan:<0-6>"]
    assert "available_agents" in maracaibo_env.__all__
    assert get_adapter("pirates").known_specs() == maracaibo_env.available_agents("pirates")
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        A.available_agents("chess")


def test_every_kind_is_a_row_with_its_games():
    kinds = {g: [r.kind for r in A.agent_kinds(g)] for g in GAMES}
    assert kinds["maracaibo"] == ["random", "heuristic", "jean", "mcts", "strongest", "policy", "python"]
    assert kinds["pirates"] == ["random", "heuristic", "mcts", "strongest", "python", "jordan"]
    assert [r.kind for r in A.agent_kinds() if not r.seat] == ["jean", "jordan"]
    assert {r.kind for r in A.agent_kinds() if r.compiled} == {"random", "heuristic"}
    assert {r.kind for r in A.agent_kinds() if r.page} == {"random", "heuristic", "mcts", "strongest", "policy"}
    with pytest.raises(ValueError, match="already registered"):
        A.register(AgentKind(kind="random", help="", forms=("random",), parse=lambda s: None,
                             make=lambda spec: None))


@pytest.mark.parametrize("game,row", ROWS, ids=IDS)
def test_every_form_and_example_parses_as_its_kind(game, row):
    texts = row.spec_examples()
    assert texts, f"{row.kind} has no example"
    concrete = [f for f in row.spec_forms() if not any(c in f for c in "<[")]
    assert set(concrete) <= set(texts)
    for text in texts:
        spec = A.parse_spec(text, game)
        assert (spec.kind, spec.game, spec.text) == (row.kind, game, text)
        assert A.kind_of(spec) is row and A.parse_spec(f"  {text} ", game) == spec
        assert get_adapter(game).parse_spec(text) == spec and get_adapter(game).claims(text)


@pytest.mark.parametrize("game,row", ROWS, ids=IDS)
def test_every_kind_plays_a_legal_move_in_each_of_its_games(game, row):
    spec = A.parse_spec(row.spec_examples()[0], game)
    rng = np.random.default_rng(0)
    if row.seat:
        g = maracaibo_env.make(game, 2, seed=3)
        agent = A.make_agent(spec)
        assert act_with(agent, g, rng) in g.legal_actions()
        assert get_adapter(game).compiled_ok(spec) == (row.compiled is not None)
        return
    # a solo opponent is played by the engine: a solo game against it, one decision of the agent
    with pytest.raises(AgentSpecError, match="solo opponent"):
        A.make_agent(spec)
    g = maracaibo_env.make(game, 1, seed=3, **row.solo_game(spec))
    assert g.num_players == 1 and g.num_seats == 2
    g.step(act_with(A.make_agent("random", game), g, rng))


def test_unknown_specs_list_the_known_ones_and_name_the_other_game():
    with pytest.raises(AgentSpecError) as e:
        A.parse_spec("raider", "maracaibo")
    assert str(e.value).startswith("unknown agent spec 'raider' for Maracaibo; known: random, ")
    assert "('raider' is a Pirates of Maracaibo agent: use --game pirates)" in str(e.value)
    with pytest.raises(AgentSpecError, match="'jean:hard' is a Maracaibo agent: use --game maracaibo"):
        A.parse_spec("jean:hard", "pirates")
    with pytest.raises(AgentSpecError, match="an agent spec is a string, not int; known: random"):
        A.parse_spec(3, "pirates")
    with pytest.raises(AgentSpecError, match="unknown option"):
        A.parse_spec("mcts:speed=3", "maracaibo")
    assert A.compiled_kinds("maracaibo") == A.compiled_kinds("pirates") == "random and heuristic"


def test_tournament_help_lists_every_kind(capsys):
    from maracaibo_env.cli import main
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    out = capsys.readouterr().out
    for game, row in ROWS:
        assert f"agent specs of {game_info(game).title} (--game {game}):" in out
        for form in row.spec_forms():
            assert form in out, (game, row.kind, form)
        assert row.help.split()[0] in out


def test_importing_the_package_or_agents_base_loads_no_other_agent():
    code = ("import sys, maracaibo_env, maracaibo_env.agents.base, maracaibo_env.agents.random_agent\n"
            "assert not [m for m in sys.modules if m.startswith('agents.') and m not in "
            "('maracaibo_env.agents.base', 'maracaibo_env.agents.random_agent')], sorted(sys.modules)\n"
            "from maracaibo_env.agents.registry import make_agent\n"
            "make_agent('raider', 'pirates')\n"
            "assert 'maracaibo_env.maracaibo.agents.heuristics' not in sys.modules   # Pirates loads no Maracaibo heuristic\n")
    subprocess.run([sys.executable, "-c", code], check=True)


# ---- a kind registered from this file alone ---------------------------------------------------------
class FirstLegal:
    """Plays the k-th legal action (k = 0 by default)."""

    def __init__(self, k: int = 0):
        self.k = k

    def act(self, observation, action_mask, rng) -> int:
        legal = np.flatnonzero(action_mask)
        return int(legal[min(self.k, len(legal) - 1)])


def _parse_first(s: str):
    if s == "first":
        return AgentSpec(s, "first", "0")
    if s.startswith("first:") and s[6:].isdigit():
        return AgentSpec(s, "first", s[6:])
    return None


FIRST = AgentKind(
    kind="first", help="the k-th legal action (a test's kind)", forms=("first", "first:<k>"),
    examples=("first", "first:2"), parse=_parse_first, make=lambda spec: FirstLegal(int(spec.arg)),
    games=("maracaibo", "pirates"), page=True, page_help="first:<k <= 3>",
    page_check=lambda spec: "k at most 3 here" if int(spec.arg) > 3 else None,
    page_worst=("first:3",))


@pytest.fixture
def first():
    with A.registered(FIRST) as row:
        yield row
    assert "first" not in maracaibo_env.available_agents("maracaibo")


def test_a_dummy_kind_is_read_everywhere(first):
    from maracaibo_env.play.limits import limits_help, worst_allowed_specs
    from maracaibo_env.tournament.formats import TournamentConfig
    for game in ("maracaibo", "pirates"):
        ad = get_adapter(game)
        assert ad.known_specs()[-2:] == ["first", "first:<k>"]
        spec = ad.parse_spec("first:2")
        assert (spec.kind, spec.arg, spec.game) == ("first", "2", game)
        assert not ad.compiled_ok(spec)
        g = maracaibo_env.make(game, 2, seed=1)
        legal = g.legal_actions()
        assert act_with(ad.make_agent(spec), g, np.random.default_rng(0)) == legal[min(2, len(legal) - 1)]
        # the tournament takes it (the python engine: the compiled one does not play it)
        cfg = TournamentConfig(agents=("first", "random"), game=game).normalized()
        assert cfg.agents == ("first", "random")
        with pytest.raises(ValueError, match="compiled"):
            TournamentConfig(agents=("first", "random"), game=game, engine="compiled").normalized()
        # the web allowlist, with the kind's own cap
        assert check_safe_spec(" first:3 ", game) == "first:3"
        with pytest.raises(UnsafeSpecError, match=r"'first:4': k at most 3 here \(allowed: .*first:<k <= 3>"):
            check_safe_spec("first:4", game)
        assert "first:3" in worst_allowed_specs(game) and "first:<k <= 3>" in limits_help(game)
    pytest.importorskip("starlette")
    from maracaibo_env.play.web.app import ApiError, check_web_spec
    assert check_web_spec("first", "pirates") == "first"
    with pytest.raises(ApiError, match="k at most 3"):
        check_web_spec("first:9", "maracaibo")
    assert "first:<k>" in A.agents_help() and "the k-th legal action" in A.agents_help()


def test_a_dummy_kind_is_an_env_opponent(first):
    from maracaibo_env.pirates.single import PiratesSingleEnv
    from maracaibo_env.maracaibo.single import MaracaiboSingleEnv
    from maracaibo_env.maracaibo.vector import LearnerGames
    for env in (MaracaiboSingleEnv(opponents="first"), PiratesSingleEnv(opponents="first:1")):
        env.reset(seed=0)
        _, reward, done, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        assert reward == 0.0 and not done
    with pytest.raises(ValueError, match="opponent 'first': give an agent spec the compiled engine plays"):
        LearnerGames(2, opponents="first")


def test_a_dummy_kind_plays_a_tournament_game(first):
    from maracaibo_env.pirates.match import play_pirates_match
    r = play_pirates_match(["first", "random"], seed=2, engine="python")
    assert r.specs == ["first", "random"] and r.decisions > 0 and len(r.scores) == 2


# ---- the envs' opponents ---------------------------------------------------------------------------
def test_single_envs_take_agent_specs():
    from maracaibo_env.pirates.single import PiratesSingleEnv
    from maracaibo_env.maracaibo.single import MaracaiboSingleEnv
    e = MaracaiboSingleEnv(opponents="balanced")
    e.reset(seed=0)
    assert e.step(int(np.flatnonzero(e.action_masks())[0]))[1] == 0.0
    assert PiratesSingleEnv(opponents=["raider"]).reset(seed=0)[0].shape
    with pytest.raises(ValueError, match="solo opponent, not a seat"):
        MaracaiboSingleEnv(opponents="jean:hard")
    with pytest.raises(AgentSpecError, match="unknown agent spec 'nope' for Maracaibo"):
        MaracaiboSingleEnv(opponents="nope")
    with pytest.raises(ValueError, match="an opponent must be"):
        PiratesSingleEnv(opponents=[42])
