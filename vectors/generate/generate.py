#!/usr/bin/env python3
"""Regenerates vectors/generated/*.jsonl from the official FoundationDB
Python binding (PyPI foundationdb, the version pinned in
compat/python/requirements.txt), deterministically: the same binding and
seed give the same bytes, so CI can regenerate and diff.

    compat/python/.venv/bin/python vectors/generate/generate.py vectors/generated

Rows are in the value notation of vectors/README.md. pack.jsonl holds
edge cases of every type and seeded random tuples, each packed by the
binding and checked to unpack to itself; order.jsonl holds seeded random
lists sorted by the binding's compare(), each checked against byte order;
decode_lenient.jsonl holds non-minimal integers with the binding's
decoding of them.

Left out, as in the shared vectors: +-(2^64-1), which Python packs in a
form other bindings do not write (apple/foundationdb#1296), and float32
signalling NaNs, which CPython quiets.

The binding's tuple module is pure Python; importing it needs only the
stand-in that compat/python/adapter.py sets up and explains, which this
script imports along with the adapter's value notation.
"""
import functools
import json
import os
import random
import struct
import sys
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "compat", "python"))
from adapter import ft, to_notation  # noqa: E402  (sets up the stand-in)

import fdb  # noqa: E402

fdb._version = 800

SEED = 20261122
rng = random.Random(SEED)
BIG = 2 ** 64 - 1


def bits(n):
    return rng.getrandbits(n)


def below(n):
    """A number in [0, n), from getrandbits only (stable across CPython)."""
    k = max(n.bit_length(), 1)
    while True:
        r = rng.getrandbits(k)
        if r < n:
            return r


def notation(t):
    return to_notation(t)


def same(a, b):
    """Bit-for-bit equality of two decoded tuples (NaN and -0 included)."""
    return json.dumps(notation(a)) == json.dumps(notation(b))


def f32(b):
    return ft.SingleFloat(struct.unpack(">f", b)[0])


def f64(b):
    return struct.unpack(">d", b)[0]


def rand_int():
    n = below(2041)
    v = bits(n) if n else 0
    v = -v if bits(1) else v
    return v + 1 if abs(v) == BIG else v


def rand_float32():
    while True:
        b = bits(32).to_bytes(4, "big")
        x = struct.unpack(">I", b)[0]
        if (x & 0x7F800000) == 0x7F800000 and (x & 0x007FFFFF) and not (x & 0x00400000):
            continue  # a signalling NaN: CPython would quiet it
        return f32(b)


def rand_string():
    out = []
    for _ in range(below(12)):
        pick = below(6)
        if pick == 0:
            out.append("\x00")
        elif pick == 1:
            out.append(chr(0x10000 + below(0x100000)))
        else:
            c = below(0xD800)
            out.append(chr(c))
    return "".join(out)


def rand_bytes():
    return bytes(rng.choice((0, 0xFF, bits(8))) for _ in range(below(16)))


def rand_element(depth):
    kind = below(10 if depth < 3 else 9)
    if kind == 0:
        return None
    if kind == 1:
        return rand_bytes()
    if kind == 2:
        return rand_string()
    if kind == 3:
        return rand_int()
    if kind == 4:
        return rand_float32()
    if kind == 5:
        return f64(bits(64).to_bytes(8, "big"))
    if kind == 6:
        return bool(bits(1))
    if kind == 7:
        return uuid.UUID(int=bits(128))
    if kind == 8:
        tr = bits(80).to_bytes(10, "big")
        if tr == b"\xff" * 10:
            tr = b"\x00" * 10
        return ft.Versionstamp(tr, bits(16))
    return rand_tuple(depth + 1)


def rand_tuple(depth=0):
    return tuple(rand_element(depth) for _ in range(below(7)))


