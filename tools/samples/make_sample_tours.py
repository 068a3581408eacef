#!/usr/bin/env python3
"""Generate walkscape's two sample tours from the text data next to this script.

    python3 tools/samples/make_sample_tours.py                # both tours
    python3 tools/samples/make_sample_tours.py torino         # only tools/samples/torino.json
    python3 tools/samples/make_sample_tours.py --report       # geometry report only, writes nothing
    python3 tools/samples/make_sample_tours.py --keep-audio   # subtitles and tour.json only

Inputs: tools/samples/torino.json and tools/samples/paris.json (tour texts, the narration of every
point sentence by sentence in each language, point locations and radii, route vertices).
Outputs, overwritten on every run:

    tours/<tour-id>/tour.json                    formatVersion 1, pretty-printed, 2-space indent
    tours/<tour-id>/audio/<lang>/p<N>.mp3        (or .wav for the tracks listed in "wavTracks", .m4a for "aacTracks")
    tours/<tour-id>/subtitles/<lang>/p<N>.<sub>.srt

Needs: python3 (standard library only), espeak-ng (with the it, fr and en voices), lame and ffmpeg for the aacTracks
(Debian: apt-get install espeak-ng lame ffmpeg). The generated media are committed, so users of the
sample tours need neither.

How a recording is made:
  1. every sentence is synthesized on its own: espeak-ng -v <lang> -s 150 -w sentence.wav <text>
     (22050 Hz, mono, 16-bit); its exact length in samples is read with the `wave` module;
  2. the recording is 0.25 s of silence, then the sentences separated by 0.40 s of silence;
  3. it is encoded with lame --quiet -b 64 --cbr -m m (the LAME "Info" tag records the encoder
     delay and padding, so the gapless length is exactly the WAV's), or kept as 16-bit PCM WAV.

Subtitles: the cue of sentence i runs from its first sample to its last sample in the recording.
A cue holds at most 2 lines of at most 42 characters; a longer sentence is split into consecutive
cues at word boundaries, its time divided in proportion to the characters. The main-language track
(it for Turin, fr for Paris) has subtitles in its language and an English translation starting from
the same cues (same times: sentence i of the translation is the translation of sentence i); the
English track has English subtitles timed to the English recording.
No cue may read faster than MAX_CPS (20) characters a second, counted as `walkscape validate` counts
them (the text without line breaks). A cue that does (typically a translation, longer than the
sentence it is timed to) is fixed, in this order, as far as needed: the bounds between the cues of
its sentence move; the sentence's last cue stays up into the silence after it (until 0.1 s before
the next cue, or the end of the recording); the sentence is shown together with the previous or the
next one (joined text from the first start to the last end, split again into as few cues of 2 x 42
characters as fit, after punctuation where possible, the bounds placed where the words are heard
unless reading needs them later or earlier). Cues stay inside the recording and never overlap.

Options: --keep-audio leaves the recordings in tours/ untouched and rewrites only the subtitles and
tour.json (the sentences are still synthesized, in a temporary directory, for their times, and each
recording is checked to have the synthesized length); it needs espeak-ng but not lame.

Each recording must last 20 to 60 s; the script stops with an error otherwise. Afterwards, run
tools/samples/make_traces.py (GPX fixtures) and tools/samples/check_traces.py (trigger timelines).
"""

from __future__ import annotations

import argparse
import array
import hashlib
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

sys.dont_write_bytecode = True  # keep tools/samples/ free of __pycache__
sys.path.insert(0, str(Path(__file__).resolve().parent))
import samplelib as sl  # noqa: E402

DATA_FILES = {"torino": "torino.json", "paris": "paris.json", "helsinki": "helsinki.json"}

