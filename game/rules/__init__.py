"""The rules core: cards, decisions, legality, the game state and `apply`, events, seat views
and records (RULES.md, RECORD_FORMAT.md).

Pure: it imports nothing of the project outside this package and no pygame, writes no files
and starts no threads. Everything else (bots, files, the UI, the server) drives it through
the names below.
"""

from .cards import (
    ACTION_FAMILIES,
    ACTIONS,
    CAMPER_COUNTS,
    EQ,
    campsite_layout,
    deck_for,
    label,
    rounds_for,
    team_of,
    team_seats,
)
from .deal import shuffled_deck
from .decisions import (
    DECK_SECOND,
    DECK_TOP,
    DISCARD,
    DRAW,
    KEEP,
    SCRAM,
    SWAP,
    TAKE,
    Act,
    Decision,
    Discard,
    Draw,
    Keep,
    MalformedDecision,
    Replace,
    Scram,
    Swap,
    Take,
    Target,
)
from .decisions import from_json as decision_from_json
from .decisions import to_json as decision_to_json
from .errors import IllegalDecision, RecordError, ScramError
from .event_json import EventJsonError, event_from_json, event_to_json, events_to_json
from .events import (
    CardDiscarded,
    CardDrawn,
    CardFlipped,
    CardPlaced,
    CardPlayed,
    CardsExchanged,
    CardTaken,
    CardViewed,
    Event,
    ExchangeDeclined,
    GameOver,
    ReplacementRevealed,
    RoundDealt,
    RoundScored,
    ScramDeclared,
    TurnBegan,
    for_seat,
)
from .json_text import NotJson
from .json_text import loads as json_loads
from .phases import DRAWN, OVER, ROUND_OVER, START, TWELVE
from .record import FORMAT, Record, ReplayError, parse_record, replay, state_dict, state_json, to_record
from .scoring import camper_score
from .state import Game
from .view import SeatView

__all__ = [
    "ACTIONS",
    "ACTION_FAMILIES",
    "Act",
    "CAMPER_COUNTS",
    "CardDiscarded",
    "CardDrawn",
    "CardFlipped",
    "CardPlaced",
    "CardPlayed",
    "CardTaken",
    "CardViewed",
    "CardsExchanged",
    "DECK_SECOND",
    "DECK_TOP",
    "DISCARD",
    "DRAW",
    "DRAWN",
    "Decision",
    "Discard",
    "Draw",
    "EQ",
    "Event",
    "EventJsonError",
    "ExchangeDeclined",
    "FORMAT",
    "Game",
    "GameOver",
    "IllegalDecision",
    "KEEP",
    "Keep",
    "MalformedDecision",
    "NotJson",
    "OVER",
    "ROUND_OVER",
    "Record",
    "RecordError",
    "Replace",
    "ReplacementRevealed",
    "ReplayError",
    "RoundDealt",
    "RoundScored",
    "SCRAM",
    "START",
    "SWAP",
    "Scram",
    "ScramDeclared",
    "ScramError",
    "SeatView",
    "Swap",
    "TAKE",
    "TWELVE",
    "Take",
    "Target",
    "TurnBegan",
    "camper_score",
    "campsite_layout",
    "deck_for",
    "decision_from_json",
    "decision_to_json",
    "event_from_json",
    "event_to_json",
    "events_to_json",
    "for_seat",
    "json_loads",
    "label",
    "parse_record",
    "replay",
    "rounds_for",
    "shuffled_deck",
    "state_dict",
    "state_json",
    "team_of",
    "team_seats",
    "to_record",
]
