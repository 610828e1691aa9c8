"""The numba core: arrays and ints only; nothing here imports gymnasium or pettingzoo."""