ESPEAK_SPEED = 150
RATE = 22050
LEAD_IN_S = 0.25
GAP_S = 0.40
MP3_BITRATE = 64
MAX_LINE = 42
MAX_LINES = 2
MAX_CPS = 20  # reading speed, characters a second (walkscape validate warns above it)
CUE_GAP_MS = 100  # a cue kept up into the silence ends this long before the next one starts
MIN_SECONDS, MAX_SECONDS = 20.0, 60.0
TRANSLATION_LANG = "en"

WALK_SPEED_MS = 1.1  # for durationMinutes: a relaxed city pace with stops at crossings
LOOK_AROUND_MIN = 1.0  # per point, on top of the narration


# ----------------------------------------------------------------------------------------------
# Data


def load_tour_data(name: str) -> dict:
    path = sl.SAMPLES_DIR / DATA_FILES[name]
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def resolve_route(route, points_by_id) -> list[tuple[float, float]]:
    """Route vertices, with "pN" replaced by the location of point pN."""
    out = []
    for v in route:
        if isinstance(v, str):
            lat, lng = points_by_id[v]["location"]
        else:
            lat, lng = v
        out.append((float(lat), float(lng)))
    return out


def sentence_text(s) -> str:
    return s if isinstance(s, str) else s["text"]


def sentence_say(s) -> str:
    return s if isinstance(s, str) else s.get("say", s["text"])


# ----------------------------------------------------------------------------------------------
# Subtitle layout


SHORT_WORDS = {
    "a", "an", "the", "of", "to", "in", "on", "at", "by", "and", "for", "from", "with", "its", "his",
    "il", "lo", "la", "le", "i", "gli", "di", "da", "del", "della", "dei", "delle", "e", "in", "su",
    "al", "alla", "per", "con", "tra", "un", "una", "che",
    "le", "la", "les", "de", "des", "du", "et", "un", "une", "en", "au", "aux", "sur", "par", "sous",
    "son", "sa", "ses", "qui", "que", "plus", "est", "è", "is", "was", "fu", "fut", "très", "più",
}


def cut_penalty(before: str, after: str, punctuation_bonus: int = 12) -> int:
    """How bad it is to break a line or a cue between the words `before` and `after`."""
    if before[-1] in ",;:.!?":
        return -punctuation_bonus
    penalty = 0
    if before[:1].isupper() and after[:1].isupper():
        penalty += 12  # inside a name: "Palazzo | Madama"
    if before.lower().strip("'’") in SHORT_WORDS or before.endswith(("'", "’")):
        penalty += 6  # "the | city", "dell' | ..."
    if after[:1].isdigit():
        penalty += 4
    return penalty


def wrap_lines(text: str) -> list[str] | None:
    """`text` as 1 line, or 2 balanced lines, each <= MAX_LINE characters; None if impossible."""
    if len(text) <= MAX_LINE:
        return [text]
    best = None
    for i, ch in enumerate(text):
        if ch != " ":
            continue
        a, b = text[:i], text[i + 1 :]
        if len(a) <= MAX_LINE and len(b) <= MAX_LINE:
            score = max(len(a), len(b)) + cut_penalty(a.split(" ")[-1], b.split(" ")[0], 6)
            if best is None or score < best[0]:
                best = (score, [a, b])
    return None if best is None else best[1]


def split_into(text: str, n: int) -> list[str] | None:
    """Split `text` at word boundaries into `n` consecutive chunks that each fit a cue.

    Prefers balanced chunks and cuts after punctuation; None when no split fits."""
    words = text.split(" ")
    if n == 1:
        return [text] if wrap_lines(text) else None
    best = None

    def rec(start: int, k: int, acc: list[str]):
        nonlocal best
        if k == 1:
            chunk = " ".join(words[start:])
            if not chunk or wrap_lines(chunk) is None:
                return
            chunks = acc + [chunk]
            lengths = [len(c) for c in chunks]
            score = (max(lengths) - min(lengths)) / 2
            score += 2 * sum(cut_penalty(a.split(" ")[-1], b.split(" ")[0])
                             for a, b in zip(chunks, chunks[1:]))
            if best is None or score < best[0]:
                best = (score, chunks)
            return
        for end in range(start + 1, len(words)):
            chunk = " ".join(words[start:end])
            if len(chunk) > MAX_LINE * MAX_LINES:
                break
            if wrap_lines(chunk) is None:
                continue
            rec(end, k - 1, acc + [chunk])

    rec(0, n, [])
    return None if best is None else best[1]


