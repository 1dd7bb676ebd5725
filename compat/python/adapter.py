#!/usr/bin/env python3
"""Speaks the fdbtuple compat protocol (../PROTOCOL.md, version 1) on
stdin/stdout, answering with the official FoundationDB Python binding's
tuple module (PyPI foundationdb, pinned in requirements.txt).

The binding's tuple code is pure Python, but selecting an API version with
fdb.api_version() loads the C client library, which is not installed here.
The tuple module only reads the selected version from the module global
fdb._version (bools need >= 500, the 4-byte versionstamp offset >= 520), so
that global is set directly, per request. And Versionstamp.to_bytes checks
isinstance(tr_version, fdb.impl.Value), but importing fdb.impl loads the C
library at import time; a stand-in module whose Value nothing is an
instance of answers that check the way it is answered for a plain bytes
transaction version. Those two are the whole stand-in.
"""
import json
import struct
import sys
import uuid

import types

import fdb
import fdb.tuple as ft
from importlib.metadata import version as dist_version

INCOMPLETE = b"\xff" * 10


class _NotAFutureValue:
    """Stands in for fdb.impl.Value, a database future no tuple here holds."""


fdb.impl = types.ModuleType("fdb.impl")
fdb.impl.Value = _NotAFutureValue


def from_notation(elems):
    if not isinstance(elems, list):
        raise ValueError("a tuple must be a JSON array")
    return tuple(from_element(e) for e in elems)


def from_element(e):
    if not isinstance(e, dict) or len(e) != 1:
        raise ValueError("an element has exactly one key")
    (k, v), = e.items()
    if k == "null":
        return None
    if k == "bytes":
        return bytes.fromhex(v)
    if k == "string":
        return v
    if k == "int":
        return int(v)
    if k == "bool":
        return bool(v)
    if k == "float32":
        # The binding keeps a float32 as a Python double rounded to single
        # precision; CPython quiets signalling NaNs on that conversion.
        return ft.SingleFloat(struct.unpack(">f", bytes.fromhex(v))[0])
    if k == "float64":
        return struct.unpack(">d", bytes.fromhex(v))[0]
    if k == "uuid":
        return uuid.UUID(v)
    if k == "versionstamp":
        raw = bytes.fromhex(v)
        tr, uv = raw[:10], int.from_bytes(raw[10:], "big")
        return ft.Versionstamp(None if tr == INCOMPLETE else tr, uv)
    if k == "tuple":
        return from_notation(v)
    raise ValueError("unknown element type " + k)


def to_notation(items):
    return [to_element(v) for v in items]


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
    if isinstance(v, ft.SingleFloat):
        return {"float32": struct.pack(">f", v.value).hex()}
    if isinstance(v, float):
        return {"float64": struct.pack(">d", v).hex()}
    if isinstance(v, uuid.UUID):
        return {"uuid": str(v)}
    if isinstance(v, ft.Versionstamp):
        tr = v.tr_version if v.tr_version is not None else INCOMPLETE
        return {"versionstamp": (tr + v.user_version.to_bytes(2, "big")).hex()}
    if isinstance(v, tuple):
        return {"tuple": to_notation(v)}
    raise ValueError("unexpected decoded value %r" % (v,))


# The names Python's repr of a tuple writes, for reading its text back as
# Python means it (eval, with nothing else in reach).
READ_BACK = {"__builtins__": {}, "nan": float("nan"), "inf": float("inf"),
             "SingleFloat": ft.SingleFloat, "UUID": uuid.UUID, "fdb": fdb}


def answer(req):
    fdb._version = req.get("api_version") or 800
    op = req.get("op")
    if op == "hello":
        return {
            "name": "python-foundationdb",
            "version": dist_version("foundationdb"),
            "protocol": 1,
            "ops": ["hello", "pack", "unpack", "compare", "pack_versionstamp", "repr"],
            "types": ["null", "bytes", "string", "int", "float32", "float64", "bool", "uuid", "versionstamp", "tuple"],
            # the reference: it decodes what runs to the end of the key and
            # integers in longer forms than their minimal one
            "lenient": ["unterminated", "non-minimal-int"],
        }
    if op == "pack":
        return {"packed": ft.pack(from_notation(req["tuple"])).hex()}
    if op == "unpack":
        return {"tuple": to_notation(ft.unpack(bytes.fromhex(req["packed"])))}
    if op == "repr":
        text = repr(from_notation(req["tuple"]))
        return {"text": text, "packed": ft.pack(eval(text, READ_BACK)).hex()}
    if op == "compare":
        return {"result": ft.compare(from_notation(req["a"]), from_notation(req["b"]))}
    if op == "pack_versionstamp":
        try:
            packed = ft.pack_with_versionstamp(from_notation(req["tuple"]), bytes.fromhex(req.get("prefix", "")))
        except ValueError as err:
            msg = str(err)
            kind = "no_incomplete" if "No incomplete" in msg else "multiple_incomplete" if "Multiple" in msg else None
            resp = {"error": msg}
            if kind:
                resp["error_kind"] = kind
            return resp
        return {"packed": packed.hex()}
    raise ValueError("unknown op %r" % (op,))


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        rid = 0
        try:
            req = json.loads(line)
            rid = req.get("id", 0)
            resp = answer(req)
        except Exception as err:  # a refusal is an answer, not a crash
            resp = {"error": "%s: %s" % (type(err).__name__, err)}
        resp["id"] = rid
        sys.stdout.write(json.dumps(resp) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
