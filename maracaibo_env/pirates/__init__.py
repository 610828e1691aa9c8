"""Pirates of Maracaibo (2–4 players) on the maracaibo_env framework.

    from maracaibo_env.pirates import Game, load_catalog
"""
from .catalog import Catalog, load_catalog  # noqa: F401
from .game import Game, PLAYER_COUNTS  # noqa: F401
from ..framework.game import IllegalActionError, GameConfigError  # noqa: F401
from .core.actions import NUM_ACTIONS  # noqa: F401
from .core.observe import OBS_SIZE  # noqa: F401
