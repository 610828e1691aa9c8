"""Observation wrappers for training: moved into the package, `maracaibo_env.wrappers`
(installed with it). This module re-exports them so that existing imports
(``from training.wrappers import SymlogObservation, symlog``) keep working.
"""
from __future__ import annotations

from maracaibo_env.wrappers import (OBS_TRANSFORMS, FloatObservation, ScaledObservation,  # noqa: F401
                                    SymlogObservation, symlog)

__all__ = ["symlog", "SymlogObservation", "FloatObservation", "ScaledObservation", "OBS_TRANSFORMS"]