def min_chunks(text: str) -> int:
    for n in range(1, 8):
        if split_into(text, n):
            return n
    raise SystemExit(f"cannot fit into cues: {text!r}")


def srt_time(ms: int) -> str:
    h, rem = divmod(ms, 3600_000)
    m, rem = divmod(rem, 60_000)
    s, ms = divmod(rem, 1000)
    return f"{h:02d}:{m:02d}:{s:02d},{ms:03d}"


def to_ms(seconds: float) -> int:
    return int(round(seconds * 1000))


def cue_text(chunk: str) -> str:
    """A chunk as written in the .srt: 1 or 2 lines."""
    return "\n".join(wrap_lines(chunk))


def reading_length(text: str) -> int:
    """Characters counted for reading speed, as walkscape's SubtitleLinter counts them: the text
    without tags (the samples have none) and without line breaks."""
    return sum(1 for ch in text if ch != "\n")


def min_cue_ms(chunk: str) -> int:
    """The shortest a cue showing `chunk` may last to be read at MAX_CPS: the lint reports
    length x 1000 / ms > MAX_CPS, so length x 1000 / MAX_CPS ms (an integer for MAX_CPS = 20)."""
    return math.ceil(reading_length(cue_text(chunk)) * 1000 / MAX_CPS)


def layout_sentences(timing, texts_by_lang: dict[str, list[str]], timing_lang: str) -> dict[str, list]:
    """The first layout: per subtitle language, per sentence, (chunks, bounds in ms).

    timing: [(start_s, end_s)] per sentence of the recording; texts_by_lang: the sentences of each
    subtitle language (one-to-one with the recording's). Every language splits sentence i into the
    same number of chunks, and the time of a sentence split into several cues is divided in
    proportion to the characters of the recording language's chunks, so all languages share times."""
    out = {lang: [] for lang in texts_by_lang}
    for i, (start, end) in enumerate(timing):
        n = max(min_chunks(texts[i]) for texts in texts_by_lang.values())
        chunks = {lang: split_into(texts[i], n) for lang, texts in texts_by_lang.items()}
        if any(c is None for c in chunks.values()):
            raise SystemExit(f"cannot split sentence {i + 1} into {n} cues")
        ref = chunks[timing_lang]
        total = sum(len(c) for c in ref)
        acc = 0
        bounds = [start]
        for c in ref[:-1]:
            acc += len(c)
            bounds.append(start + (end - start) * acc / total)
        bounds.append(end)
        bounds_ms = [to_ms(b) for b in bounds]
        for lang, cs in chunks.items():
            out[lang].append((cs, bounds_ms))
    return out


def time_chunks(chunks: list[str], start: int, end: int, anchors: list[int]) -> list[int] | None:
    """Bounds (ms) for consecutive cues filling [start, end]: each inner bound as close to its
    anchor as the reading speed of the cues allows. None when the chunks cannot be read in time."""
    need = [min_cue_ms(c) for c in chunks]
    if end - start < sum(need):
        return None
    bounds = [start]
    for j in range(1, len(chunks)):
        lo = bounds[-1] + need[j - 1]
        hi = end - sum(need[j:])
        bounds.append(min(max(anchors[j - 1], lo), hi))
    bounds.append(end)
    return bounds


