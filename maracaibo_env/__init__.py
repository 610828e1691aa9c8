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
maracaibo_env/pirates/ (rules core in core/, data in data/*.toml, agents in
agents/); the framework they share is maracaibo_env/framework/, which imports
no game. Importing this package loads no game engine: the names below are
imported when first used.
"""
from importlib import import_module

from .framework.version import VERSION as __version__
from .registry import available_games, make

__all__ = ["Game", "GameConfigError", "IllegalActionError", "DataError", "Catalog",
           "load_catalog", "env", "raw_env", "available_games", "make", "available_agents"]

#: public name -> the module that defines it (imported on first use)
_WHERE = {
    "Game": "maracaibo.game", "GameConfigError": "maracaibo.game", "IllegalActionError": "maracaibo.game",
    "DataError": "maracaibo.data_load", "Catalog": "maracaibo.catalog", "load_catalog": "maracaibo.catalog",
    "env": "maracaibo.aec", "raw_env": "maracaibo.aec", "available_agents": "agents.registry",
    "maracaibo_v1": "maracaibo_v1", "pirates_v0": "pirates_v0",
}


def _register() -> None:
    """Each registered game's single-agent env as a Gymnasium id (registry GameInfo.gym_id;
    once: a re-import does not register again)."""
    import gymnasium
    from .registry import game_info
    for info in map(game_info, available_games()):
        if info.gym_id and info.gym_id not in gymnasium.registry:
            gymnasium.register(id=info.gym_id, entry_point=info.gym_entry)


_register()


def __getattr__(name):
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'maracaibo_env' has no attribute {name!r}")
    module = import_module(f".{where}", __name__)
    return module if where == name else getattr(module, name)


def __dir__():
    return sorted(set(globals()) | set(_WHERE))
