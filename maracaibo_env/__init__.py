"""maracaibo_env: fast RL environments for the board games Maracaibo and Pirates
of Maracaibo, rule-exact on component data that is mostly reconstructed (the card
and tile faces are not in the rulebooks; docs/data_provenance.md).

    import maracaibo_env
    g = maracaibo_env.Game(num_players=3, seed=1)      # the numba-backed game
    e = maracaibo_env.env(num_players=3)               # PettingZoo AEC
    from maracaibo_env import maracaibo_v1             # the same, versioned
    s = gymnasium.make("maracaibo_env/Maracaibo-v1", num_players=2, opponents="random")
                                                       # Gymnasium, one learner seat
    maracaibo_env.available_games()                    # ("maracaibo", "pirates")
    p = maracaibo_env.make("pirates", 3, seed=1)       # any registered game by id
    maracaibo_env.available_agents("pirates")          # its agent specs: random, raider, ...

Each game is one folder with the same file set: maracaibo_env/maracaibo/ and
maracaibo_env/pirates/ (rules core in core/, data in data/*.toml); the
framework they share is maracaibo_env/framework/, which imports no game.
"""
from . import _moved, compile_notice
from .maracaibo.catalog import Catalog, load_catalog
from .maracaibo.data_load import DataError
from .maracaibo.game import Game, GameConfigError, IllegalActionError
from .registry import available_games, make
from .agent_registry import available_agents

__all__ = ["Game", "GameConfigError", "IllegalActionError", "DataError", "Catalog",
           "load_catalog", "env", "raw_env", "available_games", "make", "available_agents"]
__version__ = "0.1.0"

compile_notice.install()  # a status line while numba compiles (first run only)
_moved.install()          # old import paths (maracaibo_env.game, .core, ...) still work


def _register() -> None:
    """Each registered game's single-agent env as a Gymnasium id (registry GameInfo.gym_id;
    once: a re-import does not register again)."""
    import gymnasium
    from .registry import available_games, game_info
    for info in map(game_info, available_games()):
        if info.gym_id and info.gym_id not in gymnasium.registry:
            gymnasium.register(id=info.gym_id, entry_point=info.gym_entry)


_register()


def __getattr__(name):
    # PettingZoo is imported only when the AEC env is asked for.
    if name in ("env", "raw_env"):
        from .maracaibo import aec
        return getattr(aec, name)
    raise AttributeError(f"module 'maracaibo_env' has no attribute {name!r}")
