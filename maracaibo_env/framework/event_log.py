"""A solo opponent's turn log inside the state: (event, argument) pairs after
a count, so that Python can say what the engine's automated player did
(Maracaibo's Jean, Pirates' Jordan) without stepping it itself."""
from .jit import njit


@njit(cache=True)
def log_event(state, at, count_at, cap, ev, arg):
    """Append (ev, arg) to the log at state[at:], its length at state[count_at]; a full log keeps its first cap."""
    n = state[count_at]
    if n < cap:
        state[at + 2 * n] = ev
        state[at + 2 * n + 1] = arg
        state[count_at] = n + 1
