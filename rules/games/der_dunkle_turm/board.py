"""The path of Der dunkle Turm (dt-spielplan, dt-seitenfelder): camp, fields 1-20, the drawbridges
6 and 15, the six floating side fields while the bridges are raised, the tower; the deck
(dt-kartenstapel), the magic places and the beasts' lairs.

Field names are strings: ``"1"`` .. ``"20"``, ``"6a"`` .. ``"15c"``. ``CAMP`` and ``TOWER`` are no
fields (dt-freie-felder) and hold any number of figures.
"""

from __future__ import annotations

CAMP = "camp"
TOWER = "tower"
EXILE = "exile"
OUT = "out"
PLACES = (CAMP, TOWER, EXILE, OUT)

NUMBERED = tuple(str(n) for n in range(1, 21))
BRIDGES = ("6", "15")
SIDE_FIELDS = ("6a", "6b", "6c", "15a", "15b", "15c")
OVER_LAVA = ("6b", "15b")
ALL_FIELDS = NUMBERED + SIDE_FIELDS

PATH_DOWN: tuple[str, ...] = NUMBERED
PATH_UP: tuple[str, ...] = (
    ("1", "2", "3", "4", "5", "6a", "6b", "6c") + tuple(str(n) for n in range(7, 15)) + ("15a", "15b", "15c")
    + tuple(str(n) for n in range(16, 21))
)
INDEX_DOWN = {f: i for i, f in enumerate(PATH_DOWN)}
INDEX_UP = {f: i for i, f in enumerate(PATH_UP)}

RIFT_FIELDS = ("7", "8", "9", "10", "11", "13", "14", "16", "17", "19", "20")  # dt-riss-oeffnen
MAGIC_PLACES = ("4", "12", "18")  # dt-magische-orte
BEASTS = ("12", "18")  # lairs (dt-knochentier-wecken)
BEAST_OF_PLACE = {"4": "18", "12": "12", "18": "18"}
BEAST_REACH = {"12": tuple(str(n) for n in range(10, 15)), "18": tuple(str(n) for n in range(16, 21))}

TEAMS = ("red", "blue", "green", "yellow")
COMPANIONS_PER_TEAM = 3

# the deck (dt-kartenstapel): kind -> number of cards
STEP_KINDS = ("step1", "step2", "step3", "step4")
ATTACK_KINDS = tuple(f"attack{f}" for f in RIFT_FIELDS)
CARD_KINDS: tuple[str, ...] = STEP_KINDS + ATTACK_KINDS + ("exile", "bolt", "spell", "float")
FULL_DECK: dict[str, int] = {k: 6 for k in STEP_KINDS} | {k: 1 for k in ATTACK_KINDS} | {
    "exile": 4,
    "bolt": 4,
    "spell": 3,
    "float": 3,
}
DECK_SIZE = sum(FULL_DECK.values())  # 49

# timers (dt-fristen)
RIFT_ROUNDS = 3  # the rest of the table round and two more (dt-riss-schliessen)
WIZARD_ROUNDS = 4  # the rest of the table round and three more (dt-zauberer-verkohlt)
QUIET_ROUNDS = 3  # dt-knochentier-einschlafen
FLOAT_TURNS_PLACED = 2  # dt-schwebefeld-landen (placed in its own turn)
TEAM_TURNS_SHIELD = 2  # dt-knochentier-schild
TEAM_TURNS_MARK = 2  # dt-donnerblitz-zweiter-treffer
TEAM_TURNS_LYING = 1  # dt-neben-dem-feld
COOL_TURNS = 2  # dt-abkuehlen


def path(bridges_up: bool) -> tuple[str, ...]:
    return PATH_UP if bridges_up else PATH_DOWN


def index(bridges_up: bool) -> dict[str, int]:
    return INDEX_UP if bridges_up else INDEX_DOWN


def on_path(field: str, bridges_up: bool) -> bool:
    return field in (INDEX_UP if bridges_up else INDEX_DOWN)


_TEAM_OF = {f"{team}{i}": team for team in TEAMS for i in range(1, COMPANIONS_PER_TEAM + 1)}


def team_of(cid: str) -> str:
    return _TEAM_OF.get(cid) or cid.rstrip("0123456789")


def companion_ids(team: str) -> tuple[str, ...]:
    return tuple(f"{team}{i}" for i in range(1, COMPANIONS_PER_TEAM + 1))


def distance_to_lair(field: str, lair: str) -> int:
    return abs(int(field) - int(lair))
