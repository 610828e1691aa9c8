"""The fixed discrete action space of Pirates: id <-> (kind, index) <-> name.

    id = A_<KIND> + index          names like 'sail:s12', 'acquire:s3', 'die:gold'

One table for every decision keeps the space fixed for RL; `legal_mask`
says which ids are legal now.
"""
from ...framework.constants_check import table_getattr
from ...framework.layout import offsets
from .layout import N_SLOTS, N_SPACES, MAX_P, QHAND_CAP, QMARKET_CAP, FIGM_CAP, N_BM, FORFEIT_CAP, N_RUBY_SPACES, \
    N_POSEIDON
from .catalog_layout import MAX_SHIP_SLOTS, MAX_RAID_ACTS, HB_CAP, HU_CAP, MAX_TRACK

TREASURE_NAMES = ("gold", "emerald", "pearl")
GULF_OPTIONS = ("raid", "explore", "residence")     # GULF-03
MAX_LIST = 8                                        # effects in one any-order list

ACTION_KINDS = [
    ("PASS", 1),                   # decline / stop / end (the prompt says which)
    ("KEEP_QUEST", 2),             # setup: keep drawn quest i (SET-17)
    ("SAIL", N_SPACES),            # move the ship one step onto space s (MOVE-02)
    ("STOP", 1),                   # end the move here (MOVE-04)
    ("PAY", MAX_P),                # pay 1 doubloon to seat p (MOVE-08)
    ("TAKE5", 1),                  # leave the improvement, take 5 doubloons (IMP-01)
    ("ACQUIRE", N_SLOTS),          # acquire the improvement in slot s
    ("RESIDENCE", N_SLOTS),        # build the residence in slot s
    ("BM_HERE", 1),                # activate own black-market tile here (LOC-03)
    ("UPGRADE", MAX_SHIP_SLOTS),   # fill ship slot k (UPG-01)
    ("SIDE", 2),                   # location side before/after the "/" (LOC-05)
    ("EFFECT", MAX_LIST),          # resolve effect i of the pending list next
    ("GULF", len(GULF_OPTIONS)),   # GULF-03 option
    ("REROLL", 1),                 # reroll the raiding dice (RAID-02)
    ("DIE", 3),                    # choose die: gold/emerald/pearl (RAID-03)
    ("RAID_ACT", MAX_RAID_ACTS),   # spend power on Raiding action k (RAID-05)
    ("TREASURE", 3),               # choose a treasure type
    ("BONUS", HB_CAP),             # put the new treasure on bonus space i (TRE-02)
    ("STORE", 1),                  # put it in storage (TRE-02)
    ("BURY", 3 * HU_CAP),          # bury treasure t on buried space i (BURY-02)
    ("POSEIDON", 3 * N_POSEIDON),  # bury treasure t on Poseidon space j (BURY-07)
    ("EXPLORE", MAX_TRACK),        # move the explorer to track space s (EXP-01)
    ("FORFEIT", FORFEIT_CAP),      # forfeit movement for ability k's reward (EXP-07)
    ("QUEST_DECK", 1),             # take the top quest of the deck (QST-01)
    ("QUEST_MARKET", QMARKET_CAP), # take faceup quest i
    ("WHALE", 1),                  # refresh the quest market first (GFH-D)
    ("DISCARD_QUEST", QHAND_CAP),  # discard quest i for 8 doubloons (GIC-22)
    ("ISLAND", 3),                 # add the cube(s) to island t
    ("FIGUREHEAD", FIGM_CAP),      # take market figurehead i (FIG-01)
    ("BM_TILE", N_BM),             # place own black-market tile k (BM-01)
    ("BM_AT", N_SLOTS),            # ... on the location in slot s
    ("BM_ACTIVATE", N_BM),         # activate own placed tile k (GIC-20)
    # the modules (§20)
    ("RETURN_QUEST", 3),           # Quest Hunters setup: return drawn quest i, keep the others (QH-01)
    ("GAIN_RUBY", 1),              # take 1 ruby from the supply here (RUBY-02)
    ("SELL_RUBY", N_RUBY_SPACES),  # sell 1 ruby onto Ruby Market space i, take its bonus (RUBY-03)
    ("TRADE_RUBY", 1),             # trade 1 ruby for 2 VP (RUBY-04)
    ("RETIRE", N_SLOTS),           # buy the residence in slot s at half price (RET-02/03)
]

ACTION_OFFSETS, NUM_ACTIONS = offsets(ACTION_KINDS)     # kind -> (first id, count): A_<KIND> in constants.py


def action_names(slot_keys=None, raid_keys=None, track_keys=None) -> list[str]:
    """Readable name of every action id (data keys where the catalog gives them)."""
    def space(s):
        return {27: "gulf", 28: "maracaibo", 29: "start"}.get(s, f"s{s}")
    names = []
    for kind, n in ACTION_KINDS:
        k = kind.lower()
        for i in range(n):
            if n == 1:
                names.append(k)
            elif kind == "SAIL":
                names.append(f"sail:{space(i)}")
            elif kind in ("ACQUIRE", "RESIDENCE", "BM_AT", "RETIRE"):
                names.append(f"{k}:s{i}")
            elif kind in ("DIE", "TREASURE", "ISLAND"):
                names.append(f"{k}:{TREASURE_NAMES[i]}")
            elif kind == "GULF":
                names.append(f"gulf:{GULF_OPTIONS[i]}")
            elif kind == "PAY":
                names.append(f"pay:p{i}")
            elif kind == "UPGRADE" and slot_keys and i < len(slot_keys):
                names.append(f"upgrade:{slot_keys[i]}")
            elif kind == "RAID_ACT" and raid_keys and i < len(raid_keys):
                names.append(f"raid:{raid_keys[i]}")
            elif kind == "EXPLORE" and track_keys and i < len(track_keys):
                names.append(f"explore:{track_keys[i]}")
            elif kind == "BURY":
                names.append(f"bury:{TREASURE_NAMES[i // HU_CAP]}:{i % HU_CAP}")
            elif kind == "POSEIDON":
                names.append(f"poseidon:{TREASURE_NAMES[i // N_POSEIDON]}:{i % N_POSEIDON}")
            else:
                names.append(f"{k}:{i}")
    return names


# A_<KIND> for Python code that reads them here (constants.py has them)
__getattr__ = table_getattr(__name__)
