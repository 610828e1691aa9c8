"""Observation bounds for the Box spaces of the AEC, single-agent and vector envs.

The bounds are declared with the slices themselves, in core/obs_spec.py (one
table: name, size, meaning, low, high); this module keeps the public
``observation_bounds()`` it always had.
"""
from __future__ import annotations

import numpy as np

from .core.obs_spec import OBS


def observation_bounds() -> tuple[np.ndarray, np.ndarray]:
    """int32 (low, high) vectors of length OBS_SIZE for the observation Box."""
    return OBS.bounds()
