"""Pirates' optional rules: the modules of §20 and the solo game of §19.

`setup.reset(..., setup)` takes one int: bits 0-3 the layout index, bits 4-11
the modules (MOD_*), bits 12-14 Jordan's difficulty k (solo only). The state
keeps them in G_LAYOUT, G_MODULES and G_DIFFICULTY (and G_SOLO).
"""
MOD_FOG_LOCATIONS = 1      # §20.1
MOD_FOG_IMPROVEMENTS = 2   # §20.2
MOD_SKIRMISH = 4           # §20.3
MOD_QUEST_HUNTERS = 8      # §20.4
MOD_RUBIES = 16            # §20.5
MOD_RETIREMENT = 32        # §20.6

MODULES = ("fog_locations", "fog_improvements", "skirmish", "quest_hunters", "rubies", "retirement")
MODULE_BITS = {name: 1 << i for i, name in enumerate(MODULES)}
ALL_MODULES = (1 << len(MODULES)) - 1

SETUP_MODULE_SHIFT = 4
SETUP_DIFFICULTY_SHIFT = 12
MAX_DIFFICULTY = 6         # SOLO-05: k = 0..6 B cards


def setup_bits(layout: int = 0, modules: int = 0, difficulty: int = 0) -> int:
    """The set-up int of reset()/new_game()."""
    return layout | modules << SETUP_MODULE_SHIFT | difficulty << SETUP_DIFFICULTY_SHIFT
