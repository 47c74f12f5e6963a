"""The table said aloud: the glue between the table scene and the app's speech.

The words are the seat's (game/seat/spoken.py, queries.py, narration.py); this part says them
at the table's moments: every line the log tells (as the animations reach it), what the
table says and warns, the prompt whenever it changes (with its choices and their keys), the
item the keyboard's focus ring moves onto, the click the table waits for, and the answers of
the query keys (game.seat.spoken.QUERY_KEYS), at once and over what is being said.
It reads the session's view for the seat only (`session.view()`): a player's seat view, a
spectator's public table.
"""

from __future__ import annotations

import pygame

from game.seat.spoken import QUERY_KEYS, SpokenTable, prompt_words

KEYS = {getattr(pygame, f"K_{letter.lower()}"): letter for letter, _what in QUERY_KEYS}
MODIFIERS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META


class TableSpeech:
    def __init__(self, scene) -> None:
        self.scene = scene
        self.words = SpokenTable(scene.players, scene.human, tuple(scene.teams))
        self.told: list[str] = []  # every line the log told, in order (B says the last)
        self.prompt = ""  # the prompt last said
        self.item: object = None  # the focus ring's item last said
        self.waiting = ""  # the waiting click's words last said

    def say(self, line: str, interrupt: bool = False) -> None:
        self.scene.app.say(line, interrupt)

    def tell(self, line: str, new: bool = True) -> None:
        """A line of the log (or a line the table says): said in turn, after what waits. A line
        that grows (an action card's effects, clause by clause) says only what it adds."""
        last = self.told[-1] if self.told else ""
        if line == last:
            return
        head = last.rstrip(".")
        if not new and last and line.startswith(head):
            self.told[-1] = line
            self.say(line[len(head) :].lstrip(":, ").strip())
            return
        self.told.append(line)
        self.say(line)

    def spoken_words(self) -> list[str]:
        """What the table says as it comes up: nothing more than its log's own lines."""
        return []

    # ---- once a frame --------------------------------------------------------------------------
    def update(self) -> None:
        s = self.scene
        if not s.app.speech.on:  # silent: nothing to work out (turned on, the prompt is said anew)
            self.prompt, self.item = "", None
            return
        waiting = s.anim.waiting_text if s.timeline.waiting_click else ""
        if waiting and waiting != self.waiting:
            self.say(waiting)
        self.waiting = waiting
        if not s.my_turn():
            self.item = None
            return
        words = self.prompt_now()
        new = words != self.prompt
        if new:
            self.prompt = words
            self.say(words)
        if s.focus.keyboard:
            item = s.targets.current()
            if item is not None and item != self.item:  # over what is said, but never the new prompt
                self.say(self.words.item(s.session.view(), item), interrupt=not new)
            self.item = item

    def prompt_now(self) -> str:
        """The prompt with its legal choices (the buttons that can be pressed) and their keys."""
        t = self.scene.turn
        buttons = [b for b in t.buttons if b.visible and b.enabled]
        if t.scram.visible and t.scram.enabled:
            buttons.append(t.scram)
        labels = [b.label for b in buttons]
        if t.scram in buttons:
            labels[-1] = t.scram.label + " (S)"
        return prompt_words(t.prompt, labels, bool(self.scene.targets.items()))

    # ---- the query keys ------------------------------------------------------------------------
    def key(self, e: pygame.event.Event) -> bool:
        """A query key: its answer at once, over what is being said (True if `e` was one)."""
        if e.type != pygame.KEYDOWN or e.key not in KEYS or e.mod & MODIFIERS:
            return False
        letter = KEYS[e.key]
        s = self.scene
        lines = self.answer(letter)
        if letter == "I" and s.my_turn():
            lines.append(self.prompt_now())
        for k, line in enumerate(lines):
            self.say(line, interrupt=k == 0)
        return True

    def answer(self, letter: str) -> list[str]:
        s = self.scene
        hints = s.turn.hints if s.turn is not None else None
        sentence = hints.sentence if hints is not None else None
        available = hints is not None and hints.fn is not None
        return self.words.answer(letter, s.session.view(), self.told, sentence, available)