def place_group(first: int, last: int, texts: list[str], layout: list, limit: int):
    """The cues of sentences first..last shown together, or None if they read too fast even
    when the last one stays up until `limit` (ms).

    One sentence keeps its chunks, and its cue bounds move only as far as reading needs. Several
    sentences are joined and split again into as few cues as fit (after punctuation if possible);
    a cue bound is placed where its words are heard: at the start of a sentence, at a bound of the
    first layout, or in proportion to the characters within a sentence."""
    start = layout[first][1][0]
    heard_end = layout[last][1][-1]
    if first == last:
        chunks, bounds = layout[first]
        anchors = bounds[1:-1]
    else:
        joined = " ".join(texts[first : last + 1])
        chunks = split_into(joined, min_chunks(joined))
        known = {}  # offset in `joined` -> anchor (ms)
        offset = 0
        for i in range(first, last + 1):
            cs, bs = layout[i]
            pos = offset
            for c, b in zip(cs, bs):
                known[pos] = b
                pos += len(c) + 1
            offset += len(texts[i]) + 1
        anchors = []
        offset = 0
        for c in chunks[:-1]:
            offset += len(c) + 1
            if offset in known:
                anchors.append(known[offset])
                continue
            sentence_start = 0
            for i in range(first, last + 1):
                if offset < sentence_start + len(texts[i]) + 1:
                    a, b = layout[i][1][0], layout[i][1][-1]
                    anchors.append(round(a + (b - a) * (offset - sentence_start) / len(texts[i])))
                    break
                sentence_start += len(texts[i]) + 1
    need = sum(min_cue_ms(c) for c in chunks)
    end = max(heard_end, min(start + need, limit))
    bounds = time_chunks(chunks, start, end, anchors)
    if bounds is None:
        return None, need / max(1, limit - start)
    return [(bounds[j], bounds[j + 1], cue_text(c)) for j, c in enumerate(chunks)], need / (end - start)


def fit_reading_speed(texts: list[str], layout: list, audio_end_ms: int) -> list:
    """Cues for one subtitle language that read at MAX_CPS or slower.

    A sentence whose cues are too fast first moves the bounds between its own cues, then keeps its
    last cue up into the silence after it (until CUE_GAP_MS before the next sentence starts, or
    the end of the recording). If it is still too fast, it is shown together with the previous or
    the next sentences (whichever reads slower), and so on until the group is readable."""
    groups = [[i, i] for i in range(len(texts))]

    def limit(last: int) -> int:
        if last + 1 < len(texts):
            return layout[last + 1][1][0] - CUE_GAP_MS
        return audio_end_ms

    def place(g):
        return place_group(g[0], g[1], texts, layout, max(layout[g[1]][1][-1], limit(g[1])))

    placed = [place(g) for g in groups]
    while True:
        bad = next((k for k, (cues, _) in enumerate(placed) if cues is None), None)
        if bad is None:
            break
        options = []
        for other in (bad - 1, bad + 1):
            if 0 <= other < len(groups):
                a, b = sorted((bad, other))
                merged = [groups[a][0], groups[b][1]]
                cues, speed = place(merged)
                options.append((cues is None, speed, a, merged, (cues, speed)))
        if not options:
            raise SystemExit(f"subtitles cannot be read at {MAX_CPS} characters a second: {texts!r}")
        _, _, a, merged, result = min(options, key=lambda o: o[:3])
        groups[a : a + 2] = [merged]
        placed[a : a + 2] = [result]
    return [cue for cues, _ in placed for cue in cues]


def build_cues(timing, texts_by_lang: dict[str, list[str]], timing_lang: str,
               audio_end_ms: int) -> dict[str, list]:
    """Cues per subtitle language: (start_ms, end_ms, text) each, readable at MAX_CPS."""
    layout = layout_sentences(timing, texts_by_lang, timing_lang)
    return {lang: fit_reading_speed(texts_by_lang[lang], layout[lang], audio_end_ms)
            for lang in texts_by_lang}


def srt_text(cues) -> str:
    blocks = []
    for i, (a, b, text) in enumerate(cues, 1):
        blocks.append(f"{i}\n{srt_time(a)} --> {srt_time(b)}\n{text}\n")
    return "\n".join(blocks)


