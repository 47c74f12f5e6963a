"""Synthesize the game's sound effects into assets/sounds/*.wav (mono, 22050 Hz).

    .venv/bin/python build/make_sounds.py

Standard library only, seeded: running it again writes the same files byte for byte. Each
effect is a few tones or filtered noise bursts under smooth envelopes (every sound starts
and ends at zero, so nothing clicks). An effect is stored as IMA ADPCM (`ima_adpcm`, a
quarter of the size) where that keeps it within `MIN_SNR` of what was synthesized (the
tones), else as 16-bit PCM (the noise bursts, which 4 bits a sample would roughen): the
executable has little room to spare (tests/test_build_exe.py).
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from pathlib import Path

import ima_adpcm

RATE = 22050
# Signal to noise, in dB, an effect must keep to be stored as ADPCM: the tones keep 32-45 dB,
# the noise bursts (draw, flip, shuffle, ...) 16-27 dB, which is audible as grit.
MIN_SNR = 30.0
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Buf = list[float]


def silence(seconds: float) -> Buf:
    return [0.0] * int(seconds * RATE)


def mix(into: Buf, sound: Buf, at: float = 0.0, gain: float = 1.0) -> Buf:
    start = int(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, s in enumerate(sound):
        into[start + i] += s * gain
    return into


def envelope(n: int, attack: float, decay: float, curve: float = 3.0) -> list[float]:
    """A quick rise then an exponential-ish fall over n samples (attack/decay in seconds)."""
    a = max(1, int(attack * RATE))
    out = []
    for i in range(n):
        if i < a:
            out.append(0.5 - 0.5 * math.cos(math.pi * i / a))  # raised-cosine attack
        else:
            t = (i - a) / max(1, n - a)
            out.append((1 - t) ** curve * math.exp(-(i - a) / RATE / max(decay, 1e-4) * 0.3))
    return out


def tone(
    freq: float, seconds: float, attack=0.005, decay=0.2, harmonics=(1.0, 0.25, 0.08), bend=0.0, vibrato=0.0
) -> Buf:
    """A soft bell/pluck: a few sine harmonics, optional pitch bend (octaves) and vibrato."""
    n = int(seconds * RATE)
    env = envelope(n, attack, decay)
    out, phase = [], 0.0
    for i in range(n):
        t = i / n
        f = freq * 2 ** (bend * t) * (1 + vibrato * math.sin(2 * math.pi * 6 * i / RATE))
        phase += 2 * math.pi * f / RATE
        s = sum(h * math.sin((k + 1) * phase) for k, h in enumerate(harmonics))
        out.append(s * env[i])
    return out


def noise(seconds: float, rng: random.Random, lo: float, hi: float, attack=0.01, decay=0.1, sweep=0.0) -> Buf:
    """Band-limited noise (one-pole high-pass then low-pass), cut-off sweeping by `sweep` octaves."""
    n = int(seconds * RATE)
    env = envelope(n, attack, decay, curve=2.0)
    out, lp, hp_prev_in, hp = [], 0.0, 0.0, 0.0
    for i in range(n):
        x = rng.uniform(-1, 1)
        fc_hi = hi * 2 ** (sweep * i / n)
        a_lo = math.exp(-2 * math.pi * lo / RATE)
        hp = a_lo * (hp + x - hp_prev_in)
        hp_prev_in = x
        a_hi = 1 - math.exp(-2 * math.pi * fc_hi / RATE)
        lp += a_hi * (hp - lp)
        out.append(lp * env[i])
    return out


def finish(buf: Buf, peak: float = 0.6, fade: float = 0.004) -> Buf:
    """Normalise to `peak` and fade both ends to zero."""
    top = max(1e-9, max(abs(s) for s in buf))
    k = int(fade * RATE)
    out = [s * peak / top for s in buf]
    for i in range(min(k, len(out))):
        w = i / k
        out[i] *= w
        out[-1 - i] *= w
    return out


def note(name: str) -> float:
    """Frequency of a note like 'C5' or 'Eb4'."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = steps[name[0]] + (1 if "#" in name else -1 if "b" in name[1:-1] else 0)
    return 440.0 * 2 ** ((semis + 12 * (int(name[-1]) - 4)) / 12)


# ---- the effects ------------------------------------------------------------------------
def click(rng):
    return finish(
        mix(tone(1400, 0.035, 0.001, 0.01, (1.0, 0.1)), noise(0.02, rng, 2000, 6000, 0.001, 0.005), 0, 0.3),
        0.45,
    )


def flick(rng, length=0.06, hi=5000):
    """A card edge snapping: a short bright noise burst."""
    return noise(length, rng, 900, hi, 0.002, 0.02)


def draw(rng):
    return finish(mix(noise(0.16, rng, 400, 1800, 0.03, 0.08, sweep=1.2), flick(rng, 0.04), 0.12, 0.5), 0.5)


def slide(rng):
    return finish(noise(0.22, rng, 250, 1400, 0.06, 0.12, sweep=0.6), 0.45)


def flip(rng):
    buf = mix(flick(rng, 0.05, 6000), flick(rng, 0.05, 4000), 0.07, 0.8)
    return finish(mix(buf, tone(880, 0.06, 0.002, 0.02, (1.0,)), 0.07, 0.15), 0.5)


