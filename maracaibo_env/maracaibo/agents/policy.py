"""Neural policies without torch: the feature encoder and a numpy MLP.

    from maracaibo_env.maracaibo.agents.policy import load_policy, PolicyAgent
    net = load_policy("maracaibo-2p")          # the shipped weights, or a path to an .npz
    actions = net.act_batch(observations, masks)   # one forward pass for a batch
    agent = PolicyAgent("maracaibo-2p")        # the agent interface: act(obs, mask, rng)

Spec strings: ``policy:maracaibo-2p`` (a policy shipped in maracaibo_env/maracaibo/agents/policies/)
or ``policy:<file.npz>`` (one written by maracaibo_env/training/selfplay.py). The training
code imports `encode` and `Arch` from here, so the features a policy was
trained on are the features it plays on.

Weights file (``np.savez``, read with ``allow_pickle=False``): arrays
``w0, b0, w1, b1, ...`` (hidden layers, ReLU), ``pi_w, pi_b`` (one logit per
action id), ``v_w, v_b`` (the value, a predicted result in -1..1) and
``meta``, a JSON string: {"format": 1, "features": FEATURES_VERSION,
"obs_size", "num_actions", "hidden": [...], "num_players", "notes": ...}.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from maracaibo_env.maracaibo.core import layout as L
from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS
from maracaibo_env.maracaibo.core.enums import OPS, PHASES
from maracaibo_env.maracaibo.core.obs_spec import OBS, OBS_SIZE

FEATURES_VERSION = 1
FORMAT = 1
SHIPPED_DIR = Path(__file__).with_name("policies")
BITS = 8

_OFFSET: dict[str, tuple[int, int]] = OBS.offsets   # name -> (offset, size) of each observation slice


def _seat_fields(field: str) -> list[str]:
    return [f"p{k}_{field}" for k in range(L.MAX_P)]


# Categorical fields become one-hot (or multi-hot over their slots) next to the
# raw values: an MLP cannot read a card id or a bitmask from one number.
_ONE_HOT = ([("phase", len(PHASES)), ("hand", L.N_CARDS), ("plan", L.N_CARDS),
             ("market", L.N_CARDS), ("career", L.N_CAREERS), ("career_options", L.N_CAREERS)]
            + [(f, L.N_CARDS) for f in _seat_fields("tableau")]
            + [(f, L.MAX_LOC) for f in _seat_fields("ship")])
_PER_SLOT = [("loc_marker", 3)]  # each location's marker nation, one-hot per location
_BITMASKS = (["barrier_first"] + _seat_fields("barriers") + _seat_fields("synergy")
             + _seat_fields("prestige") + _seat_fields("career_done"))
TASK_OP_COL = _OFFSET["task"][0]

NUM_FEATURES = (OBS_SIZE + len(OPS) + sum(n for _, n in _ONE_HOT)
                + sum(_OFFSET[f][1] * n for f, n in _PER_SLOT) + BITS * len(_BITMASKS))
_REST = NUM_FEATURES - OBS_SIZE - len(OPS)     # the one-hot and bit blocks after the raw entries

# Earlier engine layouts a weights file may have been trained on: (obs_size,
# num_actions, task ops). The observation, the action ids and the task ops
# only grew at their ends since (the options of issue 13 appended theirs), so
# such a file reads the first obs_size entries and never picks a newer id.
EARLIER_LAYOUTS = {(636, 543, 16)}


def num_features(obs_size: int = OBS_SIZE, n_ops: int = len(OPS)) -> int:
    return obs_size + n_ops + _REST


def _one_hot_into(out, col: int, values: np.ndarray, n: int) -> None:
    """out[i, col + v] = 1 for every value 0 <= v < n in row i of values (B, K)."""
    rows, slots = np.nonzero((values >= 0) & (values < n))
    out[rows, col + values[rows, slots]] = 1.0


def encode(observations: np.ndarray, obs_size: int = OBS_SIZE, n_ops: int = len(OPS)) -> np.ndarray:
    """(B, OBS_SIZE) integer observations -> (B, NUM_FEATURES) float32 features:
    sign(x)·log1p(|x|) of every raw entry, then one-hot blocks for the task
    op, phase, own cards, market, careers, every seat's tableau and ship,
    location markers, and the bits of every bitmask. obs_size / n_ops: the
    features of an earlier layout (EARLIER_LAYOUTS): the first obs_size
    entries and the first n_ops task ops."""
    obs = np.asarray(observations)
    if obs.ndim == 1:
        obs = obs[None, :]
    if obs.ndim != 2 or obs.shape[1] != OBS_SIZE:
        raise ValueError(f"observations must have shape (B, {OBS_SIZE}), got {obs.shape}")
    obs = obs[:, :obs_size].astype(np.int64, copy=False)
    out = np.zeros((obs.shape[0], num_features(obs_size, n_ops)), np.float32)
    out[:, :obs_size] = np.sign(obs) * np.log1p(np.abs(obs))
    col = obs_size
    _one_hot_into(out, col, obs[:, TASK_OP_COL:TASK_OP_COL + 1], n_ops)
    col += n_ops
    for field, n in _ONE_HOT:
        start, size = _OFFSET[field]
        _one_hot_into(out, col, obs[:, start:start + size], n)
        col += n
    for field, n in _PER_SLOT:
        start, size = _OFFSET[field]
        v = obs[:, start:start + size]
        shifted = np.where((v >= 0) & (v < n), v + n * np.arange(size), -1)
        _one_hot_into(out, col, shifted, n * size)
        col += n * size
    starts = np.array([_OFFSET[f][0] for f in _BITMASKS])
    bits = (obs[:, starts][:, :, None] >> np.arange(BITS)) & 1
    out[:, col:col + BITS * len(starts)] = bits.reshape(obs.shape[0], -1)
    return out


class PolicyFileError(ValueError):
    """A weights file that is missing, malformed or made for other features."""


@dataclass(frozen=True)
class Arch:
    """What a weights file declares about itself (its ``meta``)."""
    hidden: tuple[int, ...]
    num_players: int | None = None
    notes: str = ""

    def meta(self) -> dict:
        return {"format": FORMAT, "features": FEATURES_VERSION, "obs_size": OBS_SIZE,
                "num_actions": NUM_ACTIONS, "num_ops": len(OPS), "num_features": NUM_FEATURES,
                "hidden": list(self.hidden), "num_players": self.num_players, "notes": self.notes}


class PolicyNet:
    """A masked-softmax MLP policy with a value head, in numpy (float32)."""

    def __init__(self, arrays: dict[str, np.ndarray], meta: dict, source: str = "<arrays>"):
        self.source = source
        self.meta = meta
        # the layout the weights were trained on (this engine's, or one of EARLIER_LAYOUTS)
        self.obs_size = meta.get("obs_size", OBS_SIZE)
        self.num_actions = meta.get("num_actions", NUM_ACTIONS)
        self.n_ops = meta.get("num_ops", len(OPS) if self.obs_size == OBS_SIZE else
                              meta.get("num_features", NUM_FEATURES) - self.obs_size - _REST)
        self.layers = []
        fan_in = num_features(self.obs_size, self.n_ops)
        for i, h in enumerate(meta["hidden"]):
            w, b = arrays[f"w{i}"], arrays[f"b{i}"]
            _check_shape(source, f"w{i}", w, (fan_in, h))
            _check_shape(source, f"b{i}", b, (h,))
            self.layers.append((w.astype(np.float32), b.astype(np.float32)))
            fan_in = h
        for key, shape in (("pi_w", (fan_in, self.num_actions)), ("pi_b", (self.num_actions,)),
                           ("v_w", (fan_in, 1)), ("v_b", (1,))):
            _check_shape(source, key, arrays[key], shape)
        self.pi_w, self.pi_b = arrays["pi_w"].astype(np.float32), arrays["pi_b"].astype(np.float32)
        self.v_w, self.v_b = arrays["v_w"].astype(np.float32), arrays["v_b"].astype(np.float32)
        for key, a in (("pi_w", self.pi_w), ("v_w", self.v_w), *((f"w{i}", w) for i, (w, _) in
                                                               enumerate(self.layers))):
            if not np.all(np.isfinite(a)):
                raise PolicyFileError(f"{source}: {key} holds NaN or infinite weights")

    @property
    def num_players(self) -> int | None:
        return self.meta.get("num_players")

    def encode(self, observations: np.ndarray) -> np.ndarray:
        """The features this net was trained on (see encode)."""
        return encode(observations, self.obs_size, self.n_ops)

    def forward(self, features: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(logits (B, NUM_ACTIONS), values (B,)) for encoded features; the
        action ids newer than the weights get -inf."""
        h = features
        for w, b in self.layers:
            h = np.maximum(h @ w + b, 0.0)
        logits = h @ self.pi_w + self.pi_b
        if self.num_actions < NUM_ACTIONS:
            logits = np.concatenate([logits, np.full((len(logits), NUM_ACTIONS - self.num_actions),
                                                     -np.inf, np.float32)], axis=1)
        return logits, (h @ self.v_w + self.v_b)[:, 0]

    def act_batch(self, observations: np.ndarray, masks: np.ndarray,
                  rng: np.random.Generator | None = None, temperature: float = 0.0) -> np.ndarray:
        """One legal action per row: the most likely (temperature 0) or a
        sample from softmax(logits / temperature) over the legal ids."""
        masks = np.asarray(masks).astype(bool, copy=False)
        if masks.ndim == 1:
            masks = masks[None, :]
        if not masks.any(axis=1).all():
            raise ValueError("a row of masks has no legal action")
        logits, _ = self.forward(self.encode(observations))
        logits = np.where(masks, logits, -np.inf)
        only_new = ~np.isfinite(logits).any(axis=1)     # legal: only ids newer than the weights
        logits[only_new] = np.where(masks[only_new], 0.0, -np.inf)
        if temperature <= 0.0:
            return logits.argmax(axis=1)
        z = (logits - logits.max(axis=1, keepdims=True)) / temperature
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        rng = rng if rng is not None else np.random.default_rng()
        u = rng.random((len(p), 1))
        return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), NUM_ACTIONS - 1)

    def act_batch_features(self, features: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """Greedy legal actions for already encoded features."""
        logits, _ = self.forward(features)
        masks = np.asarray(masks, bool)
        logits = np.where(masks, logits, -np.inf)
        only_new = ~np.isfinite(logits).any(axis=1)
        logits[only_new] = np.where(masks[only_new], 0.0, -np.inf)
        return logits.argmax(axis=1)

    def __call__(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """The vector env's opponent interface: greedy actions for a batch."""
        return self.act_batch(observations, masks)

    def save(self, path) -> None:
        arrays = {}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w, b
        save_weights(path, arrays | {"pi_w": self.pi_w, "pi_b": self.pi_b,
                                     "v_w": self.v_w, "v_b": self.v_b}, self.meta)


def _check_shape(source, key, a, shape) -> None:
    if a.shape != shape:
        raise PolicyFileError(f"{source}: {key} has shape {a.shape}, expected {shape}")


def save_weights(path, arrays: dict[str, np.ndarray], meta: dict) -> None:
    """Write a weights file (see the module docstring)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez(tmp, meta=np.array(json.dumps(meta)),
             **{k: np.asarray(v, np.float32) for k, v in arrays.items()})
    tmp.replace(path)


def shipped_policies() -> list[str]:
    """Names of the policies shipped with the package (policy:<name>)."""
    return sorted(p.stem for p in SHIPPED_DIR.glob("*.npz"))


def resolve_policy_path(name: str) -> Path:
    """A shipped policy's file, or the path itself (PolicyFileError if neither exists)."""
    shipped = SHIPPED_DIR / f"{name}.npz"
    if "/" not in name and not name.endswith(".npz") and shipped.exists():
        return shipped
    p = Path(name).expanduser()
    if p.is_file():
        return p
    raise PolicyFileError(f"policy {name!r}: no such shipped policy "
                          f"({', '.join(shipped_policies()) or 'none shipped'}) and no such file")


@lru_cache(maxsize=32)
def _load(path: str, mtime_ns: int) -> PolicyNet:
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
    except Exception as e:  # not a zip, truncated, pickled objects...
        raise PolicyFileError(f"{path}: not a readable weights file ({type(e).__name__}: {e})") from None
    if "meta" not in arrays:
        raise PolicyFileError(f"{path}: no 'meta' entry; write weights with maracaibo_env.maracaibo.agents.policy.save_weights")
    try:
        meta = json.loads(str(arrays.pop("meta")))
    except json.JSONDecodeError as e:
        raise PolicyFileError(f"{path}: meta is not JSON ({e})") from None
    expect = {"format": FORMAT, "features": FEATURES_VERSION}
    for k, v in expect.items():
        if meta.get(k) != v:
            raise PolicyFileError(f"{path}: meta {k} is {meta.get(k)!r}, this version reads {v}")
    layout = (meta.get("obs_size"), meta.get("num_actions"),
              meta.get("num_ops", meta.get("num_features", 0) - (meta.get("obs_size") or 0) - _REST))
    if layout != (OBS_SIZE, NUM_ACTIONS, len(OPS)) and layout not in EARLIER_LAYOUTS:
        raise PolicyFileError(f"{path}: trained on observations of {layout[0]!r} entries and "
                              f"{layout[1]!r} actions; this version reads {OBS_SIZE} and {NUM_ACTIONS} "
                              f"(or an earlier layout: {sorted(EARLIER_LAYOUTS)})")
    hidden = meta.get("hidden")
    if (not isinstance(hidden, list) or not 1 <= len(hidden) <= 8
            or not all(isinstance(h, int) and 1 <= h <= 4096 for h in hidden)):
        raise PolicyFileError(f"{path}: meta hidden must list 1-8 layer widths 1..4096, got {hidden!r}")
    need = [f"{p}{i}" for i in range(len(hidden)) for p in ("w", "b")] + ["pi_w", "pi_b", "v_w", "v_b"]
    missing = [k for k in need if k not in arrays]
    if missing:
        raise PolicyFileError(f"{path}: missing arrays {missing}")
    return PolicyNet(arrays, meta, source=path)


def load_policy(name_or_path) -> PolicyNet:
    """A PolicyNet from a shipped name ('maracaibo-2p') or an .npz path (cached)."""
    p = resolve_policy_path(str(name_or_path))
    return _load(str(p.resolve()), p.stat().st_mtime_ns)


class PolicyAgent:
    """A policy as an agent: act(observation, mask, rng) -> its greedy legal action.

    :param policy: a shipped name, a path, or a PolicyNet.
    :param temperature: 0 plays the most likely legal action; > 0 samples.
    """

    def __init__(self, policy="maracaibo-2p", temperature: float = 0.0):
        self.net = policy if isinstance(policy, PolicyNet) else load_policy(policy)
        self.temperature = float(temperature)
        self.name = f"policy:{policy if isinstance(policy, str) else self.net.source}"

    def act(self, observation: np.ndarray, action_mask: np.ndarray,
            rng: np.random.Generator) -> int:
        return int(self.net.act_batch(observation, action_mask, rng, self.temperature)[0])
