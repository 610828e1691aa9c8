"""What both games share: data-file loading and validation, the in-state RNG,
the `Game` base (names, errors, clone, JSON), and the env adapters.

Each game (``maracaibo_env`` for Maracaibo, ``maracaibo_env.pirates``) keeps its
own rule modules, state layout, action table and data files.
"""
