"""Imported by the tournament pool's fork server before it forks any worker
(MaracaiboAdapter.warm_modules): the warm-up game (warm.preload) runs once, and every
worker forked from the server starts with the compiled code in memory."""
from .warm import preload

preload()
