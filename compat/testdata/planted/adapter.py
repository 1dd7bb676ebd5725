#!/usr/bin/env python3
"""A small tuple-layer implementation with two planted bugs, written as the
author of another implementation would write one from the README,
compat/PROTOCOL.md and `fdbtuple help check`. compat's tests check it and
assert what the report shows for each bug (planted_test.go).

It holds nulls, byte strings, strings, 64-bit signed integers, doubles,
booleans, UUIDs and nested tuples (no float32, no versionstamp, no integer
beyond 64 bits), decodes strictly, and has no compare op. Standard library
only. The bugs:

1. a negative integer of two bytes (code 0x12) is written without the
   one's complement of its bytes;
2. a null inside a nested tuple is written as a bare 00 instead of 00 ff.
"""
import json
import struct
import sys
import uuid

MIN64, MAX64 = -(2 ** 63), 2 ** 63 - 1


class Refusal(Exception):
    """A value or key this implementation does not take."""


class F64:
    """A double kept as its 8 bytes, so NaN payloads and -0 survive."""

    def __init__(self, raw):
        self.raw = raw


def from_notation(items):
    return [from_element(e) for e in items]


def from_element(e):
    (k, v), = e.items()
    if k == "null":
        return None
    if k == "bytes":
        return bytes.fromhex(v)
    if k == "string":
        return v
    if k == "int":
        n = int(v)
        if not MIN64 <= n <= MAX64:
            raise Refusal("integer beyond 64 bits")
        return n
    if k == "float64":
        return F64(bytes.fromhex(v))
    if k == "bool":
        return v
    if k == "uuid":
        return uuid.UUID(v)
    if k == "tuple":
        return tuple(from_notation(v))
    raise Refusal("unsupported type " + k)


def to_element(v):
    if v is None:
        return {"null": None}
    if isinstance(v, bool):
        return {"bool": v}
    if isinstance(v, bytes):
        return {"bytes": v.hex()}
    if isinstance(v, str):
        return {"string": v}
    if isinstance(v, int):
        return {"int": str(v)}
    if isinstance(v, F64):
        return {"float64": v.raw.hex()}
    if isinstance(v, uuid.UUID):
        return {"uuid": str(v)}
    return {"tuple": [to_element(x) for x in v]}


def escape(b):
    return b.replace(b"\x00", b"\x00\xff") + b"\x00"


def pack_element(v, nested):
    if v is None:
        return b"\x00"  # bug 2: a nested null must be 00 ff
    if isinstance(v, bool):
        return b"\x27" if v else b"\x26"
    if isinstance(v, bytes):
        return b"\x01" + escape(v)
    if isinstance(v, str):
        try:
            return b"\x02" + escape(v.encode("utf-8"))
        except UnicodeEncodeError as err:
            raise Refusal(str(err))
    if isinstance(v, int):
        if v == 0:
            return b"\x14"
        n = (abs(v).bit_length() + 7) // 8
        if v > 0:
            return bytes([0x14 + n]) + v.to_bytes(n, "big")
        if n == 2:
            return bytes([0x14 - n]) + (-v).to_bytes(n, "big")  # bug 1: no one's complement
        return bytes([0x14 - n]) + (v + 2 ** (8 * n) - 1).to_bytes(n, "big")
    if isinstance(v, F64):
        raw = v.raw
        if raw[0] & 0x80:
            raw = bytes(x ^ 0xFF for x in raw)
        else:
            raw = bytes([raw[0] ^ 0x80]) + raw[1:]
        return b"\x21" + raw
    if isinstance(v, uuid.UUID):
        return b"\x30" + v.bytes
    return b"\x05" + b"".join(pack_element(x, True) for x in v) + b"\x00"


def pack(items):
    return b"".join(pack_element(v, False) for v in items)


def terminated(b, i):
    """The unescaped content from i to its 00 terminator, and the index after it."""
    out = bytearray()
    while True:
        if i >= len(b):
            raise Refusal("unterminated element")
        if b[i] == 0:
            if i + 1 < len(b) and b[i + 1] == 0xFF:
                out.append(0)
                i += 2
                continue
            return bytes(out), i + 1
        out.append(b[i])
        i += 1


def need(b, i, n):
    if i + n > len(b):
        raise Refusal("truncated element at offset %d" % i)
    return b[i:i + n]


def unpack_element(b, i, nested):
    code = b[i]
    i += 1
    if code == 0x00:
        if nested:
            return None, i + 1  # the caller saw the ff
        return None, i
    if code == 0x01:
        return terminated(b, i)
    if code == 0x02:
        raw, i = terminated(b, i)
        try:
            return raw.decode("utf-8"), i
        except UnicodeDecodeError as err:
            raise Refusal(str(err))
    if code == 0x05:
        items = []
        while True:
            if i >= len(b):
                raise Refusal("unterminated nested tuple")
            if b[i] == 0x00 and not (i + 1 < len(b) and b[i + 1] == 0xFF):
                return tuple(items), i + 1
            v, i = unpack_element(b, i, True)
            items.append(v)
    if 0x0C <= code <= 0x1C:
        n = abs(code - 0x14)
        raw = int.from_bytes(need(b, i, n), "big")
        v = raw if code > 0x14 else raw - (2 ** (8 * n) - 1)
        if n and (abs(v).bit_length() + 7) // 8 != n:
            raise Refusal("non-minimal integer at offset %d" % (i - 1))
        if not MIN64 <= v <= MAX64:
            raise Refusal("integer beyond 64 bits")
        return v, i + n
    if code == 0x21:
        raw = need(b, i, 8)
        if raw[0] & 0x80:
            raw = bytes([raw[0] ^ 0x80]) + raw[1:]
        else:
            raw = bytes(x ^ 0xFF for x in raw)
        return F64(raw), i + 8
    if code in (0x26, 0x27):
        return code == 0x27, i
    if code == 0x30:
        return uuid.UUID(bytes=need(b, i, 16)), i + 16
    raise Refusal("unsupported type code 0x%02x at offset %d" % (code, i - 1))


def unpack(b):
    items, i = [], 0
    while i < len(b):
        v, i = unpack_element(b, i, False)
        items.append(v)
    return items


def answer(req):
    op = req["op"]
    if op == "hello":
        return {"name": "planted-bugs", "version": "0.0.1", "protocol": 1, "ops": ["hello", "pack", "unpack"],
                "types": ["null", "bytes", "string", "int64", "float64", "bool", "uuid", "tuple"]}
    if op == "pack":
        return {"packed": pack(from_notation(req["tuple"])).hex()}
    if op == "unpack":
        return {"tuple": [to_element(v) for v in unpack(bytes.fromhex(req["packed"]))]}
    raise Refusal("unknown op " + op)


def main():
    for line in sys.stdin:
        req = json.loads(line)
        try:
            resp = answer(req)
        except Refusal as err:
            resp = {"error": str(err)}
        resp["id"] = req["id"]
        sys.stdout.write(json.dumps(resp) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
