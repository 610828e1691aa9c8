"""The versioned Pirates of Maracaibo AEC env, as PettingZoo's classic games have them."""
from .pirates.aec import env, raw_env  # noqa: F401