# ----------------------------------------------------------------------------------------------
# Audio


def synthesize(text: str, voice: str, path: Path) -> array.array:
    """One sentence with espeak-ng; returns its 16-bit samples (22050 Hz mono)."""
    if text.startswith("-"):
        raise SystemExit(f"sentence would be read as an option: {text!r}")
    subprocess.run(
        ["espeak-ng", "-v", voice, "-s", str(ESPEAK_SPEED), "-w", str(path), text],
        check=True,
        stdin=subprocess.DEVNULL,
    )
    with wave.open(str(path), "rb") as w:
        if (w.getnchannels(), w.getsampwidth(), w.getframerate()) != (1, 2, RATE):
            raise SystemExit(f"unexpected espeak-ng output format in {path}")
        samples = array.array("h")
        samples.frombytes(w.readframes(w.getnframes()))
        if sys.byteorder != "little":
            samples.byteswap()
    return samples


def make_recording(sentences, voice: str, tmp: Path, stem: str):
    """Concatenate the sentences; returns (samples, [(first_sample, last_sample)] per sentence)."""
    lead = array.array("h", bytes(2 * int(LEAD_IN_S * RATE + 0.5)))
    gap = array.array("h", bytes(2 * int(GAP_S * RATE + 0.5)))
    out = array.array("h")
    out.extend(lead)
    spans = []
    for i, s in enumerate(sentences):
        if i:
            out.extend(gap)
        samples = synthesize(sentence_say(s), voice, tmp / f"{stem}-s{i + 1}.wav")
        if not samples:
            raise SystemExit(f"espeak-ng produced no audio for {sentence_say(s)!r}")
        spans.append((len(out), len(out) + len(samples) - 1))
        out.extend(samples)
    return out, spans


def check_kept_audio(path: Path, samples: array.array):
    """With --keep-audio: the recording already in the tour must be the one just synthesized
    (same length in samples; for a WAV, the same samples), or its subtitles would be mistimed."""
    if not path.exists():
        raise SystemExit(f"{path}: missing (--keep-audio reuses the recordings; run without it)")
    if path.suffix == ".wav":
        with wave.open(str(path), "rb") as w:
            kept = w.readframes(w.getnframes())
        data = array.array("h", samples)
        if sys.byteorder != "little":
            data.byteswap()
        if kept != data.tobytes():
            raise SystemExit(f"{path}: differs from the synthesized recording (run without --keep-audio)")
    elif path.suffix == ".m4a":
        if aac_samples(path) != (len(samples), RATE):
            raise SystemExit(f"{path}: length differs from the synthesized recording (run without --keep-audio)")
    elif sl.mp3_gapless_samples(path) != (len(samples), RATE):
        raise SystemExit(f"{path}: length differs from the synthesized recording (run without --keep-audio)")


def write_wav(path: Path, samples: array.array):
    data = array.array("h", samples)
    if sys.byteorder != "little":
        data.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


def encode_aac(wav: Path, m4a: Path):
    """AAC in MP4 with ffmpeg's encoder (bitexact); the movie timescale is the sample rate, so the edit list
    that removes the priming and padding is exact to the sample (the default, 1/1000 s, rounds it)."""
    subprocess.run(
        ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", str(wav), "-fflags", "+bitexact", "-flags:a", "+bitexact",
         "-map_metadata", "-1", "-c:a", "aac", "-b:a", "64k", "-movie_timescale", str(RATE), str(m4a)],
        check=True, stdin=subprocess.DEVNULL)


def aac_samples(path: Path):
    """(samples a listener hears, rate) of an .m4a from ffprobe: the edit list's length."""
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=duration_ts,sample_rate",
         "-of", "default=noprint_wrappers=1", str(path)], check=True, capture_output=True, text=True).stdout
    fields = dict(line.split("=", 1) for line in out.split())
    return int(fields["duration_ts"]), int(fields["sample_rate"])


