"""Pirates of Maracaibo (2–4 players) on the maracaibo_env framework.

    from maracaibo_env.pirates import Game, load_catalog
"""
from .catalog import Catalog, load_catalog  # noqa: F401
from .game import Game, PLAYER_COUNTS  # noqa: F401
from ..framework.game import IllegalActionError, GameConfigError  # noqa: F401
from .core.actions import NUM_ACTIONS  # noqa: F401
from .core.observe import OBS_SIZE  # noqa: F401


def __getattr__(name):
    # PettingZoo is imported only when the AEC env is asked for
    if name in ("env", "raw_env"):
        from . import aec
        return getattr(aec, name)
    raise AttributeError(f"module 'maracaibo_env.pirates' has no attribute {name!r}")
