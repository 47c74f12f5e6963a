"""A whole game played by ear: a listener that reads only what the game says and answers with keys.

The real window loop runs headless (SDL's dummy driver) with speech on and a Transcript voice;
the listener never looks at the table, the scenes or the game: it reads the spoken lines, asks
the query keys (M: my campsite, P: the discard pile), chooses from the prompt's choices and
their keys, finds a card by moving the focus ring with Tab until the card it wants is said, and
presses Enter when the game says it waits. From the menu (N, then Enter: a 4-camper game
against bots) to game over.

    python -m screens.by_ear    # prints what is said and the keys pressed; the first round's
                                # transcript to bench/results/by_ear_transcript.txt
"""

from __future__ import annotations

import argparse
import os
import re
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

DT = 1 / 60
_echo: Callable[[str], None] | None = None  # where the keys pressed are echoed, if anywhere
UNKNOWN = 6.5  # what a face-down card the listener never saw is worth, on average
CHOICE = re.compile(r"\(([A-Z?]|Enter|Esc)\)")
HOLD = re.compile(r"^You hold an? (\S+?)\.")
CARD = re.compile(r"^(\d+)\w\w: (.*)$")
FOCUSED = re.compile(r"^Your (\d+)\w\w card: ")


def value_of(word: str) -> float:
    """A card's value as said ("7", "="): = counts as the lowest card."""
    return 0.0 if word == "=" else float(word)


def campsite_values(line: str) -> list[float]:
    """The listener's idea of its cards from the answer of M ("Your campsite, 4 cards: 1st: 7,
    face up; 2nd: face down, you saw 3; ..."): a value each, UNKNOWN where it never saw one."""
    cards = line.split(": ", 1)[1].rstrip(".").split("; ")
    out = []
    for c in cards:
        m = CARD.match(c)
        state = m.group(2) if m else c
        seen = re.search(r"(?:^|you saw )(\d+|=)\b", state)
        out.append(value_of(seen.group(1)) if seen else UNKNOWN)
    return out


@dataclass
class Listener:
    """What the listener has heard and means to do."""

    keys: Callable[[str], None]  # presses a key by its name ("m", "tab", "return", ...)
    heard: list[str] = field(default_factory=list)
    mine: list[float] = field(default_factory=list)
    pile: float | None = None
    target: int | None = None  # the card (0-based) to replace this turn
    asking = ""  # the query key whose answer is awaited ("m", "p")
    choices: list[str] = field(default_factory=list)

    def hear(self, line: str) -> None:
        self.heard.append(line)
        if line.startswith("Your campsite"):
            self.mine = campsite_values(line)
        elif line.startswith("The discard pile:"):
            self.pile = value_of(line.split(": ", 1)[1].split(" ", 1)[0])
        elif line.startswith("The discard pile is empty"):
            self.pile = None
        if "Choices:" in line:
            self.choices = CHOICE.findall(line)  # the prompt's own keys (D, T) and its buttons

    def worst(self) -> int:
        return max(range(len(self.mine)), key=lambda i: self.mine[i])

    def act(self, line: str) -> bool:
        """React to `line` (the latest said that asks something); True when a key was pressed."""
        if "(or Enter)" in line or line.endswith(("(Enter)", "(Enter).")) and "Choices" not in line:
            self.keys("return")
            return True
        if line.startswith("Your turn:"):  # first my cards, then the pile: one query at a time
            self.asking = "m"
            self.keys("m")
            return True
        if line.startswith("Your campsite") and self.asking == "m":
            self.asking = "p"
            self.keys("p")
            return True
        if line.startswith("The discard pile") and self.asking == "p":
            self.asking = ""
            return self.start()
        held = HOLD.match(line)
        if held:
            return self.holding(value_of(held.group(1)), "Taken from the discard pile" in line)
        if line.startswith("Keep it:"):
            self.keys("tab")
            return True
        focused = FOCUSED.match(line)
        if focused and self.target is not None:
            self.keys("space" if int(focused.group(1)) - 1 == self.target else "tab")
            return True
        if line.startswith("Chosen: your") and "Confirm (Enter)" in line:
            self.keys("return")
            self.target = None
            return True
        return False

    @staticmethod
    def asks(line: str) -> bool:
        """A line that asks the listener something (a prompt, or a wait for Enter)."""
        return line.startswith(("Your turn:", "Keep it:")) or bool(HOLD.match(line)) or "(or Enter)" in line

    def start(self) -> bool:
        """The turn's start, once my cards and the pile are known: take the pile's top or draw."""
        w = self.worst() if self.mine else None
        if w is not None and "T" in self.choices and self.pile is not None and self.pile + 3 <= self.mine[w]:
            self.target = w
            self.keys("t")
        else:
            self.keys("d")
        return True

    def holding(self, value: float, taken: bool) -> bool:
        if not self.mine:
            self.keys("x" if "X" in self.choices else "k")
            return True
        w = self.worst()
        if taken or value + 2 <= self.mine[w] or "X" not in self.choices:
            self.target = w
            self.keys("k")
        else:
            self.target = None
            self.keys("x")
        return True


