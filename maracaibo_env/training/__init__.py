"""Training scripts for maracaibo_env (needs the ``train`` extra: torch, stable-baselines3, sb3-contrib)."""
