"""Game records (`scram-record/1`, see docs/RECORDS.md): check a decoded record, write one,
replay it, and the state JSON the replay command prints (reading a record file is
`game.files.records`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from . import cards
from .decisions import MalformedDecision, from_json, to_json
from .errors import IllegalDecision, RecordError
from .events import as_seen, seat_bit
from .json_text import LongNumber
from .phases import DRAWN, OVER, ROUND_OVER
from .state import Game

FORMAT = "scram-record/1"


@dataclass
class Record:
    campers: int
    seed: int
    start: int | None = None
    decks: list[list[int]] | None = None
    actions: list = field(default_factory=list)
    extra: dict = field(default_factory=dict)

    def new_game(self) -> Game:
        return Game(self.campers, self.seed, self.start, self.decks)


def parse_record(data: object) -> Record:
    """Check a decoded record's shape and decks (RecordError on anything wrong)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"not a {FORMAT} record")
    campers = data.get("campers")
    if type(campers) is not int or campers not in cards.CAMPER_COUNTS:
        raise RecordError(f"campers must be 3, 4 or 6, not {campers!r}")
    seed = data.get("seed")
    if isinstance(seed, LongNumber):
        raise RecordError(f"seed has {seed.digits} digits: too long for an integer here")
    if type(seed) is not int:
        raise RecordError("seed must be an integer")
    start = data.get("start")
    if start is not None:
        if type(start) is not int or not 0 <= start < campers or (campers == 3 and start != 0):
            raise RecordError(f"start camper {start!r} is not allowed with {campers} campers")
    raw_decks = data.get("decks")
    decks = None
    if raw_decks is not None:
        if not isinstance(raw_decks, list):
            raise RecordError("decks must be a list of decks")
        decks = []
        for n, raw in enumerate(raw_decks):
            try:
                if not isinstance(raw, list):
                    raise ValueError
                deck = [cards.from_json(v) for v in raw]
            except ValueError:
                raise RecordError(f"deck {n + 1} holds something that is not a card") from None
            if not cards.same_multiset(deck, campers):
                size = len(cards.deck_for(campers))
                raise RecordError(f"deck {n + 1} is not the {size}-card deck of a {campers}-camper game")
            decks.append(deck)
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise RecordError("actions must be a list")
    known = {"format", "campers", "seed", "start", "decks", "actions"}
    extra = {k: v for k, v in data.items() if k not in known}
    return Record(campers, seed, start, decks, actions, extra)


class ReplayError(Exception):
    """Decision `index` of a record is illegal; `game` is the state just before it."""

    def __init__(self, index: int, reason: str, game: Game) -> None:
        super().__init__(f"action {index}: {reason}")
        self.index, self.reason, self.game = index, reason, game


def replay(record: Record, stop: int | None = None) -> Game:
    """Apply the record's decisions (the first `stop` of them), dealing each new round."""
    game = record.new_game()
    for index, raw in enumerate(record.actions[:stop]):
        try:
            decision = from_json(raw, game.holding())
            game.play(decision)
        except (MalformedDecision, IllegalDecision) as e:
            raise ReplayError(index, str(e), game) from None
    if game.phase == ROUND_OVER:
        game.next_round()
    return game


def to_record(game: Game, **extra: object) -> dict:
    """The record of `game` so far (extra keys such as player names are kept as given)."""
    out: dict = {
        "format": FORMAT,
        "campers": game.campers,
        "seed": game.seed,
        "start": game.first_start,
        "decks": [[cards.to_json(v) for v in d] for d in game.decks] or None,
        "actions": [to_json(d, holding) for d, holding in game.actions],
    }
    out.update(extra)
    return out


def _card_json(card: tuple) -> dict:
    value, up, known = card
    marks = [] if up else [s for s in range(known.bit_length()) if known >> s & 1]
    return {"card": cards.to_json(value), "up": up, "known": marks}


def _state_parts(game: Game, seat: int | None) -> tuple[dict, tuple, dict]:
    """The state object in three parts: the keys before `campsites`, the campsites as the
    view's card tuples, the keys after (one place for what the state shows)."""
    v = game.view(seat)
    head = {
        "round": v.round,
        "rounds": v.rounds,
        "turn": None if game.phase == OVER else v.turn,
        "phase": v.phase,
    }
    tail = {
        # Only phase "drawn" has a card in hand: a 12 whose exchange is being decided
        # already lies on the discard pile (the core still names it as `drawn`).
        "drawn": cards.to_json(v.drawn) if v.phase == DRAWN else None,
        "discard": [cards.to_json(c) for c in reversed(v.discard)],
        "deck": v.deck_size,
        "scram": v.scram,
        "scores": [list(s) for s in v.scores],
        "totals": list(v.totals),
        "winner": v.winner,
    }
    return head, v.campsites, tail


