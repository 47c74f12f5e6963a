"""The player's statistics: per mode and bot level, counted from finished games' records.

`facts(record)` replays a kept record (game/files/kept_games.py) and reads what the player's seat
did; `Stats.add` counts it. Groups are keyed `"<mode>/<level>"`, where the mode is
`3-duo`, `3-solo`, `4` or `6` and the level is the bots' level (`mixed` when the bots at
the table play at different levels); the group `all/all` counts every game. The last
`RECENT` games' margins are kept for the chart. The file (`stats.json` in the user's data
folder) is written atomically; a damaged one is set aside and counting starts afresh. Every
number in it has a range (a count is at most `COUNT_LIMIT`, a margin at most `MARGIN_LIMIT`
either way) and every key a shape (a known mode, a level of at most `text.NAME_LIMIT`
characters): anything else is the wrong shape, so a statistic never overflows the screen.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.lang import _
from game.rules.cards import team_of
from game.rules.events import RoundScored
from game.rules.record import parse_record, replay

from .disk import BadContent, data_dir, read_user_json, whole, write_or_note
from .text import NAME_LIMIT, clean_name

FORMAT = "scram-stats/1"
RECENT = 30
MODES = ("3-duo", "3-solo", "4", "6")
ALL = "all/all"
COUNT_LIMIT = 10**12  # no player finishes a trillion games, nor scores a trillion points
MARGIN_LIMIT = 1_000_000  # a game's margin is a few hundred points at most


def stats_path() -> Path:
    return data_dir() / "stats.json"


@dataclass(frozen=True)
class GameFacts:
    """What one finished game says about the player's seat."""

    mode: str
    level: str
    won: bool
    rounds: int
    rounds_won: int
    scrams: int
    scrams_ok: int
    round_score_sum: int
    margin: int  # the other team's total minus the player's team's: above 0 is a win's size
    hints: int


def mode_of(campers: int, human: int) -> str:
    if campers == 3:
        return "3-solo" if human == 0 else "3-duo"
    return str(campers)


def level_of(levels: list, human: int) -> str:
    bots = {lv for s, lv in enumerate(levels) if s != human}
    if len(bots) == 1:
        (only,) = bots
        return only if isinstance(only, str) else "default"
    return "mixed" if bots else "default"


def facts(data: dict) -> GameFacts | None:
    """The facts of a finished game's record (None: nobody played it, or it is not over)."""
    human = data.get("human")
    record = parse_record(data)
    if type(human) is not int or not 0 <= human < record.campers:
        return None
    game = replay(record)
    if game.phase != "over":
        return None
    n = game.campers
    mine = team_of(human, n)
    other = 1 - mine
    levels = data.get("levels") if isinstance(data.get("levels"), list) else []
    rounds_won = sum(1 for s in game.scores if s[mine] < s[other])
    scrams = ok = 0
    for e in game.events:
        if type(e) is RoundScored and e.scram == human:
            scrams += 1
            ok += e.team_totals[mine] <= e.team_totals[other]
    hints = data.get("hints")
    hints = hints if type(hints) is int and 0 <= hints <= COUNT_LIMIT else 0
    return GameFacts(
        mode=mode_of(n, human),
        level=clean_name(level_of(levels, human), "default"),
        won=game.winner == mine,
        rounds=len(game.scores),
        rounds_won=rounds_won,
        scrams=scrams,
        scrams_ok=ok,
        round_score_sum=sum(s[mine] for s in game.scores),
        margin=game.totals[other] - game.totals[mine],
        hints=hints,
    )


@dataclass
class Group:
    """The counts of one mode and level."""

    games: int = 0
    wins: int = 0
    rounds: int = 0
    rounds_won: int = 0
    scrams: int = 0
    scrams_ok: int = 0
    round_score_sum: int = 0
    streak: int = 0  # wins in a row up to the last game
    best_streak: int = 0
    hints: int = 0

    @property
    def win_pct(self) -> float:
        return 100.0 * self.wins / self.games if self.games else 0.0

    @property
    def avg_round_score(self) -> float:
        return self.round_score_sum / self.rounds if self.rounds else 0.0

    def add(self, f: GameFacts) -> None:
        self.games += 1
        self.wins += f.won
        self.rounds += f.rounds
        self.rounds_won += f.rounds_won
        self.scrams += f.scrams
        self.scrams_ok += f.scrams_ok
        self.round_score_sum += f.round_score_sum
        self.streak = self.streak + 1 if f.won else 0
        self.best_streak = max(self.best_streak, self.streak)
        self.hints += f.hints


