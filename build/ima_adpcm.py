"""IMA ADPCM WAV files (format 0x11, mono), the game's sound effects at a quarter of 16-bit
PCM's size: 4 bits a sample, which SDL's WAV loader (and so pygame.mixer.Sound) decodes.

`encode` writes a whole file; `decode` reads one back (its 16-bit samples), so the build
can say how far the encoding strays from what was synthesized (`snr`). Standard library
only; the same samples always give the same bytes.
"""

from __future__ import annotations

import math
import struct

BLOCK_ALIGN = 512  # bytes a block: a 4-byte header, then 2 samples a byte
SAMPLES_PER_BLOCK = (BLOCK_ALIGN - 4) * 2 + 1  # the header holds the first sample whole
FORMAT_IMA_ADPCM = 0x11

INDEX_TABLE = (-1, -1, -1, -1, 2, 4, 6, 8)
STEP_TABLE = (
    7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60,
    66, 73, 80, 88, 97, 107, 118, 130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371,
    408, 449, 494, 544, 598, 658, 724, 796, 876, 963, 1060, 1166, 1282, 1411, 1552, 1707, 1878,
    2066, 2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484, 7132, 7845,
    8630, 9493, 10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086,
    29794, 32767,
)  # fmt: skip


def _step(pred: int, index: int, code: int) -> tuple[int, int]:
    """The decoder's state after one 4-bit code: (predicted sample, step index)."""
    step = STEP_TABLE[index]
    diff = step >> 3
    if code & 4:
        diff += step
    if code & 2:
        diff += step >> 1
    if code & 1:
        diff += step >> 2
    pred = pred - diff if code & 8 else pred + diff
    pred = max(-32768, min(32767, pred))
    index = max(0, min(88, index + INDEX_TABLE[code & 7]))
    return pred, index


def _best_index(a: int, b: int) -> int:
    """A starting step index that suits the jump from sample `a` to sample `b`."""
    jump = abs(b - a)
    return next((i for i, s in enumerate(STEP_TABLE) if s >= jump), 88)


def _encode_block(samples: list[int]) -> bytes:
    first = samples[0]
    pred = first
    index = _best_index(first, samples[1]) if len(samples) > 1 else 0
    out = bytearray(struct.pack("<hBB", first, index, 0))
    codes = []
    for x in samples[1:]:
        step = STEP_TABLE[index]
        delta = x - pred
        code = 8 if delta < 0 else 0
        delta = abs(delta)
        if delta >= step:
            code |= 4
            delta -= step
        if delta >= step >> 1:
            code |= 2
            delta -= step >> 1
        if delta >= step >> 2:
            code |= 1
        pred, index = _step(pred, index, code)  # track what the decoder will have
        codes.append(code)
    for i in range(0, len(codes), 2):
        out.append(codes[i] | (codes[i + 1] << 4))  # the earlier sample in the low nibble
    return bytes(out)


def encode(samples: list[int], rate: int) -> bytes:
    """A whole mono IMA ADPCM WAV file of 16-bit `samples`, padded with silence to whole
    blocks (the effects end at zero, so the padding is inaudible)."""
    n = len(samples)
    blocks = max(1, math.ceil(n / SAMPLES_PER_BLOCK))
    padded = list(samples) + [0] * (blocks * SAMPLES_PER_BLOCK - n)
    data = b"".join(
        _encode_block(padded[b * SAMPLES_PER_BLOCK : (b + 1) * SAMPLES_PER_BLOCK]) for b in range(blocks)
    )
    byte_rate = rate * BLOCK_ALIGN // SAMPLES_PER_BLOCK
    fmt = struct.pack("<HHIIHHHH", FORMAT_IMA_ADPCM, 1, rate, byte_rate, BLOCK_ALIGN, 4, 2, SAMPLES_PER_BLOCK)
    chunks = (
        b"WAVE"
        + b"fmt " + struct.pack("<I", len(fmt)) + fmt
        + b"fact" + struct.pack("<II", 4, len(padded))
        + b"data" + struct.pack("<I", len(data)) + data
    )  # fmt: skip
    return b"RIFF" + struct.pack("<I", len(chunks)) + chunks


def decode(wav: bytes) -> tuple[int, list[int]]:
    """(sample rate, 16-bit samples) of a file `encode` wrote; ValueError if it is not one."""
    if wav[:4] != b"RIFF" or wav[8:12] != b"WAVE":
        raise ValueError("not a RIFF WAVE file")
    pos, fmt, data = 12, None, None
    while pos + 8 <= len(wav):
        kind, size = wav[pos : pos + 4], struct.unpack_from("<I", wav, pos + 4)[0]
        body = wav[pos + 8 : pos + 8 + size]
        if kind == b"fmt " and len(body) >= 20:  # (a PCM file's is 16 bytes)
            fmt = struct.unpack_from("<HHIIHHHH", body)
        elif kind == b"data":
            data = body
        pos += 8 + size + (size & 1)
    if fmt is None or data is None or fmt[0] != FORMAT_IMA_ADPCM or fmt[1] != 1:
        raise ValueError("not a mono IMA ADPCM WAV file")
    rate, align = fmt[2], fmt[4]
    out: list[int] = []
    for b in range(0, len(data), align):
        block = data[b : b + align]
        pred, index, _ = struct.unpack_from("<hBB", block)
        out.append(pred)
        for byte in block[4:]:
            for code in (byte & 15, byte >> 4):
                pred, index = _step(pred, index, code)
                out.append(pred)
    return rate, out


def snr(original: list[int], decoded: list[int]) -> float:
    """Signal to noise of `decoded` against `original`, in dB (the padding is ignored)."""
    signal = sum(x * x for x in original)
    noise = sum((x - y) ** 2 for x, y in zip(original, decoded, strict=False))
    return math.inf if noise == 0 else 10 * math.log10(signal / noise)