def press(name: str) -> None:
    import pygame

    if _echo is not None:
        _echo(f"  [key {name}]")
    k = pygame.key.key_code(name)
    text = name if len(name) == 1 else ""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))


def play(max_frames: int = 200_000, size=(1280, 720), echo: Callable[[str], None] | None = None) -> list[str]:
    """The whole game by ear; every line said, in order (raises if the game does not end)."""
    import pygame

    from game.files.settings import Settings
    from game.speech import Speaker, Transcript
    from game.ui import routes

    pygame.init()
    settings = Settings(speed="instant", bot_pace="instant", muted=True, speech=True, speech_told=True)
    app = routes.make_app(size, settings, persist=False)
    voice = Transcript()
    speaker = Speaker(load=lambda: voice)
    app.speech.use(speaker)
    assert speaker.wait_ready(5)
    app.open("menu")
    listener = Listener(press)
    read, quiet, over = 0, 0, False
    pending: list[str] = []
    for _frame in range(max_frames):
        app.step(DT)
        if not app.running:
            break
        time.sleep(0.0005)  # the speaker's thread and the bots' worker get their turn
        new = voice.lines[read:]
        read += len(new)
        for line in new:
            listener.hear(line)
            if echo is not None:
                echo(line)
        pending += new
        quiet = 0 if new else quiet + 1
        if speaker.waiting or quiet < 3 or not pending:
            if quiet > 300:  # a long silence: ask whose turn it is (and the prompt again)
                press("i")
                quiet = 0
            continue
        if any("Play again (Enter)" in line for line in pending):
            over = True
            break
        head = pending[0]
        if head.startswith("On this screen:") and "New game (N" in head:
            press("n")  # the menu: a new game
        elif head.startswith("On this screen:") and "Discard it (Y)" in head:
            press("y")  # a saved game in the way of a new one: it goes
        elif head.startswith("On this screen:") and "Start (Enter)" in head:
            press("return")  # New game: the 4-camper table it offers first
        else:
            asking = [line for line in pending if listener.asks(line)]
            for line in asking[-1:] or list(reversed(pending)):
                if listener.act(line):
                    break
        pending = []
    if not over:
        raise AssertionError(f"the game did not end by ear; last heard: {listener.heard[-5:]}")
    return list(voice.lines)


def first_round(lines: list[str]) -> list[str]:
    """The transcript up to the start of the second round."""
    out = []
    for line in lines:
        if line.startswith("Round 2 dealt"):
            break
        out.append(line)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("bench/results/by_ear_transcript.txt"))
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["SCRAM_HOME"] = tempfile.mkdtemp(prefix="scram-by-ear-")  # never the player's own save
    global _echo
    heard: list[str] = []  # what was said, and the keys pressed, in order

    def echo(line: str) -> None:
        print(line)
        heard.append(line)

    _echo = echo
    lines = play(echo=echo)
    head = first_round(heard)
    args.out.write_text("\n".join(head) + "\n", encoding="utf-8")
    said = sum(1 for line in head if not line.startswith("  [key"))
    print(f"\n{len(lines)} lines said; the first round's {said} (and its keys) written to {args.out}")


if __name__ == "__main__":
    main()
