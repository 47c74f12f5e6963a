"""Speech output: what the game says through the player's screen reader or the system's voice.

The room holds no words of the game (those come from the table's words and the screens) and
no pygame: a `Speaker` takes lines and hands them, one at a time and off the frame's thread,
to a `Voice`. The voice of a real game is the player's own screen reader or the system's
speech through prismatoid (prism_voice.py: NVDA, JAWS, SAPI and OneCore on Windows,
VoiceOver and AVSpeech on macOS, Orca and speech-dispatcher on Linux); a `Transcript`
(transcript.py) records what would have been said, for the tests of the wording.

    speaker = Speaker()          # nothing loaded yet: the first frame pays nothing
    speaker.start()              # after the first frame: prismatoid loads on a thread
    speaker.say("Your turn. Draw: D, or take the discard: T.")
    speaker.say("Bea has 3 cards.", interrupt=True)   # a query key: at once

`Speaker(load=...)` chooses the voice: by default prismatoid's best backend; the game's start
asks `prism_voice.load(screen_readers_only=True)` when speech is not chosen in the settings,
so only a running screen reader turns it on (and no speech server is started for nothing).
"""

from .speaker import MAX_CHARS, MAX_WAITING, Speaker
from .transcript import Transcript
from .voice import Voice

__all__ = ["MAX_CHARS", "MAX_WAITING", "Speaker", "Transcript", "Voice"]
