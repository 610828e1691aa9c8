"""Maracaibo's optional rules as bits of the core's `table` set-up int.

`setup.reset(..., table)` takes one int: bits 0-1 the solo readings (deck
table SOLO-06, Jean's income SOLO-18), bits 2-3 the variants, bits 4.. the
legacy tiles (L1 = bit 4 ... L25 = bit 28). The state keeps the variants in
G_VARIANTS and the legacy tiles in G_LEGACY (bit i-1 = tile Li).
"""
# G_VARIANTS bits
VAR_OPEN_PRESTIGE = 1      # VAR-01: all 4 prestige buildings face up from the start
VAR_RETIREMENT = 2         # §29: the Residence Discount tile on the explorer track

TABLE_VARIANT_SHIFT = 2
TABLE_LEGACY_SHIFT = 4

# tiles whose rule a source states (LEG-L19 and LEG-L24 are described nowhere)
LEGACY_TILES = tuple(f"L{i}" for i in range(1, 26) if i not in (19, 24))


def legacy_bit(name: str) -> int:
    """The G_LEGACY bit of a tile name 'L1'..'L25'."""
    return 1 << (int(name[1:]) - 1)


def table_bits(automa_table: int = 0, automa_income: int = 0, variants: int = 0, legacy: int = 0) -> int:
    """The set-up int of reset(): solo readings, variant bits, legacy-tile bits."""
    return (automa_table & 1) | (automa_income & 1) << 1 | variants << TABLE_VARIANT_SHIFT \
        | legacy << TABLE_LEGACY_SHIFT
