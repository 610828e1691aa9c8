"""The Pirates of Maracaibo rules core: numba functions over one int32 state
vector (layout.py) and one int32 catalog vector (catalog_layout.py)."""
