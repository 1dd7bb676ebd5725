#!/usr/bin/env node
// Speaks the fdbtuple compat protocol (../PROTOCOL.md, version 1) on
// stdin/stdout, answering with the npm package fdb-tuple, so that
// `fdbtuple check -- node compat/js/adapter.js` checks that implementation.
//
// Mapping between the protocol's value notation and fdb-tuple's values:
//   null <-> null, bytes <-> Buffer, string <-> string, bool <-> boolean,
//   int <-> BigInt (fdb-tuple packs a BigInt of <= 8 bytes with the
//     fixed-size codes, and decodes small values as numbers),
//   float32/float64 <-> {type: 'float'|'double', value, rawEncoding}: the
//     raw IEEE bytes keep NaN payloads, which plain JS numbers lose,
//   uuid <-> {type: 'uuid', value: Buffer},
//   versionstamp <-> {type: 'versionstamp', value} when complete, and
//     {type: 'unbound versionstamp', code} when the transaction version is
//     ten ff bytes (incomplete),
//   tuple <-> array.
'use strict';

const readline = require('readline');
const tuple = require('fdb-tuple');
const version = require('fdb-tuple/package.json').version;

const INCOMPLETE = 'ff'.repeat(10);

function fromNotation(elems) {
  if (!Array.isArray(elems)) throw new Error('a tuple must be an array');
  return elems.map(fromElement);
}

function fromElement(e) {
  const keys = Object.keys(e);
  if (keys.length !== 1) throw new Error('an element has exactly one key');
  const k = keys[0];
  const v = e[k];
  switch (k) {
    case 'null': return null;
    case 'bytes': return Buffer.from(v, 'hex');
    case 'string': return v;
    case 'int': return BigInt(v);
    case 'bool': return v;
    case 'float32': {
      const raw = Buffer.from(v, 'hex');
      return { type: 'float', value: raw.readFloatBE(0), rawEncoding: raw };
    }
    case 'float64': {
      const raw = Buffer.from(v, 'hex');
      return { type: 'double', value: raw.readDoubleBE(0), rawEncoding: raw };
    }
    case 'uuid': return { type: 'uuid', value: Buffer.from(v.replace(/-/g, ''), 'hex') };
    case 'versionstamp':
      if (v.slice(0, 20) === INCOMPLETE) {
        return { type: 'unbound versionstamp', code: parseInt(v.slice(20), 16) };
      }
      return { type: 'versionstamp', value: Buffer.from(v, 'hex') };
    case 'tuple': return fromNotation(v);
  }
  throw new Error('unknown element type ' + k);
}

function toNotation(items) {
  return items.map(toElement);
}

function uuidText(b) {
  const h = b.toString('hex');
  return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join('-');
}

function toElement(v) {
  if (v === null) return { null: null };
  if (Buffer.isBuffer(v)) return { bytes: v.toString('hex') };
  if (typeof v === 'string') return { string: v };
  if (typeof v === 'boolean') return { bool: v };
  if (typeof v === 'bigint') return { int: v.toString() };
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) throw new Error('unexpected non-integer number ' + v);
    return { int: BigInt(v).toString() };
  }
  if (Array.isArray(v)) return { tuple: toNotation(v) };
  switch (v.type) {
    case 'float': return { float32: v.rawEncoding.toString('hex') };
    case 'double': return { float64: v.rawEncoding.toString('hex') };
    case 'uuid': return { uuid: uuidText(v.value) };
    case 'versionstamp': return { versionstamp: v.value.toString('hex') };
    case 'unbound versionstamp': {
      const uv = Buffer.alloc(2);
      uv.writeUInt16BE(v.code || 0, 0);
      return { versionstamp: INCOMPLETE + uv.toString('hex') };
    }
  }
  throw new Error('unexpected decoded value ' + JSON.stringify(v));
}

// fdb-tuple returns the stamp's position without the suffix; the suffix is
// written here as node-foundationdb writes it: the position counted from
// the start of the key, 4 bytes little endian from API 520 on, 2 before.
function packVersionstamp(req) {
  const prefix = Buffer.from(req.prefix || '', 'hex');
  let res;
  try {
    res = tuple.packUnboundVersionstamp(fromNotation(req.tuple));
  } catch (err) {
    const kind = /No incomplete/.test(err.message) ? 'no_incomplete'
      : /only contain 1/.test(err.message) ? 'multiple_incomplete' : undefined;
    return { error: err.message, error_kind: kind };
  }
  const pos = prefix.length + res.stampPos;
  const api = req.api_version || 800;
  const suffix = Buffer.alloc(api >= 520 ? 4 : 2);
  if (api >= 520) suffix.writeUInt32LE(pos, 0);
  else suffix.writeUInt16LE(pos, 0);
  return { packed: Buffer.concat([prefix, res.data, suffix]).toString('hex') };
}

function answer(req) {
  switch (req.op) {
    case 'hello':
      return {
        name: 'fdb-tuple', version, protocol: 1,
        ops: ['hello', 'pack', 'unpack', 'pack_versionstamp'],
        types: ['null', 'bytes', 'string', 'int', 'float32', 'float64', 'bool', 'uuid', 'versionstamp', 'tuple'],
        // fdb-tuple decodes unterminated byte strings and strings, and
        // non-minimal integers, as the Python reference does
        lenient: ['unterminated', 'non-minimal-int'],
      };
    case 'pack':
      return { packed: tuple.pack(fromNotation(req.tuple)).toString('hex') };
    case 'unpack':
      return { tuple: toNotation(tuple.unpack(Buffer.from(req.packed, 'hex'), true)) };
    case 'pack_versionstamp':
      return packVersionstamp(req);
  }
  throw new Error('unknown op ' + req.op);
}

const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let id = 0;
  let resp;
  try {
    const req = JSON.parse(line);
    id = req.id;
    resp = answer(req);
  } catch (err) {
    resp = { error: String(err && err.message ? err.message : err) };
  }
  process.stdout.write(JSON.stringify(Object.assign({ id }, resp)) + '\n');
});
