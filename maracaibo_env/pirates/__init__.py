"""Pirates of Maracaibo (2–4 players) on the maracaibo_env framework.

    from maracaibo_env.pirates import Game, load_catalog

The names below are imported when first used: importing this package (or
one of its light modules, such as its agent rows) loads no engine.
"""
from importlib import import_module

#: public name -> the module that defines it
_WHERE = {"Catalog": ".catalog", "load_catalog": ".catalog", "Game": ".game", "PLAYER_COUNTS": ".game",
          "IllegalActionError": "..framework.game", "GameConfigError": "..framework.game",
          "NUM_ACTIONS": ".core.actions", "OBS_SIZE": ".core.observe", "env": ".aec", "raw_env": ".aec"}
__all__ = list(_WHERE)


def __getattr__(name):
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'maracaibo_env.pirates' has no attribute {name!r}")
    return getattr(import_module(where, __name__), name)
