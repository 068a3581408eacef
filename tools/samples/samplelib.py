"""Helpers shared by the sample-tour scripts in tools/samples/.

Geometry (haversine with R = 6371008.8 m, the `routePolyline` format, distances from a point to a
polyline, walking along a polyline) and the exact playing length of the recordings the sample tours
ship (gapless MP3 length from the LAME/Xing "Info" tag, WAV length from the RIFF header).

Only the Python standard library is used here, so check_traces.py runs without numpy.
"""

from __future__ import annotations

import math
import struct
from pathlib import Path

EARTH_RADIUS_M = 6371008.8

ROOT = Path(__file__).resolve().parent.parent.parent
SAMPLES_DIR = Path(__file__).resolve().parent
TOURS_DIR = ROOT / "tours"
TRACES_DIR = ROOT / "fixtures" / "traces"


# --------------------------------------------------------------------------------------------
# Geometry


def haversine(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    """Great-circle distance in metres (R = 6371008.8 m)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp = p2 - p1
    dl = math.radians(lng2 - lng1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(min(1.0, math.sqrt(a)))


def parse_polyline(text: str) -> list[tuple[float, float]]:
    """`"lat,lng;lat,lng;..."` -> [(lat, lng), ...]."""
    out = []
    for pair in text.strip().rstrip(";").split(";"):
        lat, lng = pair.split(",")
        out.append((float(lat), float(lng)))
    return out


def format_polyline(points) -> str:
    return ";".join(f"{lat:.6f},{lng:.6f}" for lat, lng in points)


def polyline_length(points) -> float:
    return sum(haversine(*a, *b) for a, b in zip(points, points[1:]))


def _local_xy(lat0: float, lng0: float, lat: float, lng: float) -> tuple[float, float]:
    """Equirectangular projection around (lat0, lng0), metres (east, north); fine below ~5 km."""
    x = math.radians(lng - lng0) * EARTH_RADIUS_M * math.cos(math.radians(lat0))
    y = math.radians(lat - lat0) * EARTH_RADIUS_M
    return x, y


def distance_to_polyline(lat: float, lng: float, points) -> tuple[float, float]:
    """(distance in metres from (lat, lng) to the polyline, arc length of the nearest point)."""
    best = (math.inf, 0.0)
    s = 0.0
    for a, b in zip(points, points[1:]):
        ax, ay = _local_xy(lat, lng, *a)
        bx, by = _local_xy(lat, lng, *b)
        dx, dy = bx - ax, by - ay
        seg2 = dx * dx + dy * dy
        t = 0.0 if seg2 == 0 else max(0.0, min(1.0, -(ax * dx + ay * dy) / seg2))
        px, py = ax + t * dx, ay + t * dy
        d = math.hypot(px, py)
        seg = haversine(*a, *b)
        if d < best[0]:
            best = (d, s + t * seg)
        s += seg
    return best


class PolylineWalker:
    """Position at a given arc length (metres) along a polyline of (lat, lng) vertices."""

    def __init__(self, points):
        self.points = list(points)
        self.cum = [0.0]
        for a, b in zip(self.points, self.points[1:]):
            self.cum.append(self.cum[-1] + haversine(*a, *b))
        self.length = self.cum[-1]

    def at(self, s: float) -> tuple[float, float]:
        if s <= 0:
            return self.points[0]
        if s >= self.length:
            return self.points[-1]
        lo, hi = 0, len(self.cum) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.cum[mid] <= s:
                lo = mid
            else:
                hi = mid
        seg = self.cum[hi] - self.cum[lo]
        f = 0.0 if seg == 0 else (s - self.cum[lo]) / seg
        (la, ga), (lb, gb) = self.points[lo], self.points[hi]
        return la + f * (lb - la), ga + f * (gb - ga)


def offset_m(lat: float, lng: float, east: float, north: float) -> tuple[float, float]:
    """Move (lat, lng) by `east`/`north` metres (local flat approximation)."""
    dlat = math.degrees(north / EARTH_RADIUS_M)
    dlng = math.degrees(east / (EARTH_RADIUS_M * math.cos(math.radians(lat))))
    return lat + dlat, lng + dlng


# --------------------------------------------------------------------------------------------
# Audio lengths

_MPEG_RATES = {
    3: (44100, 48000, 32000),  # MPEG-1
    2: (22050, 24000, 16000),  # MPEG-2
    0: (11025, 12000, 8000),  # MPEG-2.5
}


def mp3_gapless_samples(path) -> tuple[int, int]:
    """(samples per channel, sample rate) of a LAME-encoded MP3, from its Xing/Info + LAME tag.

    samples = frames x samples-per-frame - encoder delay - padding, which is exactly the length
    of the PCM that was encoded (what a gapless decoder such as `lame --decode` outputs).
    Raises ValueError when the file has no Info/Xing tag with a frame count and a LAME tag.
    """
    data = Path(path).read_bytes()
    pos = 0
    if data[:3] == b"ID3":
        size = (data[6] << 21) | (data[7] << 14) | (data[8] << 7) | data[9]
        pos = 10 + size + (10 if data[5] & 0x10 else 0)
    while pos + 4 <= len(data) and not (data[pos] == 0xFF and data[pos + 1] & 0xE0 == 0xE0):
        pos += 1
    if pos + 4 > len(data):
        raise ValueError(f"{path}: no MPEG frame found")
    h = data[pos : pos + 4]
    version = (h[1] >> 3) & 3
    layer = (h[1] >> 1) & 3
    rate_idx = (h[2] >> 2) & 3
    mode = (h[3] >> 6) & 3
    if version == 1 or layer != 1 or rate_idx == 3:
        raise ValueError(f"{path}: not an MPEG Layer III frame")
    rate = _MPEG_RATES[version][rate_idx]
    spf = 1152 if version == 3 else 576
    if version == 3:
        side = 17 if mode == 3 else 32
    else:
        side = 9 if mode == 3 else 17
    x = pos + 4 + side
    tag = data[x : x + 4]
    if tag not in (b"Xing", b"Info"):
        raise ValueError(f"{path}: no Xing/Info tag")
    flags = struct.unpack(">I", data[x + 4 : x + 8])[0]
    q = x + 8
    if not flags & 1:
        raise ValueError(f"{path}: Info tag without frame count")
    frames = struct.unpack(">I", data[q : q + 4])[0]
    q += 4
    if flags & 2:
        q += 4
    if flags & 4:
        q += 100
    if flags & 8:
        q += 4
    lame = data[q : q + 36]
    if not lame[:4] in (b"LAME", b"Lavf", b"Lavc"):
        raise ValueError(f"{path}: no LAME tag after the Info tag")
    b0, b1, b2 = lame[21], lame[22], lame[23]
    delay = (b0 << 4) | (b1 >> 4)
    padding = ((b1 & 0x0F) << 8) | b2
    return frames * spf - delay - padding, rate


def wav_samples(path) -> tuple[int, int]:
    """(frames, sample rate) of a RIFF/WAVE file (PCM or not), from its fmt and data chunks."""
    data = Path(path).read_bytes()
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise ValueError(f"{path}: not a RIFF/WAVE file")
    pos = 12
    rate = block_align = None
    while pos + 8 <= len(data):
        cid = data[pos : pos + 4]
        size = struct.unpack("<I", data[pos + 4 : pos + 8])[0]
        body = data[pos + 8 : pos + 8 + size]
        if cid == b"fmt ":
            _fmt, _ch, rate, _bps, block_align = struct.unpack("<HHIIH", body[:14])
        elif cid == b"data":
            if rate is None:
                raise ValueError(f"{path}: data chunk before fmt chunk")
            return len(body) // block_align, rate
        pos += 8 + size + (size & 1)
    raise ValueError(f"{path}: no data chunk")


def audio_seconds(path) -> float:
    """Exact playing length in seconds of a sample-tour recording (.mp3 gapless, .wav, or AAC in MP4)."""
    p = Path(path)
    if p.suffix.lower() == ".wav":
        n, rate = wav_samples(p)
    elif p.read_bytes()[4:8] == b"ftyp":
        return mp4_edit_seconds(p)
    else:
        n, rate = mp3_gapless_samples(p)
    return n / rate


def mp4_edit_seconds(path) -> float:
    """Playing length of an MP4 file's first track: its edit list's segment duration over the movie timescale
    (ISO/IEC 14496-12 mvhd and elst boxes), which leaves out the encoder's priming and padding."""
    data = Path(path).read_bytes()

    def boxes(start, end):
        i = start
        while i + 8 <= end:
            size, kind = struct.unpack(">I4s", data[i:i + 8])
            header = 8
            if size == 1:
                size, header = struct.unpack(">Q", data[i + 8:i + 16])[0], 16
            elif size == 0:
                size = end - i
            if size < header:
                raise ValueError(f"{path}: bad MP4 box at byte {i}")
            yield kind, i + header, i + size
            i += size

    def child(kind, start, end):
        for k, s, e in boxes(start, end):
            if k == kind:
                return s, e
        raise ValueError(f"{path}: no {kind.decode()} box")

    moov = child(b"moov", 0, len(data))
    s, _ = child(b"mvhd", *moov)
    version = data[s]
    timescale = struct.unpack(">I", data[s + (20 if version == 1 else 12):][:4])[0]
    trak = child(b"trak", *moov)
    s, _ = child(b"elst", *child(b"edts", *trak))
    version, count = data[s], struct.unpack(">I", data[s + 4:s + 8])[0]
    total = 0
    for k in range(count):
        at = s + 8 + k * (20 if version == 1 else 12)
        duration, media_time = struct.unpack(">Qq" if version == 1 else ">Ii", data[at:at + (16 if version == 1 else 8)])
        if media_time != -1:
            total += duration
    return total / timescale
