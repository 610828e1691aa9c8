"""Train sb3-contrib MaskablePPO on `maracaibo_env.maracaibo.single.MaracaiboSingleEnv`.

Run from the repository root (needs the ``train`` extra: torch,
stable-baselines3, sb3-contrib)::

    python -m training.train_maskable_ppo --players 2 --opponent random \\
        --timesteps 50000 --n-envs 8 --seed 0 --save runs/ppo_2p_random.zip --eval-games 100
    python -m training.train_maskable_ppo --opponent jean:medium --timesteps 20000

One learner seat plays against fixed opponents inside the env; the policy
sees the learner's observation only (through `training.wrappers`, a float32
symlog by default) and chooses among the legal actions: MaskablePPO reads
`action_masks()`, so no ActionMasker wrapper is needed. At the end the model
is evaluated with the mask-aware
`sb3_contrib.common.maskable.evaluation.evaluate_policy` on games with other
seeds than training (always with the +1/0/-1 ``win_loss`` reward), next to a
uniformly random legal policy in the same set-up, and saved with ``--save``.

Opponent specs (``--opponent``, comma-separated for one spec per opponent):

* ``random`` - uniformly random legal actions;
* ``jean`` or ``jean:<difficulty>`` - solo game against the Automa Jean
  (``--players 1``, implied when ``--players`` is not given);
* any other name - a heuristic agent looked up in ``agents.heuristics``
  (when that module exists).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any, Sequence

import numpy as np

if __package__ in (None, ""):  # run as `python training/train_maskable_ppo.py`
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from maracaibo_env.maracaibo.core.enums import DIFFICULTIES  # noqa: E402
# the env factory and its helpers live in the package (maracaibo_env.wrappers); imported
# here so that `from training.train_maskable_ppo import make_env_fn, env_config` keeps working
from maracaibo_env.wrappers import (OBS_TRANSFORMS, EnvFactory, env_config,  # noqa: E402,F401
                                    heuristic_agent, make_env_fn)


def make_vec_env(env_fn: EnvFactory, n_envs: int, seed: int, vec_env: str = "dummy"):
    """A Monitor-wrapped VecEnv of `n_envs` copies, env i seeded with seed + i.

    :param env_fn: a factory from `make_env_fn`.
    :param n_envs: number of parallel envs.
    :param seed: base seed.
    :param vec_env: "dummy" (one process) or "subproc" (one process per env).
    """
    from stable_baselines3.common.env_util import make_vec_env as sb3_make_vec_env
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    if vec_env not in ("dummy", "subproc"):
        raise ValueError(f"vec_env must be 'dummy' or 'subproc', got {vec_env!r}")
    cls = SubprocVecEnv if vec_env == "subproc" and n_envs > 1 else DummyVecEnv
    return sb3_make_vec_env(env_fn, n_envs=n_envs, seed=seed, vec_env_cls=cls)


# ---- evaluation --------------------------------------------------------------------------
@dataclass
class EvalResult:
    """Outcome of evaluation games, from the learner's side.

    :param games: games played.
    :param wins: sole first place (solo: more VP than Jean).
    :param ties: shared first place (never in solo: ties go to Jean).
    :param losses: everything else.
    :param win_rate: wins / games.
    :param mean_reward: mean ``win_loss`` return (+1 / 0 / -1), in [-1, 1].
    :param mean_vp_margin: mean (own VP - best other VP).
    :param mean_length: mean learner decisions per game.
    :param illegal_actions: actions chosen that the mask forbade (0 with masking).
    """

    games: int
    wins: int
    ties: int
    losses: int
    win_rate: float
    mean_reward: float
    mean_vp_margin: float
    mean_length: float
    illegal_actions: int


def _summarise(returns: Sequence[float], margins: Sequence[float], lengths: Sequence[int],
               illegal: int) -> EvalResult:
    r = np.asarray(returns, float)
    wins, ties = int((r == 1.0).sum()), int((r == 0.0).sum())
    return EvalResult(games=len(r), wins=wins, ties=ties, losses=len(r) - wins - ties,
                      win_rate=wins / max(len(r), 1), mean_reward=float(r.mean()) if len(r) else 0.0,
                      mean_vp_margin=float(np.mean(margins)) if margins else 0.0,
                      mean_length=float(np.mean(lengths)) if lengths else 0.0, illegal_actions=illegal)


def _margin(info: dict) -> float:
    scores, me = info["scores"], info["learner_seat"]
    return float(scores[me] - max(s for q, s in enumerate(scores) if q != me))


def evaluate(model, env_fn: EnvFactory, n_games: int, seed: int,
             deterministic: bool = True) -> EvalResult:
    """Play `n_games` with the model's masked policy (sb3-contrib evaluate_policy, use_masking=True).

    :param model: a MaskablePPO model.
    :param env_fn: a factory from `make_env_fn` built with reward="win_loss".
    :param n_games: games to play.
    :param seed: seed of the evaluation env (use one not used in training).
    :param deterministic: the policy's most likely legal action (True) or a sample.
    """
    from sb3_contrib.common.maskable.evaluation import evaluate_policy

    env = make_vec_env(env_fn, 1, seed)
    margins: list[float] = []
    illegal = [0]

    def check(loc: dict, _glob: dict) -> None:
        i = loc["i"]
        if not loc["action_masks"][i][int(loc["actions"][i])]:
            illegal[0] += 1
        if loc["done"] and "scores" in loc["info"]:
            margins.append(_margin(loc["info"]))

    returns, lengths = evaluate_policy(model, env, n_eval_episodes=n_games, deterministic=deterministic,
                                       return_episode_rewards=True, use_masking=True, callback=check)
    env.close()
    return _summarise(returns, margins, lengths, illegal[0])


def random_baseline(env_fn: EnvFactory, n_games: int, seed: int) -> EvalResult:
    """A uniformly random legal policy on `n_games` games of the same set-up (the bar to clear).

    :param env_fn: a factory from `make_env_fn` built with reward="win_loss".
    :param n_games: games to play.
    :param seed: first game's seed (game k uses seed + k).
    """
    env = env_fn()
    rng = np.random.default_rng(seed)
    returns, margins, lengths = [], [], []
    for k in range(n_games):
        env.reset(seed=seed + k)
        done, total, steps = False, 0.0, 0
        while not done:
            _, r, done, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            total, steps = total + r, steps + 1
        returns.append(total)
        margins.append(_margin(info))
        lengths.append(steps)
    return _summarise(returns, margins, lengths, 0)


# ---- training ----------------------------------------------------------------------------
def train(players: int | None = None, opponent: str = "random", timesteps: int = 50_000,
          n_envs: int = 8, vec_env: str = "dummy", seed: int = 0, save: str | None = None,
          eval_games: int = 100, eval_freq: int = 0, eval_mode: str = "both",
          reward: str = "win_loss", obs_transform: str = "symlog", n_steps: int = 256,
          batch_size: int = 256, n_epochs: int = 10, learning_rate: float = 3e-4,
          gamma: float = 0.995, gae_lambda: float = 0.95, ent_coef: float = 0.01,
          net_arch: Sequence[int] = (256, 256), device: str = "cpu", torch_threads: int | None = 1,
          baseline: bool = True, verbose: int = 1) -> tuple[Any, dict[str, Any]]:
    """Train MaskablePPO, evaluate it with masks, optionally save it.

    :param players: 1 (solo vs Jean), 2, 3 or 4; None = 1 for a jean opponent, else 2.
    :param opponent: "random", "jean[:difficulty]", a heuristic name, or comma-separated specs.
    :param timesteps: total learner decisions to train on (all envs together).
    :param n_envs: parallel training envs.
    :param vec_env: "dummy" (sequential, one process) or "subproc" (one process per env).
    :param seed: seed of the model and of the training envs (env i: seed + i).
    :param save: path of the .zip to save the model to, or None.
    :param eval_games: games of the final evaluation (0 skips it).
    :param eval_freq: if > 0, MaskableEvalCallback evaluates every `eval_freq` steps
        (per env) on max(eval_games // 5, 10) games, keeping the best model next to `save`.
    :param eval_mode: "deterministic" (the most likely legal action), "stochastic" (a sample
        from the masked policy) or "both" (default). Against weak opponents the deterministic
        score says little: a fixed argmax of an *untrained* net can beat random players in
        almost every game, or in almost none, depending on the seed (see training/README.md).
    :param reward: training reward, "win_loss" (+1/0/-1) or "vp_margin" ((own - best other VP) / 100).
    :param obs_transform: "symlog" or "float" (see `training.wrappers`).
    :param n_steps: rollout steps per env per update; n_steps * n_envs must be > 1
        (advantage normalisation) and is the PPO buffer size.
    :param batch_size: minibatch size.
    :param n_epochs: passes over each rollout buffer.
    :param learning_rate: Adam step size.
    :param gamma: discount factor (rewards come only at the game's end, ~60-220 decisions away).
    :param gae_lambda: GAE lambda.
    :param ent_coef: entropy bonus coefficient.
    :param net_arch: hidden layer sizes of the policy and value MLPs.
    :param device: torch device, "cpu" (default; fastest for small MLPs) or "cuda"/"auto".
    :param torch_threads: torch.set_num_threads value (default 1), or None to keep torch's
        default (one thread per core). One thread is fastest for these small MLPs, and with
        more, every forward pass waits for all OpenMP threads: on a busy 2-core machine one
        predict() took 16-30 ms with 2 threads against ~1 ms with 1.
    :param baseline: also evaluate a uniformly random legal policy in the same set-up.
    :param verbose: 0 silent, 1 progress and results, 2 SB3 training logs too.
    :return: (model, results) where results holds the config, training time, steps per
        second, and the evaluation results as dicts.
    """
    import torch
    from sb3_contrib import MaskablePPO

    if eval_mode not in ("both", "deterministic", "stochastic"):
        raise ValueError(f"eval_mode must be 'both', 'deterministic' or 'stochastic', got {eval_mode!r}")
    if torch_threads:
        torch.set_num_threads(torch_threads)
    config = {k: v for k, v in locals().items() if k not in ("torch", "MaskablePPO")}
    config["net_arch"] = list(net_arch)
    env_fn = make_env_fn(players, opponent, reward, obs_transform)
    eval_fn = make_env_fn(players, opponent, "win_loss", obs_transform)
    venv = make_vec_env(env_fn, n_envs, seed, vec_env)
    model = MaskablePPO("MlpPolicy", venv, n_steps=n_steps, batch_size=batch_size, n_epochs=n_epochs,
                        learning_rate=learning_rate, gamma=gamma, gae_lambda=gae_lambda,
                        ent_coef=ent_coef, policy_kwargs={"net_arch": list(net_arch)},
                        device=device, seed=seed, verbose=1 if verbose >= 2 else 0)
    callback = None
    if eval_freq > 0:
        from sb3_contrib.common.maskable.callbacks import MaskableEvalCallback
        best = os.path.dirname(os.path.abspath(save)) if save else None
        callback = MaskableEvalCallback(make_vec_env(eval_fn, 1, seed + 10_000),
                                        n_eval_episodes=max(eval_games // 5, 10), eval_freq=eval_freq,
                                        deterministic=eval_mode != "stochastic",
                                        best_model_save_path=best,
                                        verbose=verbose)
    if verbose:
        print(f"training MaskablePPO: {timesteps} steps, {n_envs} x {vec_env} env(s), "
              f"players={env_config(players, opponent)[0]}, opponent={opponent}", flush=True)
    t0 = time.perf_counter()
    model.learn(total_timesteps=timesteps, callback=callback)
    train_s = time.perf_counter() - t0
    venv.close()
    results: dict[str, Any] = {"config": config, "train_seconds": round(train_s, 2),
                               "steps_per_second": round(model.num_timesteps / train_s, 1),
                               "timesteps": int(model.num_timesteps)}
    if verbose:
        print(f"trained {model.num_timesteps} steps in {train_s:.1f} s "
              f"({results['steps_per_second']:.0f} steps/s)", flush=True)
    if save:
        os.makedirs(os.path.dirname(os.path.abspath(save)), exist_ok=True)
        model.save(save)
        results["saved"] = save
        if verbose:
            print(f"saved {save}", flush=True)
    if eval_games > 0:
        eval_seed = seed + 10_000  # other games than the training envs (seeds seed .. seed + n_envs - 1)
        modes = ("deterministic", "stochastic") if eval_mode == "both" else (eval_mode,)
        for mode in modes:
            res = evaluate(model, eval_fn, eval_games, eval_seed, mode == "deterministic")
            results["eval_" + mode] = asdict(res)
            if verbose:
                print(_line("PPO " + mode[:5] + ".", res), flush=True)
        if baseline:
            base = random_baseline(eval_fn, eval_games, eval_seed)
            results["random_baseline"] = asdict(base)
            if verbose:
                print(_line("random legal", base), flush=True)
    return model, results


def _line(who: str, r: EvalResult) -> str:
    return (f"{who:>13}: win rate {r.win_rate:.3f} ({r.wins}W {r.ties}T {r.losses}L of {r.games}), "
            f"mean reward {r.mean_reward:+.3f}, mean VP margin {r.mean_vp_margin:+.1f}, "
            f"{r.mean_length:.0f} decisions/game, illegal actions {r.illegal_actions}")


# ---- command line ------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    """The argument parser; every option's help is its documentation."""
    p = argparse.ArgumentParser(
        prog="python -m training.train_maskable_ppo",
        description="Train sb3-contrib MaskablePPO on MaracaiboSingleEnv (one learner vs fixed "
                    "opponents), evaluate it with action masks, print win rate and mean reward, "
                    "and save it.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    a = p.add_argument
    a("--players", type=int, choices=(1, 2, 3, 4), default=None,
      help="players in the game: 1 = solo vs the Automa Jean; default 1 for a jean opponent, else 2")
    a("--opponent", default="random",
      help="'random', 'jean' / 'jean:<difficulty>' (" + ", ".join(DIFFICULTIES) + "), a heuristic "
           "name from agents.heuristics, or comma-separated specs, one per opponent")
    a("--timesteps", type=int, default=50_000, help="total learner decisions to train on")
    a("--n-envs", type=int, default=8, help="parallel training envs")
    a("--vec-env", choices=("dummy", "subproc"), default="dummy",
      help="DummyVecEnv (one process) or SubprocVecEnv (one process per env)")
    a("--seed", type=int, default=0, help="seed of the model and the training envs (env i: seed + i)")
    a("--save", default=None, metavar="PATH", help="save the trained model to this .zip")
    a("--eval-games", type=int, default=100, help="games of the final masked evaluation (0: none)")
    a("--eval-freq", type=int, default=0,
      help="if > 0, MaskableEvalCallback every this many steps per env (best model saved next to --save)")
    a("--eval-mode", choices=("both", "deterministic", "stochastic"), default="both",
      help="evaluate the policy's most likely legal action, a sample from it, or both")
    a("--no-baseline", action="store_true", help="skip the random-legal-policy baseline evaluation")
    a("--reward", choices=("win_loss", "vp_margin"), default="win_loss", help="training reward")
    a("--obs-transform", choices=sorted(OBS_TRANSFORMS), default="symlog",
      help="float32 observation wrapper: symlog (sign(x)*log1p|x|), float (plain cast) or "
           "scaled (each field scaled into [-1, 1] by its bounds, as the envs' obs_type='float')")
    a("--n-steps", type=int, default=256, help="rollout steps per env per PPO update")
    a("--batch-size", type=int, default=256, help="PPO minibatch size")
    a("--n-epochs", type=int, default=10, help="PPO epochs per update")
    a("--learning-rate", type=float, default=3e-4, help="Adam learning rate")
    a("--gamma", type=float, default=0.995, help="discount factor")
    a("--gae-lambda", type=float, default=0.95, help="GAE lambda")
    a("--ent-coef", type=float, default=0.01, help="entropy bonus coefficient")
    a("--net-arch", default="256,256", help="hidden layer sizes, comma-separated")
    a("--device", default="cpu", help="torch device (cpu, cuda, auto)")
    a("--torch-threads", type=int, default=1,
      help="torch.set_num_threads; 0 keeps torch's default (one per core), which is slower for small MLPs")
    a("--json", default=None, metavar="PATH", help="also write the results as JSON here")
    a("--verbose", type=int, choices=(0, 1, 2), default=1,
      help="0 silent, 1 progress and results, 2 SB3 training logs too")
    return p


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Command-line entry point; returns the results dict (see `train`)."""
    args = build_parser().parse_args(argv)
    try:
        env_config(args.players, args.opponent)
    except ValueError as exc:
        build_parser().error(str(exc))
    _, results = train(
        players=args.players, opponent=args.opponent, timesteps=args.timesteps, n_envs=args.n_envs,
        vec_env=args.vec_env, seed=args.seed, save=args.save, eval_games=args.eval_games,
        eval_freq=args.eval_freq, eval_mode=args.eval_mode, reward=args.reward,
        obs_transform=args.obs_transform, n_steps=args.n_steps, batch_size=args.batch_size,
        n_epochs=args.n_epochs, learning_rate=args.learning_rate, gamma=args.gamma,
        gae_lambda=args.gae_lambda, ent_coef=args.ent_coef,
        net_arch=tuple(int(x) for x in args.net_arch.split(",") if x), device=args.device,
        torch_threads=args.torch_threads, baseline=not args.no_baseline, verbose=args.verbose)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=2, default=str)
    return results


if __name__ == "__main__":
    main()
