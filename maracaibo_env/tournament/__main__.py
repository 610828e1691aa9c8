"""python -m maracaibo_env.tournament --agents balanced,random --games 10 --db t.sqlite"""
import sys

from .cli import run

if __name__ == "__main__":
    sys.exit(run())
