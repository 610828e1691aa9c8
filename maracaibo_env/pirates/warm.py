"""Pirates of Maracaibo's warm-ups (as maracaibo/warm.py for Maracaibo): numba
compiles a kernel on its first use (or loads it from its disk cache), and these
uses pay for that ahead of time.

* ``preload()`` is the tournament pool's warm-up: the fork server imports
  preload.py (PiratesAdapter.warm_modules), which calls it, before it forks any
  worker, and every worker forked from the server starts with the compiled
  code in memory.
* ``COMPILE_PARTS`` are the parts ``maracaibo compile`` runs (GameInfo.compile_parts,
  maracaibo_env/play/compile.py), each in a process of its own.
"""


def _core():
    import numpy as np
    from .game import Game
    for players in (2, 3, 4):
        g = Game(players, seed=players)
        while not g.is_over:
            g.step(int(np.flatnonzero(g.action_mask())[0]))
        g.observe(0), g.clone()


def _heuristics():
    from .match import play_pirates_match
    play_pirates_match(["raider", "random"], 0)                    # the compiled seats
    play_pirates_match(["raider", "random"], 0, engine="python")   # the agent objects


def _rest():
    import numpy as np
    from ..agents.registry import make_agent, parse_spec
    from .aec import env as aec_env
    from .game import Game
    g = Game(2, seed=0)
    agent = make_agent(parse_spec("mcts:iters=20:depth=5", "pirates"))
    agent.act(g.observe(g.current_player), g.action_mask(), np.random.default_rng(0), game=g)
    aec_env(num_players=2).reset(seed=0)


_ROWS = 20   # more than one chunk of games (framework/parallel.py): the parallel loop compiles too


def _vector():
    from .batch import Batch
    from .vector import VECTOR, LearnerGames
    b = Batch(_ROWS, num_players=2, seed=0)
    b.observations(), b.step(b.random_actions()), b.random_playouts(1)
    for obs_type in ("int", "float"):
        v = LearnerGames(_ROWS, num_players=2, opponents="raider:eps=0.5", seed=0, obs_type=obs_type)
        for _ in range(3):
            v.step(v.action_masks().argmax(axis=1))          # the first legal action
    w = LearnerGames(_ROWS, num_players=2, opponents=_first_legal, seed=0)   # a Python policy opponent
    w.step(w.action_masks().argmax(axis=1))
    VECTOR.tie_break(b.states, 2)                          # the rewards' tie-break (buried treasures)


def _first_legal(obs, masks):
    return masks.argmax(axis=1)


#: (name, what it compiles, function, the parts whose compiled code it reuses);
#: the longest first where several could run
COMPILE_PARTS = (
    ("pirates core", "Pirates Game: the rules engine, Jordan", _core, ()),
    ("pirates heuristics", "Pirates heuristics, compiled games (tournaments)", _heuristics,
     ("pirates core",)),
    ("pirates vector", "Pirates Batch and the vector env (LearnerGames, ladder rungs)", _vector,
     ("pirates heuristics",)),
    ("pirates agents", "Pirates mcts, envs", _rest, ("pirates heuristics",)),
)


def preload() -> None:
    """The fork server's warm-up: one game per engine of the raider heuristic."""
    try:
        _heuristics()
    except Exception:   # noqa: BLE001 - a worker then loads what it needs itself
        pass

