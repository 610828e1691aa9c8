"""`python -m maracaibo_env ...` runs the `maracaibo` command line (cli.main)."""
import sys

from .cli import main

sys.exit(main())
