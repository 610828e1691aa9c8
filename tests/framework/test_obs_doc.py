"""Issue 26 (item 3): docs/observation.md is generated from the games'
observation specs (framework/obs_doc.py) and must match them; its
"constant at" column is measured by random playouts (`constant_mask`)."""
from __future__ import annotations

import numpy as np

from maracaibo_env.framework import obs_doc
from maracaibo_env.maracaibo.core.obs_spec import OBS as MARACAIBO_OBS
from maracaibo_env.pirates.core.obs_spec import OBS as PIRATES_OBS
from maracaibo_env.registry import make


def test_docs_observation_md_is_what_the_generator_writes():
    assert obs_doc.DOC.exists(), f"{obs_doc.DOC} is missing: run {obs_doc.REGEN}"
    assert obs_doc.DOC.read_text(encoding="utf-8") == obs_doc.render(), \
        f"{obs_doc.DOC} is stale (an observation slice, bound or the engine changed): run {obs_doc.REGEN}"


def test_the_doc_lists_every_slice_with_its_bounds_and_float_rule():
    text = obs_doc.DOC.read_text(encoding="utf-8")
    sections = {"Maracaibo": MARACAIBO_OBS, "Pirates of Maracaibo": PIRATES_OBS}
    for title, spec in sections.items():
        part = text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]
        assert f"{spec.size} entries in {len(spec)} slices" in part
        f = spec.float_transform()
        for name, size, _, lo, hi in spec.rows:
            off = spec.offsets[name][0]
            row = next(line for line in part.splitlines() if line.startswith(f"| `{name}` | {off} |"))
            assert f"| {size} |" in row and obs_doc._bounds_text(lo, hi) in row and f.rule(off) in row
    assert "| `task` | 7 | 4 |" in text and "0..16 · -1..3 · -2..99 · 0..2097151" in text


def _block(spec, k):
    """The entries of relative seat k's public block (p{k}_*)."""
    idx = [i for name, (off, size) in spec.offsets.items() if name.startswith(f"p{k}_")
           for i in range(off, off + size)]
    return np.array(idx)


def test_absent_seats_are_constant_and_present_ones_are_not():
    """Measured, not assumed: at 2 players the blocks of seats +2 and +3 never
    change; at 4 players every seat's VP does."""
    for gid, spec in (("maracaibo", MARACAIBO_OBS), ("pirates", PIRATES_OBS)):
        two = obs_doc.constant_mask(lambda n, s: make(gid, n, seed=s), 2, games=4)
        four = obs_doc.constant_mask(lambda n, s: make(gid, n, seed=s), 4, games=4)
        assert two.shape == (spec.size,) and two.dtype == bool
        for k in (2, 3):
            assert two[_block(spec, k)].all(), f"{gid}: seat +{k} is absent at 2 players"
        vp = [spec.offsets[f"p{k}_vp"][0] for k in range(4)]
        assert not four[vp].any() and not two[vp[:2]].any()
        assert two[spec.slice("num_players")].all() and four[spec.slice("num_players")].all()
        assert two.sum() > four.sum()