def encode_mp3(wav: Path, mp3: Path, title: str, album: str):
    env = dict(os.environ, LC_ALL="C.UTF-8")
    subprocess.run(
        ["lame", "--quiet", "-b", str(MP3_BITRATE), "--cbr", "-m", "m",
         "--id3v2-only", "--tt", title, "--ta", "walkscape sample", "--tl", album,
         str(wav), str(mp3)],
        check=True,
        env=env,
        stdin=subprocess.DEVNULL,
    )


def asset(tour_dir: Path, rel: str) -> dict:
    data = (tour_dir / rel).read_bytes()
    return {"file": rel, "fileSizeBytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


# ----------------------------------------------------------------------------------------------
# Geometry report


def first_entry(walker: sl.PolylineWalker, loc, radius: float, from_s: float = 0.0, step: float = 0.5):
    s = from_s
    while s <= walker.length:
        if sl.haversine(*walker.at(s), *loc) <= radius:
            return s
        s += step
    return None


def geometry_report(data: dict, route, lengths: dict | None) -> list[str]:
    """Checks of the layout rules; returns a list of problems (and prints a report)."""
    problems = []
    pts = data["points"]
    start = tuple(data["startingPoint"])
    total = sl.polyline_length(route)
    print(f"  route: {len(route)} vertices, {total:.0f} m")
    d0 = sl.haversine(*start, *pts[0]["location"])
    print(f"  startingPoint -> p1: {d0:.1f} m")
    if d0 > 50:
        problems.append(f"startingPoint is {d0:.0f} m from p1 (> 50 m)")
    if sl.haversine(*start, *route[0]) > 1:
        problems.append("route does not start at startingPoint")
    overlaps = 0
    for i, p in enumerate(pts):
        r = p["triggerRadiusMeters"]
        dl, _ = sl.distance_to_polyline(*p["location"], route)
        line = f"  {p['id']}: r={r} m, {dl:.1f} m from the route"
        if not 100 <= r <= 300:
            problems.append(f"{p['id']}: radius {r} outside 100-300 m")
        if dl > 15:
            problems.append(f"{p['id']}: {dl:.0f} m from the route (> 15 m)")
        if i + 1 < len(pts):
            q = pts[i + 1]
            d = sl.haversine(*p["location"], *q["location"])
            gap = d - r - q["triggerRadiusMeters"]
            line += f"; to {q['id']} {d:.0f} m (gap between regions {gap:+.0f} m)"
            if gap < 0:
                overlaps += 1
        for q in pts[i + 2 :]:
            d = sl.haversine(*p["location"], *q["location"])
            if d < r + q["triggerRadiusMeters"]:
                problems.append(f"{p['id']} and {q['id']} (not consecutive) overlap")
        print(line)
    if overlaps > 1:
        problems.append(f"{overlaps} consecutive pairs overlap (at most 1 allowed)")
    if lengths:
        walker = sl.PolylineWalker(route)
        s_prev = 0.0
        entries = []
        for p in pts:
            s = first_entry(walker, p["location"], p["triggerRadiusMeters"], s_prev)
            entries.append(s)
            if s is None:
                problems.append(f"route never enters {p['id']}")
                break
            s_prev = s
        print("  along the route (entry of region k+1 after entry of region k, vs narration k):")
        for i in range(len(entries) - 1):
            a, b = entries[i], entries[i + 1]
            if a is None or b is None:
                continue
            L = lengths[pts[i]["id"]]
            dist = b - a
            print(f"    {pts[i]['id']}->{pts[i + 1]['id']}: {dist:6.1f} m; at 1.3 m/s {dist / 1.3:5.1f} s, "
                  f"at 2.0 m/s {dist / 2.0:5.1f} s; narration {pts[i]['id']} {L:.1f} s")
    return problems


# ----------------------------------------------------------------------------------------------
# Tour


def make_tour(name: str, report_only: bool = False, keep_audio: bool = False):
    data = load_tour_data(name)
    tour_id = data["id"]
    langs = data["languages"]
    main = langs[0]
    points_by_id = {p["id"]: p for p in data["points"]}
    route = resolve_route(data["route"], points_by_id)
    print(f"{tour_id}:")
    if report_only:
        problems = geometry_report(data, route, None)
        for p in problems:
            print(f"  PROBLEM: {p}")
        return not problems

    tour_dir = sl.TOURS_DIR / tour_id
    tour_dir.mkdir(parents=True, exist_ok=True)
    for sub in ("subtitles",) if keep_audio else ("audio", "subtitles"):  # map/ (the tiles) stays
        if (tour_dir / sub).exists():
            shutil.rmtree(tour_dir / sub)
    wav_tracks = {tuple(x) for x in data.get("wavTracks", [])}
    aac_tracks = {tuple(x) for x in data.get("aacTracks", [])}

    lengths_main = {}
    durations = []
    json_points = []
    with tempfile.TemporaryDirectory(prefix="walkscape-samples-") as tmpname:
        tmp = Path(tmpname)
        for order, p in enumerate(data["points"], 1):
            pid = p["id"]
            if pid != f"p{order}":
                raise SystemExit(f"{tour_id}: point {order} must have id p{order}")
            narr = p["narration"]
            counts = {len(narr[lang]) for lang in narr}
            if len(counts) != 1:
                raise SystemExit(f"{tour_id} {pid}: languages have different sentence counts")
            tracks = {}
            for lang in langs:
                stem = f"{pid}-{lang}"
                samples, spans = make_recording(narr[lang], lang, tmp, stem)
                seconds = len(samples) / RATE
                durations.append((pid, lang, seconds))
                if not MIN_SECONDS <= seconds <= MAX_SECONDS:
                    raise SystemExit(f"{tour_id} {pid} [{lang}]: recording is {seconds:.2f} s "
                                     f"(must be {MIN_SECONDS:.0f}-{MAX_SECONDS:.0f} s)")
                if lang == main:
                    lengths_main[pid] = seconds
                (tour_dir / "audio" / lang).mkdir(parents=True, exist_ok=True)
                if keep_audio:
                    ext = 'wav' if (pid, lang) in wav_tracks else 'm4a' if (pid, lang) in aac_tracks else 'mp3'
                    audio_rel = f"audio/{lang}/{pid}.{ext}"
                    check_kept_audio(tour_dir / audio_rel, samples)
                elif (pid, lang) in wav_tracks:
                    audio_rel = f"audio/{lang}/{pid}.wav"
                    write_wav(tour_dir / audio_rel, samples)
                elif (pid, lang) in aac_tracks:
                    audio_rel = f"audio/{lang}/{pid}.m4a"
                    wav_tmp = tmp / f"{stem}.wav"
                    write_wav(wav_tmp, samples)
                    encode_aac(wav_tmp, tour_dir / audio_rel)
                    if aac_samples(tour_dir / audio_rel) != (len(samples), RATE):
                        raise SystemExit(f"{audio_rel}: edit-list length != {len(samples)} samples")
                else:
                    audio_rel = f"audio/{lang}/{pid}.mp3"
                    wav_tmp = tmp / f"{stem}.wav"
                    write_wav(wav_tmp, samples)
                    encode_mp3(wav_tmp, tour_dir / audio_rel, p["title"][lang], data["title"][lang])
                    n, rate = sl.mp3_gapless_samples(tour_dir / audio_rel)
                    if (n, rate) != (len(samples), RATE):
                        raise SystemExit(f"{audio_rel}: gapless length {n} != {len(samples)} samples")
                timing = [(a / RATE, b / RATE) for a, b in spans]
                sub_langs = [lang] + ([TRANSLATION_LANG] if lang == main and lang != TRANSLATION_LANG else [])
                texts = {sl_: [sentence_text(s) for s in narr[sl_]] for sl_ in sub_langs}
                cues = build_cues(timing, texts, lang, len(samples) * 1000 // RATE)
                subs = {}
                (tour_dir / "subtitles" / lang).mkdir(parents=True, exist_ok=True)
                for sub_lang in sub_langs:
                    rel = f"subtitles/{lang}/{pid}.{sub_lang}.srt"
                    with open(tour_dir / rel, "w", encoding="utf-8", newline="\n") as f:
                        f.write(srt_text(cues[sub_lang]))
                    subs[sub_lang] = asset(tour_dir, rel)
                tracks[lang] = {"audio": asset(tour_dir, audio_rel), "subtitles": subs}
            lat, lng = p["location"]
            json_points.append({
                "id": pid,
                "order": order,
                "location": {"lat": lat, "lng": lng},
                "triggerRadiusMeters": p["triggerRadiusMeters"],
                "title": p["title"],
                "description": p["description"],
                "tracks": tracks,
            })

    problems = geometry_report(data, route, lengths_main)
    length_m = sl.polyline_length(route)
    minutes = length_m / WALK_SPEED_MS / 60 + sum(lengths_main.values()) / 60 \
        + LOOK_AROUND_MIN * len(data["points"])
    start_lat, start_lng = data["startingPoint"]
    tour = {
        "formatVersion": 1,
        "id": tour_id,
        "slug": data["slug"],
        "version": data["version"],
        "city": data["city"],
        "durationMinutes": int(5 * math.ceil(minutes / 5)),
        "distanceKm": round(length_m / 1000, 1),
        "languages": langs,
        "isProtected": data["isProtected"],
        "title": data["title"],
        "description": data["description"],
        "completionMessage": data["completionMessage"],
        "startingPoint": {"lat": start_lat, "lng": start_lng},
        "routePolyline": sl.format_polyline(route),
        "points": json_points,
    }
    if "mapTiles" in data:
        # The offline map: built beforehand by make_helsinki_tiles.py into the tour directory.
        if not (tour_dir / data["mapTiles"]).is_file():
            raise SystemExit(f"{tour_id}: {data['mapTiles']} is missing; run tools/samples/make_helsinki_tiles.py first")
        tour["mapTiles"] = asset(tour_dir, data["mapTiles"])
    with open(tour_dir / "tour.json", "w", encoding="utf-8", newline="\n") as f:
        json.dump(tour, f, ensure_ascii=False, indent=2)
        f.write("\n")
    print(f"  durationMinutes {tour['durationMinutes']}, distanceKm {tour['distanceKm']}")
    print("  recordings:")
    for pid, lang, seconds in durations:
        print(f"    {pid} [{lang}] {seconds:6.2f} s")
    for p in problems:
        print(f"  PROBLEM: {p}")
    return not problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tours", nargs="*", metavar="TOUR", help="torino and/or paris (default: both)")
    ap.add_argument("--report", action="store_true", help="print the geometry report only")
    ap.add_argument("--keep-audio", action="store_true",
                    help="leave the recordings as they are and rewrite only the subtitles and tour.json "
                         "(sentences are still synthesized, to a temporary directory, for their times; "
                         "lame is not needed)")
    args = ap.parse_args(argv)
    names = args.tours or list(DATA_FILES)
    for name in names:
        if name not in DATA_FILES:
            ap.error(f"unknown tour {name!r} (choose from {', '.join(DATA_FILES)})")
    if not args.report:
        for tool in ("espeak-ng",) if args.keep_audio else ("espeak-ng", "lame"):
            if shutil.which(tool) is None:
                print(f"error: {tool} not found (apt-get install espeak-ng lame)", file=sys.stderr)
                return 2
    ok = True
    for name in names:
        ok &= make_tour(name, args.report, args.keep_audio)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
