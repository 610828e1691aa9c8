"""`python -m maracaibo_env.balance ...`: the same as `maracaibo balance ...`."""
import sys

from .cli import run

sys.exit(run())
