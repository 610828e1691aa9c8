"""Harbour Race as the env adapters see it (framework.description), and its text render."""
from __future__ import annotations

from maracaibo_env.framework.description import GameDescription

from .game import NUM_ACTIONS, OBS_SIZE, PLAYER_COUNTS, TRACK, VP_SOURCES, Game


def render_text(game: Game) -> str:
    """The track, one line per seat, and the bonus space."""
    st, lay = game.state, game.LAYOUT
    bonus = int(st[lay.glob["BONUS"][0]])
    lines = [f"Harbour Race, round {game.round}, "
             + ("game over" if game.is_over else f"player {game.current_player} to act")
             + f"; bonus on space {bonus}"]
    for p in range(game.num_seats):
        pos = int(st[lay.field_slice("POS", p)][0])
        track = "".join("S" if i == pos else ("*" if i == bonus else ".") for i in range(TRACK + 1))
        src = dict(zip(VP_SOURCES, st[lay.field_slice("VP_SRC", p)].tolist()))
        lines.append(f"  player {p}: {track}  coins {int(st[lay.field_slice('COINS', p)][0])}, "
                     f"VP {game.scores()[p]} {src}")
    return "\n".join(lines)


RACE = GameDescription(
    game_class=Game,
    env_name="race_v0",
    num_actions=NUM_ACTIONS,
    obs_size=OBS_SIZE,
    player_counts=PLAYER_COUNTS,
    render=render_text,
)
