"""`python -m maracaibo_env ...` runs the `maracaibo` command line (cli.main)."""
import sys

from .cli import main

if __name__ == "__main__":      # not when a spawned worker process imports this module
    sys.exit(main())
