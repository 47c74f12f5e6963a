"""A table's match (`Match`, held by `table.Table` as `table.match`): its game and what
goes with it: dealing, checking and applying decisions, telling each seat, bots and
stand-ins, the end of a game and the `over` kept for who missed it.

Every accepted decision is stored (awaited) before anyone is told of it. The seat that
decides comes from the connection (`Seats.of`, checked once by the table), never from the
message. Bots and stand-ins think in the server's worker processes; their answers come back
through the table's inbox with the `ver` they were asked at, so an answer to a position
that has moved on is dropped.
"""

from __future__ import annotations

import asyncio
import weakref

from game.files.settings import PACES
from game.rules import Decision, Game, MalformedDecision, decision_from_json, decision_to_json

from . import protocol, views
from .bots import BotSeat, think
from .inbox import BotDecided, GraceOver
from .seats import BOT, HUMAN

# A timer firing a hair before its time (the loop's clock resolution) still counts as due.
EARLY = 0.005


class Match:
    """The game of one table (None between games) and its bots; only the table's task calls it."""

    def __init__(self, table) -> None:
        self._table = weakref.ref(table)  # (no cycle: a closed table is freed at once)
        self.game: Game | None = None
        self.game_no = 0
        self.last_over: dict | None = None  # the `over` of the last game, for who missed it
        self.bots: dict[int, BotSeat] = {}
        self.stood_in: list[tuple[int, int, int]] = []  # stand-ins' decisions: (seat, from, to) events

    @property
    def table(self):
        """The table itself (not a proxy: a connection knows its table by identity)."""
        return self._table()

    @property
    def ver(self) -> int:
        return len(self.game.actions) if self.game is not None else 0

    # ---- start -------------------------------------------------------------------------
    async def start(self, conn, n: int, msg: protocol.Start) -> None:
        table = self.table
        seats = table.seats
        if n != seats.host:
            return table.refuse(conn, "not-host", "only the host starts the game", msg.id)
        if self.game is not None:
            return table.refuse(conn, "started", "the game has already started", msg.id)
        seats.fill_with_bots()
        seed, decks = table.options.deal(table.campers)
        self.game_no += 1
        await table.storage.start_game(table.code, self.game_no, seed, decks)
        self.game = Game(table.campers, seed, decks=decks)
        self.bots, self.stood_in = {}, []
        await table.save_lobby()
        table.announce()
        for s in seats.humans():
            if seats[s].conn is not None:
                seats[s].conn.send(views.state_message(self.game, s))
        table.review.close()
        table.audience.started()
        self.next_turn()

    def restore(self, seed: int, decks: list | None, decisions: list[dict]) -> None:
        """The game as stored: replayed decision by decision (after a restart)."""
        game = Game(self.table.campers, seed, decks=decks)
        for raw in decisions:
            game.play(decision_from_json(raw, game.holding()))
        self.game, self.bots, self.stood_in = game, {}, []  # (who stood in is not stored)

    # ---- a human's decision ------------------------------------------------------------
    async def act(self, conn, n: int, msg: protocol.Act) -> None:
        refuse = self.table.refuse
        game = self.game
        if game is None:
            over = "the game is over: the host may start another" if self.game_no else ""
            return refuse(conn, "not-your-turn", over or "the game has not started", msg.id)
        if msg.ver != self.ver:
            return refuse(conn, "stale", f"the game is at ver {self.ver}, not {msg.ver}", msg.id)
        if game.turn != n:
            return refuse(conn, "not-your-turn", f"it is seat {game.turn}'s turn", msg.id)
        try:
            decision = decision_from_json(msg.decision, game.holding())
        except MalformedDecision as e:
            return refuse(conn, "illegal", str(e), msg.id)
        reason = game.why_illegal(decision)
        if reason is not None:
            return refuse(conn, "illegal", reason, msg.id)
        await self.accept(n, decision, msg.decision)

    async def accept(self, by: int, decision: Decision, shown: dict, stand_in: bool = False) -> None:
        """Store the (legal) decision, apply it, tell every seat, then whoever is next.
        `stand_in`: a stand-in took it for its absent camper (their `state` says so)."""
        table, game = self.table, self.game
        await table.storage.add_decision(
            table.code, self.game_no, self.ver, decision_to_json(decision, game.holding())
        )
        mark = len(game.events)
        game.play(decision)
        if stand_in:
            self.stood_in.append((by, mark, len(game.events)))
        moves = views.Moves(game, by, shown, game.events[mark:])
        for s, seat in enumerate(table.seats.seats):
            if seat.conn is not None:
                seat.conn.send(moves.to(s))
        table.audience.moved(moves)
        if game.over:
            await self.finish()
        else:
            self.next_turn()

    # ---- whoever is next ---------------------------------------------------------------
    def next_turn(self) -> None:
        """Ask the bot whose turn it is, or a stand-in for an absent camper after the grace."""
        table = self.table
        n = self.game.turn
        seat = table.seats[n]
        if seat.conn is not None:
            seat.conn.asked()  # its answer is not counted against the rate (wire.FrameBudget)
        elif seat.kind == BOT:
            self.ask(n)
        elif seat.kind == HUMAN and seat.conn is None:
            due = seat.away_since + table.options.grace
            now = table.loop.time()
            if now + EARLY >= due:
                if table.seats.stand_in_for(n):
                    table.announce()
                self.ask(n)
            else:
                table.later(due - now, GraceOver(self.ver, n))

    def ask(self, n: int) -> None:
        table = self.table
        bot = self.bots.get(n)
        if bot is None:
            level = table.seats[n].level
            bot = self.bots[n] = BotSeat(level, n, table.campers, self.game.seed * 31 + n)
        game = self.game
        task = asyncio.create_task(self._think(self.ver, n, bot, game.events, len(game.events), game.view(n)))
        table.tasks.add(task)
        task.add_done_callback(table.tasks.discard)

    async def _think(self, ver: int, n: int, bot: BotSeat, events: list, upto: int, view) -> None:
        table = self.table
        loop, pace = table.loop, table.pace
        asked = loop.time()
        decision = await think(table.options.bot_queue, table.client(), bot, events, upto, view)
        wait = PACES.get(pace, 0.0) - (loop.time() - asked)
        if wait > 0:
            await asyncio.sleep(wait)  # the pace: people follow a bot's turn
        table.post(BotDecided(ver, n, decision))

    async def bot_decided(self, item: BotDecided) -> None:
        game, n = self.game, item.seat
        if game is None or item.ver != self.ver or game.turn != n:
            return  # the position moved on (a camper came back and played)
        seat = self.table.seats[n]
        if seat.kind == HUMAN and (seat.conn is not None or not seat.stand_in):
            return  # the camper is back: their decision, not the stand-in's
        shown = decision_to_json(item.decision, game.holding())
        await self.accept(n, item.decision, shown, seat.kind == HUMAN)

    def grace_over(self, item: GraceOver) -> None:
        game, n = self.game, item.seat
        if game is not None and item.ver == self.ver and game.turn == n and self.table.seats[n].conn is None:
            self.next_turn()

    def seat_back(self, n: int) -> None:
        """The camper of seat `n` is back (or gone for good): its stand-in goes; a new one
        would read the game afresh."""
        self.bots.pop(n, None)

    def tell_back(self, conn, n: int) -> None:
        """A camper back at seat `n`: the game as it stands, or the `over` they missed."""
        table = self.table
        if self.game is not None:
            conn.send(views.state_message(self.game, n, self.stood_in))
            if self.game.turn == n:
                conn.asked()
        elif self.last_over is not None and table.seats.told_over(n, self.game_no):
            conn.send(protocol.encode(self.last_over))  # the game ended while they were away

    # ---- the end -----------------------------------------------------------------------
    async def finish(self) -> None:
        """The game is over: keep its record, send it, and go back to the lobby."""
        table, game = self.table, self.game
        seats = table.seats
        record = views.game_record(game, seats.names(), seats.levels(), seats.humans())
        await table.storage.finish_game(table.code, self.game_no, record)
        self.game, self.bots, self.stood_in, self.last_over = None, {}, [], protocol.over(record)
        seats.game_over(self.game_no)
        table.audience.game_over()
        await table.save_lobby()
        table.send_all(self.last_over)
        table.announce()
