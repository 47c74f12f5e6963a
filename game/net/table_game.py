"""The game half of a table actor (`TableGame`, a mixin of `table.Table`): dealing, checking
and applying decisions, telling each seat, bots and stand-ins, the end of a game.

Every accepted decision is stored (awaited) before anyone is told of it. The seat that
decides comes from the connection (`Seats.of`), never from the message. Bots and stand-ins
think in the server's worker processes; their answers come back through the inbox with the
`ver` they were asked at, so an answer to a position that has moved on is dropped.
"""

from __future__ import annotations

import asyncio

from game.files.settings import PACES
from game.rules import Decision, Game, MalformedDecision, decision_from_json, decision_to_json

from . import protocol, views
from .bots import BotSeat, think
from .seats import BOT, HUMAN

# A timer firing a hair before its time (the loop's clock resolution) still counts as due.
EARLY = 0.005


class TableGame:
    """Mixin: needs the fields and helpers `table.Table` defines (seats, storage, send...)."""

    game: Game | None

    @property
    def ver(self) -> int:
        return len(self.game.actions) if self.game is not None else 0

    # ---- start -------------------------------------------------------------------------
    async def start_game(self, conn, msg: protocol.Start) -> None:
        n = self.seats.of(conn)
        if n is None:
            return self.refuse(conn, "not-seated", "you have no seat at this table", msg.id)
        if n != self.seats.host:
            return self.refuse(conn, "not-host", "only the host starts the game", msg.id)
        if self.game is not None:
            return self.refuse(conn, "started", "the game has already started", msg.id)
        self.seats.fill_with_bots()
        seed, decks = self.options.deal(self.campers)
        self.game_no += 1
        await self.storage.start_game(self.code, self.game_no, seed, decks)
        self.game = Game(self.campers, seed, decks=decks)
        self.bots, self.stood_in = {}, []
        await self.save_lobby()
        self.announce()
        for s in self.seats.humans():
            if self.seats[s].conn is not None:
                self.seats[s].conn.send(views.state_message(self.game, s))
        self.review.close()
        self.audience.started()
        self.next_turn()

    def restore_game(self, seed: int, decks: list | None, decisions: list[dict]) -> None:
        """The game as stored: replayed decision by decision (after a restart)."""
        game = Game(self.campers, seed, decks=decks)
        for raw in decisions:
            game.play(decision_from_json(raw, game.holding()))
        self.game, self.bots, self.stood_in = game, {}, []  # (who stood in is not stored)

    # ---- a human's decision ------------------------------------------------------------
    async def act(self, conn, msg: protocol.Act) -> None:
        n = self.seats.of(conn)
        if n is None:
            return self.refuse(conn, "not-seated", "you have no seat at this table", msg.id)
        game = self.game
        if game is None:
            over = "the game is over: the host may start another" if self.game_no else ""
            return self.refuse(conn, "not-your-turn", over or "the game has not started", msg.id)
        if msg.ver != self.ver:
            return self.refuse(conn, "stale", f"the game is at ver {self.ver}, not {msg.ver}", msg.id)
        if game.turn != n:
            return self.refuse(conn, "not-your-turn", f"it is seat {game.turn}'s turn", msg.id)
        try:
            decision = decision_from_json(msg.decision, game.holding())
        except MalformedDecision as e:
            return self.refuse(conn, "illegal", str(e), msg.id)
        reason = game.why_illegal(decision)
        if reason is not None:
            return self.refuse(conn, "illegal", reason, msg.id)
        await self.accept(n, decision, msg.decision)

    async def accept(self, by: int, decision: Decision, shown: dict, stand_in: bool = False) -> None:
        """Store the (legal) decision, apply it, tell every seat, then whoever is next.
        `stand_in`: a stand-in took it for its absent camper (their `state` says so)."""
        game = self.game
        await self.storage.add_decision(
            self.code, self.game_no, self.ver, decision_to_json(decision, game.holding())
        )
        mark = len(game.events)
        game.play(decision)
        if stand_in:
            self.stood_in.append((by, mark, len(game.events)))
        moves = views.Moves(game, by, shown, game.events[mark:])
        for s, seat in enumerate(self.seats.seats):
            if seat.conn is not None:
                seat.conn.send(moves.to(s))
        self.audience.moved(moves)
        if game.over:
            await self.finish()
        else:
            self.next_turn()

    # ---- whoever is next ---------------------------------------------------------------
    def next_turn(self) -> None:
        """Ask the bot whose turn it is, or a stand-in for an absent camper after the grace."""
        n = self.game.turn
        seat = self.seats[n]
        if seat.conn is not None:
            seat.conn.asked()  # its answer is not counted against the rate (wire.FrameBudget)
        elif seat.kind == BOT:
            self.ask(n)
        elif seat.kind == HUMAN and seat.conn is None:
            due = seat.away_since + self.options.grace
            now = self.loop.time()
            if now + EARLY >= due:
                if self.seats.stand_in_for(n):
                    self.announce()
                self.ask(n)
            else:
                self.later(due - now, ("grace", self.ver, n))

    def ask(self, n: int) -> None:
        bot = self.bots.get(n)
        if bot is None:
            bot = self.bots[n] = BotSeat(self.seats[n].level, n, self.campers, self.game.seed * 31 + n)
        game = self.game
        task = asyncio.create_task(self._think(self.ver, n, bot, game.events, len(game.events), game.view(n)))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _think(self, ver: int, n: int, bot: BotSeat, events: list, upto: int, view) -> None:
        asked = self.loop.time()
        decision = await think(self.options.bot_queue, self.client(), bot, events, upto, view)
        wait = PACES.get(self.pace, 0.0) - (self.loop.time() - asked)
        if wait > 0:
            await asyncio.sleep(wait)  # the pace: people follow a bot's turn
        self.post(("bot", ver, n, decision))

    def client(self) -> str:
        """Whose share of the bot workers this table's bots take: the address that created it
        (caps.py; a table without caps is a client of its own)."""
        caps = self.options.caps
        return (caps.owners.get(self.code) if caps is not None else None) or self.code

    async def bot_decided(self, ver: int, n: int, decision: Decision) -> None:
        game = self.game
        if game is None or ver != self.ver or game.turn != n:
            return  # the position moved on (a camper came back and played)
        seat = self.seats[n]
        if seat.kind == HUMAN and (seat.conn is not None or not seat.stand_in):
            return  # the camper is back: their decision, not the stand-in's
        await self.accept(n, decision, decision_to_json(decision, game.holding()), seat.kind == HUMAN)

    def grace_over(self, ver: int, n: int) -> None:
        game = self.game
        if game is not None and ver == self.ver and game.turn == n and self.seats[n].conn is None:
            self.next_turn()

    # ---- the end -----------------------------------------------------------------------
    async def finish(self) -> None:
        """The game is over: keep its record, send it, and go back to the lobby."""
        game = self.game
        record = views.game_record(game, self.seats.names(), self.seats.levels(), self.seats.humans())
        await self.storage.finish_game(self.code, self.game_no, record)
        self.game, self.bots, self.stood_in, self.last_over = None, {}, [], protocol.over(record)
        self.seats.game_over(self.game_no)
        self.audience.game_over()
        await self.save_lobby()
        self.send_all(self.last_over)
        self.announce()
