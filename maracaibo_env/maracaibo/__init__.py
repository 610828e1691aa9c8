"""Maracaibo (1-4 players) on the maracaibo_env framework.

    from maracaibo_env.maracaibo import Game, load_catalog
"""