@dataclass
class Stats:
    groups: dict[str, Group] = field(default_factory=dict)
    recent: list[dict] = field(default_factory=list)  # {"mode", "level", "margin", "won"}

    def add(self, f: GameFacts) -> None:
        for key in (f"{f.mode}/{f.level}", ALL):
            self.groups.setdefault(key, Group()).add(f)
        self.recent.append({"mode": f.mode, "level": f.level, "margin": f.margin, "won": f.won})
        del self.recent[:-RECENT]

    def rows(self) -> list[tuple[str, str, Group]]:
        """(mode, level, group) in the order the statistics screen lists them."""
        keyed = []
        for key, g in self.groups.items():
            if key == ALL:
                continue
            mode, level = key.split("/", 1)
            order = MODES.index(mode) if mode in MODES else len(MODES)
            keyed.append((order, mode, level, g))
        keyed.sort(key=lambda r: (r[0], r[2]))
        return [(m, lv, g) for _, m, lv, g in keyed]

    @property
    def total(self) -> Group:
        return self.groups.get(ALL, Group())

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "groups": {k: asdict(g) for k, g in self.groups.items()},
            "recent": self.recent,
        }


_COUNTS = [f.name for f in fields(Group)]


def _mode_level(mode: object, level: object) -> tuple[str, str]:
    """A group's mode and level as read: a known mode (or `all`), a level that is a short
    clean name; BadContent otherwise."""
    if mode not in (*MODES, "all"):
        raise BadContent("a group's mode is not one the game plays")
    if not isinstance(level, str) or len(level) > NAME_LIMIT or clean_name(level) != level or not level:
        raise BadContent(f"a bot level is not a name of 1 to {NAME_LIMIT} characters")
    return mode, level


def _group(key: object, raw: object) -> Group:
    if not isinstance(key, str) or not isinstance(raw, dict) or key.count("/") != 1:
        raise BadContent("a group is not a mode/level with its counts")
    _mode_level(*key.split("/"))
    return Group(**{name: whole(raw.get(name, 0), 0, COUNT_LIMIT, "a count") for name in _COUNTS})


def from_json(data: object) -> Stats:
    """Read a statistics file's content (ValueError on anything that is not one)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    groups = data.get("groups")
    recent = data.get("recent")
    if not isinstance(groups, dict) or not isinstance(recent, list):
        raise ValueError("groups or recent games missing")
    out = Stats()
    for key, raw in groups.items():
        out.groups[key] = _group(key, raw)
    for r in recent[-RECENT:]:
        if not (isinstance(r, dict) and isinstance(r.get("won"), bool)):
            raise BadContent("a recent game is not readable")
        mode, level = _mode_level(r.get("mode"), r.get("level"))
        margin = whole(r.get("margin"), -MARGIN_LIMIT, MARGIN_LIMIT, "a margin")
        out.recent.append({"mode": mode, "level": level, "margin": margin, "won": r["won"]})
    return out


def load_stats(path: Path | None = None) -> tuple[Stats, str | None]:
    """The statistics (empty when there are none) and a note if the file was damaged."""
    data, note = read_user_json(path or stats_path(), _("the statistics"), from_json)
    return (data if data is not None else Stats()), note


def save_stats(stats: Stats, path: Path | None = None) -> str | None:
    return write_or_note(path or stats_path(), stats.to_json(), _("the statistics"))


def reset_stats(path: Path | None = None) -> str | None:
    return save_stats(Stats(), path)


def count_game(record: dict, path: Path | None = None) -> str | None:
    """Add a finished game to the statistics file; a one-line note if anything went wrong."""
    f = facts(record)
    if f is None:
        return None
    stats, note = load_stats(path)
    stats.add(f)
    return save_stats(stats, path) or note
