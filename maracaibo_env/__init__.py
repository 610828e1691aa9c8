"""maracaibo_env: a fast, rule-exact RL environment for the board game Maracaibo.

    import maracaibo_env
    g = maracaibo_env.Game(num_players=3, seed=1)      # the numba-backed game
    e = maracaibo_env.env(num_players=3)               # PettingZoo AEC
    from maracaibo_env import maracaibo_v1             # the same, versioned
    s = gymnasium.make("maracaibo_env/Maracaibo-v1", num_players=2, opponents="random")
                                                       # Gymnasium, one learner seat

The numba core (maracaibo_env.core) takes only arrays; game data lives in
maracaibo_env/data/*.toml.
"""
from . import compile_notice
from .catalog import Catalog, load_catalog
from .data_load import DataError
from .game import Game, GameConfigError, IllegalActionError

__all__ = ["Game", "GameConfigError", "IllegalActionError", "DataError", "Catalog",
           "load_catalog", "env", "raw_env"]
__version__ = "0.1.0"

compile_notice.install()  # a status line while numba compiles (first run only)


def _register() -> None:
    """The single-agent env as a Gymnasium id (once: a re-import does not register again)."""
    import gymnasium
    if "maracaibo_env/Maracaibo-v1" not in gymnasium.registry:
        gymnasium.register(id="maracaibo_env/Maracaibo-v1",
                           entry_point="maracaibo_env.single:MaracaiboSingleEnv")
    if "maracaibo_env/Pirates-v0" not in gymnasium.registry:
        gymnasium.register(id="maracaibo_env/Pirates-v0",
                           entry_point="maracaibo_env.pirates.single:PiratesSingleEnv")


_register()


def __getattr__(name):
    # PettingZoo is imported only when the AEC env is asked for.
    if name in ("env", "raw_env"):
        from . import aec
        return getattr(aec, name)
    raise AttributeError(f"module 'maracaibo_env' has no attribute {name!r}")