def edge_cases():
    rows = []
    for k in range(0, 256, 1):
        for d in (-1, 0, 1):
            for sign in (1, -1):
                v = sign * (2 ** (8 * k) + d) if k else sign * d
                if 0 < abs(v) < 2 ** 2040 and abs(v) != BIG:
                    rows.append(("int/%s2^%d%+d" % ("-" if sign < 0 else "", 8 * k, d), (v,)))
    for name, b in [("+0", "00000000"), ("-0", "80000000"), ("+inf", "7f800000"), ("-inf", "ff800000"),
                    ("qnan", "7fc00000"), ("-qnan payload", "ffc00001"), ("min subnormal", "00000001"),
                    ("max", "7f7fffff"), ("-1", "bf800000")]:
        rows.append(("float32/" + name, (f32(bytes.fromhex(b)),)))
    for name, b in [("+0", "0000000000000000"), ("-0", "8000000000000000"), ("+inf", "7ff0000000000000"),
                    ("-inf", "fff0000000000000"), ("qnan", "7ff8000000000000"), ("snan", "7ff0000000000001"),
                    ("-nan payload", "fff8000000000001"), ("min subnormal", "0000000000000001"), ("pi", "400921fb54442d18")]:
        rows.append(("float64/" + name, (f64(bytes.fromhex(b)),)))
    for s in ["", "\x00", "a\x00b", "\U0001F600", "\uffff", "\ue000", "é\x00\x00"]:
        rows.append(("string/%r" % s, (s,)))
    for b in [b"", b"\x00", b"\xff", b"\x00\xff\x00", b"\x01" * 40]:
        rows.append(("bytes/%s" % b.hex(), (b,)))
    rows.append(("nested/nulls", ((None, (None,), ()),)))
    rows.append(("nested/deep", ((((((1,),),),),),)))
    rows.append(("uuid/zero", (uuid.UUID(int=0),)))
    rows.append(("uuid/max", (uuid.UUID(int=2 ** 128 - 1),)))
    rows.append(("versionstamp/zero", (ft.Versionstamp(b"\x00" * 10, 0),)))
    rows.append(("versionstamp/ff..fe", (ft.Versionstamp(b"\xff" * 9 + b"\xfe", 65535),)))
    rows.append(("bool/both", (False, True)))
    return rows


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "vectors/generated"
    os.makedirs(out, exist_ok=True)
    rows = edge_cases() + [("random/%04d" % i, rand_tuple()) for i in range(1000)]
    with open(os.path.join(out, "pack.jsonl"), "w") as f:
        for name, t in rows:
            packed = ft.pack(t)
            if not same(ft.unpack(packed), t):
                raise SystemExit("%s does not round-trip in the binding" % name)
            f.write(json.dumps({"name": name, "tuple": notation(t), "packed": packed.hex()}) + "\n")
    with open(os.path.join(out, "order.jsonl"), "w") as f:
        for i in range(200):
            ts = {ft.pack(t): t for t in (rand_tuple() for _ in range(1 + below(20)))}
            ordered = sorted(ts.values(), key=functools.cmp_to_key(ft.compare))
            keys = [ft.pack(t) for t in ordered]
            if keys != sorted(keys):
                raise SystemExit("compare() and byte order disagree on list %d" % i)
            f.write(json.dumps({"name": "random/%03d" % i, "sorted": [notation(t) for t in ordered]}) + "\n")
    with open(os.path.join(out, "decode_lenient.jsonl"), "w") as f:
        for name, packed, note in NON_MINIMAL_INTS:
            t = ft.unpack(bytes.fromhex(packed))
            f.write(json.dumps({"name": name, "packed": packed, "tuple": notation(t), "note": note,
                                "python_repacks_to": ft.pack(t).hex()}) + "\n")


# Integers in a longer form than their minimal one, which every binding
# decodes and which this codec rejects unless lenient: the binding's own
# decoding is recorded, as in ../decode_lenient.jsonl.
NON_MINIMAL_INTS = [
    ("int: non-minimal 0x1c 00*8", "1c0000000000000000", "zero in the 8-byte positive form"),
    ("int: non-minimal 0x0c ff*8", "0cffffffffffffffff", "zero in the 8-byte negative form (one's complement of 0)"),
    ("int: non-minimal 0x1d 08 80 00*7", "1d088000000000000000", "2^63 in the big-integer form, which 1c 80 00*7 writes minimally"),
]


if __name__ == "__main__":
    main()
