"""Maracaibo's warm-ups: numba compiles a kernel on its first use (or loads it
from its disk cache), and these uses pay for that ahead of time.

* ``preload()`` is the tournament pool's warm-up: the fork server imports
  preload.py (MaracaiboAdapter.warm_modules), which calls it, before it forks any
  worker, and every worker forked from the server starts with the compiled
  code in memory.
* ``COMPILE_PARTS`` are the parts ``maracaibo compile`` runs (GameInfo.compile_parts,
  maracaibo_env/play/compile.py), each in a process of its own.
"""


def _core():
    import numpy as np
    from .game import Game
    for players in (1, 2, 3, 4):
        g = Game(num_players=players, seed=players)
        while not g.is_over:
            g.step(int(np.flatnonzero(g.action_mask())[0]))
        g.observe(0), g.clone(), g.scores()
    Game(num_players=2, seed=0, chapter=1)   # the campaign's set-up (core/story.start)


_ROWS = 20   # more than one chunk of games (framework/parallel.py): the parallel loop compiles too


def _batch():
    from .batch import Batch
    from .vector import LearnerGames
    b = Batch(_ROWS, num_players=2, seed=0)
    b.observations(), b.step(b.random_actions()), b.random_playouts(1)
    for obs_type in ("int", "float"):
        v = LearnerGames(_ROWS, num_players=2, opponents="balanced:eps=0.5:depth=0", seed=0,
                         obs_type=obs_type)
        for _ in range(3):
            v.step(v.action_masks().argmax(axis=1))          # the first legal action
    w = LearnerGames(_ROWS, num_players=2, opponents=_first_legal, seed=0)   # a Python policy opponent
    w.step(w.action_masks().argmax(axis=1))


def _first_legal(obs, masks):
    return masks.argmax(axis=1)


def _envs():
    import gymnasium
    from .aec import env as aec_env
    aec_env(num_players=2).reset(seed=0)
    e = gymnasium.make("maracaibo_env/Maracaibo-v1", opponents="balanced")
    e.reset(seed=0)
    e.step(int(e.unwrapped.action_masks().argmax()))


def _heuristics():
    from .match import play_match
    play_match(["balanced", "random"], 0)                     # whole games inside numba
    play_match(["fast", "random"], 0, engine="python")        # the Python agent loop


def _search():
    import numpy as np
    from ..agents.registry import make_agent, parse_spec
    from .game import Game
    g = Game(num_players=2, seed=0)
    agent = make_agent(parse_spec("mcts:iters=20:depth=5"))
    agent.act(g.observe(g.current_player), g.action_mask(), np.random.default_rng(0), game=g)


#: (name, what it compiles, function, the parts whose compiled code it reuses);
#: the longest first where several could run
COMPILE_PARTS = (
    ("maracaibo core", "Game: the rules engine, observations, solo Jean", _core, ()),
    ("maracaibo heuristics", "the heuristics, compiled games (tournaments)", _heuristics,
     ("maracaibo core",)),
    ("maracaibo vector", "Batch and the vector env (LearnerGames, ladder rungs)", _batch,
     ("maracaibo heuristics",)),
    ("maracaibo search", "mcts", _search, ("maracaibo heuristics",)),
    ("maracaibo envs", "PettingZoo and Gymnasium envs", _envs, ("maracaibo heuristics",)),
)


def preload() -> None:
    """The fork server's warm-up: a compiled game and a Python-loop game of the heuristics."""
    try:
        from .match import play_match
        play_match(["balanced", "random"], 0)                     # compiled whole games
        play_match(["balanced", "random"], 0, engine="python")    # the Python agent loop
    except Exception:   # noqa: BLE001 - a worker then loads what it needs itself
        pass