def state_dict(game: Game, seat: int | None = None) -> dict:
    """The replay command's state object, for everyone (`seat` None) or as one seat."""
    head, campsites, tail = _state_parts(game, seat)
    return {**head, "campsites": [[_card_json(c) for c in row] for row in campsites], **tail}


_CARD_TEXT: dict[tuple, str] = {}  # a campsite card's compact JSON, by (value, up, known)


def _card_text(card: tuple) -> str:
    text = _CARD_TEXT.get(card)
    if text is None:
        text = _CARD_TEXT[card] = json.dumps(_card_json(card), separators=(",", ":"))
    return text


class StateTexts:
    """`state_text(game, seat)` of one position for any number of seats, made fast for the
    table server: what every seat shares (the public keys, each face-up card) is encoded
    once, and each seat adds only what it may see (face-down cards it knows, the held card).
    The same text as `json.dumps(state_dict(game, seat), separators=(",", ":"))`."""

    def __init__(self, game: Game) -> None:
        compact = (",", ":")
        head = {"round": game.round, "rounds": game.rounds, "turn": None if game.phase == OVER else game.turn}
        head["phase"] = game.phase
        self.head = json.dumps(head, separators=compact)[:-1] + ',"campsites":['
        tail = {
            "discard": [cards.to_json(c) for c in reversed(game.discard)],
            "deck": len(game.deck),
            "scram": game.scram,
            "scores": [list(s) for s in game.scores],
            "totals": list(game.totals),
            "winner": game.winner,
        }
        self.tail = "," + json.dumps(tail, separators=compact)[1:]
        # Only phase "drawn" has a card in hand: a 12 whose exchange is being decided
        # already lies on the discard pile (the core still names it as `drawn`).
        held = game.phase == DRAWN and game.drawn is not None
        self.held = json.dumps(cards.to_json(game.drawn)) if held else "null"
        self.game = game
        # Each campsite as a seat that knows none of its face-down cards sees it, and which
        # seats know one of them (they alone need a text of their own).
        self.rows = game.campsites
        self.public = [_row_text(row, 0) for row in self.rows]
        self.knowing = [_known_down(row) for row in self.rows]

    def of(self, seat: int | None) -> str:
        game = self.game
        if seat is None:  # the whole truth
            rows = ["[" + ",".join([_card_text(c) for c in row]) + "]" for row in self.rows]
            held = self.held
        else:
            bit = seat_bit(seat)
            rows = [
                _row_text(row, bit) if knowing & bit else public
                for row, public, knowing in zip(self.rows, self.public, self.knowing, strict=True)
            ]
            sees = seat == game.turn or game.drawn_source == "discard" or game.drawn_mask & bit
            held = self.held if sees else "null"
        return f'{self.head}{",".join(rows)}],"drawn":{held}{self.tail}'


def _row_text(row: tuple, bit: int) -> str:
    """A campsite's JSON as the seats of `bit` see it (face-down cards they do not know hidden)."""
    return "[" + ",".join([_card_text(as_seen(c, bit)) for c in row]) + "]"


def _known_down(row: tuple) -> int:
    """The seats that know a face-down card of `row`."""
    seats = 0
    for _, up, known in row:
        if not up:
            seats |= known
    return seats


def state_text(game: Game, seat: int | None = None) -> str:
    """`state_dict` as compact JSON (`json.dumps(..., separators=(",", ":"))`), the same
    text, made fast (`StateTexts`)."""
    return StateTexts(game).of(seat)


def state_json(game: Game, seat: int | None = None) -> str:
    """`state_dict` laid out exactly as the example files: one key a line, one campsite a line."""
    lines = []
    for key, value in state_dict(game, seat).items():
        if key == "campsites":
            rows = ",\n".join("  " + json.dumps(row) for row in value)
            text = "[\n" + rows + "\n ]"
        else:
            text = json.dumps(value)
        lines.append(f" {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"
