#!/usr/bin/env python3
"""Writes a large NMEA 0183 log for the reading benchmark (tools/bench/nmea_read.sh): deterministic bytes.

One fix a second along a slow loop around Turin, each an RMC and a GGA sentence with checksums, until the
file reaches --mb megabytes. With --blank-runs N, a run of N empty lines (alternately LF and CRLF) follows
every hundredth fix: the shape of a logger that pads its file, which once slowed the reader to 2 MB/s. With
--binary, a 100-byte u-blox UBX packet (sync bytes B5 62, then deterministic payload bytes that hold `$`, NUL,
CR and LF) runs straight into every sentence's `$`, the shape of gpsd's ublox-zed-f9p_hpg1.11.log.

usage: make_big_nmea.py OUT.nmea [--mb 100] [--blank-runs 0] [--binary]
"""
import argparse
import datetime
import math


def checksum(body):
    value = 0
    for ch in body.encode("ascii"):
        value ^= ch
    return "%02X" % value


def angle(value, positive, negative, width):
    hemisphere = positive if value >= 0 else negative
    value = abs(value)
    degrees = int(value)
    minutes = (value - degrees) * 60
    return "%0*d%07.4f" % (width, degrees, minutes), hemisphere


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--mb", type=float, default=100)
    parser.add_argument("--blank-runs", type=int, default=0)
    parser.add_argument("--binary", action="store_true", help="a UBX packet before every sentence")
    args = parser.parse_args()
    # One fixed packet: class 0x01 (NAV), id 0x07 (PVT), 92 payload bytes from a linear congruential sequence.
    state = 12345
    payload = bytearray()
    for _ in range(92):
        state = (state * 1103515245 + 12345) % 2**31
        payload.append(state >> 16 & 0xFF)
    payload[10:13] = b"$\x00\n"
    packet = bytes([0xB5, 0x62, 0x01, 0x07, 92, 0]) + bytes(payload) + b"\x5a\xa5"
    limit = int(args.mb * 1_000_000)
    written = 0
    fix = 0
    start = 1_778_317_200  # 2026-05-09T09:00:00Z
    with open(args.out, "wb") as out:
        while written < limit:
            t = start + fix
            day = (t // 86400)
            seconds = t % 86400
            hh, mm, ss = seconds // 3600, seconds // 60 % 60, seconds % 60
            # Days since 1970 to a civil date (UTC).
            date = datetime.date(1970, 1, 1) + datetime.timedelta(days=day)
            phase = fix / 3600.0 * 2 * math.pi
            lat = 45.0700 + 0.004 * math.sin(phase)
            lon = 7.6800 + 0.006 * math.cos(phase)
            lat_text, ns = angle(lat, "N", "S", 2)
            lon_text, ew = angle(lon, "E", "W", 3)
            time_text = "%02d%02d%02d.00" % (hh, mm, ss)
            rmc = "GPRMC,%s,A,%s,%s,%s,%s,2.5,%.1f,%02d%02d%02d,,,A" % (
                time_text, lat_text, ns, lon_text, ew, (fix * 7) % 360, date.day, date.month, date.year % 100)
            gga = "GPGGA,%s,%s,%s,%s,%s,1,08,%.1f,%.1f,M,47.0,M,," % (
                time_text, lat_text, ns, lon_text, ew, 0.8 + (fix % 10) / 10, 240 + (fix % 50) / 10)
            prefix = packet if args.binary else b""
            text = prefix + ("$%s*%s\r\n" % (gga, checksum(gga))).encode() + prefix + ("$%s*%s\r\n" % (rmc, checksum(rmc))).encode()
            if args.blank_runs and fix % 100 == 99:
                text += (b"\n" if fix % 200 == 99 else b"\r\n") * args.blank_runs
            out.write(text)
            written += len(text)
            fix += 1


if __name__ == "__main__":
    main()