def discard(rng):
    thump = tone(150, 0.14, 0.002, 0.04, (1.0, 0.3), bend=-0.4)
    return finish(
        mix(
            mix(noise(0.1, rng, 300, 2500, 0.05, 0.05, sweep=0.5), thump, 0.07, 0.9),
            flick(rng, 0.03, 3000),
            0.07,
            0.5,
        ),
        0.55,
    )


def shuffle(rng):
    buf = silence(0.05)
    t = 0.0
    for _ in range(14):  # a riffle: quick flicks, speeding up
        mix(buf, flick(rng, 0.035, rng.uniform(3500, 6000)), t, rng.uniform(0.6, 1.0))
        t += rng.uniform(0.03, 0.045)
    mix(buf, noise(0.18, rng, 200, 1500, 0.02, 0.08), t, 0.8)  # the halves squared up
    return finish(buf, 0.5)


def mismatch(rng):
    buf = mix(
        tone(note("G3"), 0.22, 0.01, 0.1, (1.0, 0.4, 0.2, 0.1)),
        tone(note("Eb3"), 0.34, 0.01, 0.15, (1.0, 0.4, 0.2, 0.1), bend=-0.08),
        0.17,
    )
    return finish(buf, 0.5)


def scram(rng):
    buf = silence(0.0)
    for k, n in enumerate(("C5", "E5", "G5", "C6")):
        mix(buf, tone(note(n), 0.25, 0.004, 0.1, (1.0, 0.35, 0.15), vibrato=0.004), 0.07 * k)
    mix(buf, tone(note("C6"), 0.5, 0.01, 0.25, (1.0, 0.3, 0.1), vibrato=0.01), 0.28, 0.8)
    mix(buf, noise(0.3, rng, 1500, 7000, 0.005, 0.1), 0.28, 0.15)  # a little sparkle
    return finish(buf, 0.6)


def arpeggio(notes, step, length, tail=0.0, harmonics=(1.0, 0.3, 0.12, 0.05)):
    buf = silence(0.0)
    for k, n in enumerate(notes):
        mix(buf, tone(note(n), length, 0.006, length * 0.5, harmonics), step * k, 0.8)
    if tail:
        for n in notes[-3:]:
            mix(buf, tone(note(n), tail, 0.02, tail * 0.5, harmonics), step * len(notes), 0.45)
    return buf


def round_won(rng):
    return finish(arpeggio(("C5", "E5", "G5"), 0.1, 0.45), 0.55)


def round_lost(rng):
    return finish(arpeggio(("G4", "Eb4", "C4"), 0.14, 0.5, harmonics=(1.0, 0.2, 0.05)), 0.5)


def game_won(rng):
    buf = arpeggio(("C5", "E5", "G5", "C6"), 0.11, 0.4, tail=0.9)
    return finish(mix(buf, noise(0.5, rng, 2500, 8000, 0.01, 0.2), 0.44, 0.08), 0.6)


def game_lost(rng):
    buf = silence(0.0)
    for k, (n, bend) in enumerate((("E4", 0.0), ("Eb4", 0.0), ("D4", 0.0), ("Db4", -0.12))):
        length = 0.7 if k == 3 else 0.3
        mix(
            buf,
            tone(
                note(n),
                length,
                0.02,
                length * 0.6,
                (1.0, 0.3, 0.1),
                bend=bend,
                vibrato=0.006 if k == 3 else 0,
            ),
            0.28 * k,
        )
    return finish(buf, 0.5)


def your_turn(rng):
    """A soft two-note chime, rising: the player's turn has come (gentle, not an alarm)."""
    bell = (1.0, 0.0, 0.18, 0.0, 0.06)  # odd partials: a small glass bell
    buf = mix(tone(note("G5"), 0.35, 0.004, 0.18, bell), tone(note("D6"), 0.55, 0.004, 0.3, bell), 0.12, 0.9)
    return finish(buf, 0.42)


EFFECTS = {
    "draw": draw,
    "flip": flip,
    "slide": slide,
    "discard": discard,
    "shuffle": shuffle,
    "mismatch": mismatch,
    "scram": scram,
    "round_won": round_won,
    "round_lost": round_lost,
    "game_won": game_won,
    "game_lost": game_lost,
    "click": click,
    "your_turn": your_turn,
}


def pcm16(buf: Buf) -> list[int]:
    return [max(-32767, min(32767, round(s * 32767))) for s in buf]


def pcm_wav(path: Path, samples: list[int]) -> None:
    data = array("h", samples)
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


def synthesized(name: str) -> list[int]:
    """Effect `name`'s 16-bit samples, as synthesized (one seed per effect: editing one
    leaves the rest)."""
    return pcm16(EFFECTS[name](random.Random(f"scram-{name}")))


def write_effect(path: Path, samples: list[int]) -> str:
    """The effect as ADPCM if it keeps `MIN_SNR`, else as PCM; says which, and how close."""
    adpcm = ima_adpcm.encode(samples, RATE)
    db = ima_adpcm.snr(samples, ima_adpcm.decode(adpcm)[1])
    if db >= MIN_SNR:
        path.write_bytes(adpcm)
        return f"IMA ADPCM, {db:4.1f} dB"
    pcm_wav(path, samples)
    return f"16-bit PCM (ADPCM would keep {db:4.1f} dB)"


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    for name in EFFECTS:
        path = OUT / f"{name}.wav"
        how = write_effect(path, synthesized(name))
        total += path.stat().st_size
        print(f"{path.name:15} {path.stat().st_size / 1024:6.1f} KiB  {how}")
    print(f"total {total / 1024:.1f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
