"""The fixed discrete action space: id <-> (kind, index) <-> readable name.

    id = A_<KIND> + index        (index ranges below; names like 'sail:13:mp5')

Every decision of every phase is one of these ids; `legal_mask` says which are
legal now. One table for all phases keeps the space fixed for RL.
"""
from ...framework.constants_check import table_getattr
from ...framework.layout import offsets
from .layout import HAND_CAP, PLAN_CAP, MAX_LOC, MAX_EXP, MARKET_SIZE, N_AREAS, \
    N_NATIONS, N_BUILDINGS, BOARD_QUEST_CAP
from .catalog_layout import MAX_GOODS
from .enums import NATIONS, SHIP_AREAS, N_CHOICE_OPTIONS, ASSISTANT_ACTIONS
from .layout import CARD_QUEST_CAP

N_AA = len(ASSISTANT_ACTIONS)

MAX_MP = 7

# (kind, count) in id order
ACTION_KINDS = [
    ("PASS", 1),                       # end turn / stop / skip / decline (context)
    ("SETUP_PLAN", HAND_CAP),          # setup: hand slot i -> planning area
    ("SETUP_DISCARD", HAND_CAP),       # setup: discard hand slot i
    ("CAREER", 2),                     # setup: keep career option c
    ("SAIL", MAX_LOC * MAX_MP),        # sail to location l spending m MP: l*7 + (m-1)
    ("MAIN_CITY", 1), ("MAIN_VILLAGE", 1),
    ("MAIN_ASSISTANT", N_AA),        # use an own assistant here with action aaNN
    ("MAIN_QUEST", BOARD_QUEST_CAP),   # fulfil the board quest in slot k
    ("FREE_PLAN", HAND_CAP),           # free action: plan hand slot i
    ("FREE_CAREER", 3),                # free action: complete career task t
    ("FREE_FIGURE_CP", 1),             # free action: figure -> 2 CP (PERM-08)
    ("DELIVER", HAND_CAP),             # deliver hand slot i
    ("DISC", N_AREAS),                 # take a disc from area a
    ("NATION", N_NATIONS),             # choose nation n
    ("VIL_DISCARD", 1), ("VIL_DOUBLOON", 1), ("VIL_CP_DOUBLOON", 1),
    ("VIL_GOODS", MAX_GOODS),          # SHIP-09: pay 3 goods of kind g
    ("VIL_MARKER", N_NATIONS),         # SHIP-10: marker of nation n here
    ("BUY_HAND", HAND_CAP), ("BUY_PLAN", PLAN_CAP), ("INVEST", N_BUILDINGS),
    ("SCORE_VP2", 1),                  # scoring step 1: take 2 VP
    ("CB_PILE", 2), ("CB_NATION", N_NATIONS), ("CB_CP", 1), ("CB_FIGURE", 1),
    ("CB_INF1", 1), ("CB_INF2", 1),
    ("CB_FLAG", MAX_LOC),              # annex / displace at location l
    ("CB_VILLAGE", MAX_LOC),           # SHIP-07 village annex / displace at l
    ("EXPLORE", MAX_EXP),              # move explorer to space s
    ("CHOICE", N_CHOICE_OPTIONS),      # generic option k
    ("PAY", HAND_CAP),                 # discard hand slot i as payment
    ("DRAW_DECK", 1), ("DRAW_MARKET", MARKET_SIZE),
    ("PLACE", MAX_LOC),                # put the chosen marker in location l
    ("VIL_NVA", 4),                    # new village action of kind k (NVA-01..04)
    ("VIL_CARD_QUEST", CARD_QUEST_CAP),  # fulfil the quest lying on a card (IMM-06)
    ("CB_NCA", 2),                     # new combat action NCA-01 / NCA-02
    ("CB_LEGACY", 3),                  # LEG-L6 silver-fleet space 0 / 1, LEG-L9 gold mine
]

ACTION_OFFSETS, NUM_ACTIONS = offsets(ACTION_KINDS)     # kind -> (first id, count): A_<KIND> in constants.py


def decode(action: int) -> tuple[str, int]:
    """id -> (kind, index)."""
    for kind, (off, n) in ACTION_OFFSETS.items():
        if off <= action < off + n:
            return kind, action - off
    raise ValueError(f"action id {action} out of range 0..{NUM_ACTIONS - 1}")


def action_names(loc_keys, exp_keys, goods_keys, career_names=None):
    """Readable names for every id, using the catalog's keys."""
    names = []
    for kind, (off, n) in ACTION_OFFSETS.items():
        for i in range(n):
            names.append(_name(kind, i, loc_keys, exp_keys, goods_keys))
    return names


def _key(keys, i, prefix):
    return keys[i] if i < len(keys) else f"{prefix}{i}"


def _name(kind, i, loc_keys, exp_keys, goods_keys):
    k = kind.lower()
    if kind == "PASS":
        return "pass"
    if kind == "SAIL":
        return f"sail:{_key(loc_keys, i // MAX_MP, 'loc')}:mp{i % MAX_MP + 1}"
    if kind in ("SETUP_PLAN", "SETUP_DISCARD", "FREE_PLAN", "DELIVER", "BUY_HAND", "PAY"):
        return f"{k.replace('_', ':')}:hand{i}"
    if kind == "BUY_PLAN":
        return f"buy:plan{i}"
    if kind in ("NATION", "VIL_MARKER", "CB_NATION"):
        return f"{k.replace('_', ':')}:{NATIONS[i]}"
    if kind == "DISC":
        return f"disc:{SHIP_AREAS[i]}"
    if kind in ("CB_FLAG", "CB_VILLAGE", "PLACE"):
        return f"{k.replace('_', ':')}:{_key(loc_keys, i, 'loc')}"
    if kind == "EXPLORE":
        return f"explore:{_key(exp_keys, i, 's')}"
    if kind == "VIL_GOODS":
        return f"vil:goods:{_key(goods_keys, i, 'g')}"
    if kind == "MAIN_ASSISTANT":
        return f"main:assistant:{ASSISTANT_ACTIONS[i]}"
    if kind == "VIL_NVA":
        return f"vil:nva:{i + 1}"
    if kind == "VIL_CARD_QUEST":
        return f"vil:card_quest:{i}"
    if kind == "CB_LEGACY":
        return ("cb:silver_fleet:0", "cb:silver_fleet:1", "cb:gold_mine")[i]
    if kind == "CB_NCA":
        return f"cb:nca:{i + 1}"
    if kind == "MAIN_QUEST":
        return f"main:quest:{i}"
    if kind == "DRAW_MARKET":
        return f"draw:market:{i}"
    n = 1 if (kind, 1) in ACTION_KINDS else None
    base = k.replace("_", ":")
    return base if n else f"{base}:{i}"


# A_<KIND> for Python code that reads them here (constants.py has them)
__getattr__ = table_getattr(__name__)
