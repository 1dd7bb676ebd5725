//! Speaks the fdbtuple compat protocol (../PROTOCOL.md, version 1) on
//! stdin/stdout, answering with the crates.io crate foundationdb-tuple
//! (pinned in Cargo.toml and Cargo.lock), with its uuid and num-bigint
//! features.
//!
//! Value mapping: Nil, Bytes, String, Int (i64) or BigInt for integers
//! that do not fit, Float and Double from their raw bits, Bool, Uuid,
//! Versionstamp (ten ff bytes of transaction version: incomplete), and
//! Tuple for nested tuples.

use std::borrow::Cow;
use std::io::{self, BufRead, Write};

use foundationdb_tuple::{pack, unpack, Bytes, Element, TuplePack, VersionstampOffset, Versionstamp};
use num_bigint::BigInt;
use serde_json::{json, Map, Value};

const INCOMPLETE: [u8; 10] = [0xff; 10];

fn hex(b: &[u8]) -> String {
    b.iter().map(|c| format!("{:02x}", c)).collect()
}

fn unhex(s: &str) -> Result<Vec<u8>, String> {
    if s.len() % 2 != 0 {
        return Err(format!("odd hex length in {:?}", s));
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).map_err(|e| e.to_string()))
        .collect()
}

fn from_notation(v: &Value) -> Result<Vec<Element<'static>>, String> {
    v.as_array()
        .ok_or("a tuple must be a JSON array")?
        .iter()
        .map(from_element)
        .collect()
}

fn from_element(e: &Value) -> Result<Element<'static>, String> {
    let obj = e.as_object().filter(|o| o.len() == 1).ok_or("an element has exactly one key")?;
    let (k, v) = obj.iter().next().unwrap();
    let text = || v.as_str().ok_or(format!("{} must be a string", k));
    Ok(match k.as_str() {
        "null" => Element::Nil,
        "bytes" => Element::Bytes(Bytes(Cow::Owned(unhex(text()?)?))),
        "string" => Element::String(Cow::Owned(text()?.to_string())),
        "int" => {
            let s = text()?;
            match s.parse::<i64>() {
                Ok(i) => Element::Int(i),
                Err(_) => Element::BigInt(s.parse::<BigInt>().map_err(|e| e.to_string())?),
            }
        }
        "bool" => Element::Bool(v.as_bool().ok_or("bool must be true or false")?),
        "float32" => Element::Float(f32::from_bits(u32::from_str_radix(text()?, 16).map_err(|e| e.to_string())?)),
        "float64" => Element::Double(f64::from_bits(u64::from_str_radix(text()?, 16).map_err(|e| e.to_string())?)),
        "uuid" => Element::Uuid(uuid::Uuid::parse_str(text()?).map_err(|e| e.to_string())?),
        "versionstamp" => {
            let raw = unhex(text()?)?;
            if raw.len() != 12 {
                return Err("a versionstamp is 12 bytes".into());
            }
            let mut tr = [0u8; 10];
            tr.copy_from_slice(&raw[..10]);
            let uv = u16::from_be_bytes([raw[10], raw[11]]);
            Element::Versionstamp(if tr == INCOMPLETE { Versionstamp::incomplete(uv) } else { Versionstamp::complete(tr, uv) })
        }
        "tuple" => Element::Tuple(from_notation(v)?),
        other => return Err(format!("unknown element type {}", other)),
    })
}

fn to_notation(items: &[Element<'_>]) -> Value {
    Value::Array(items.iter().map(to_element).collect())
}

fn to_element(e: &Element<'_>) -> Value {
    match e {
        Element::Nil => json!({"null": null}),
        Element::Bytes(b) => json!({"bytes": hex(b.as_ref())}),
        Element::String(s) => json!({"string": s}),
        Element::Int(i) => json!({"int": i.to_string()}),
        Element::BigInt(i) => json!({"int": i.to_string()}),
        Element::Float(f) => json!({"float32": format!("{:08x}", f.to_bits())}),
        Element::Double(f) => json!({"float64": format!("{:016x}", f.to_bits())}),
        Element::Bool(b) => json!({"bool": b}),
        Element::Uuid(u) => json!({"uuid": u.hyphenated().to_string()}),
        Element::Versionstamp(v) => json!({"versionstamp": hex(v.as_bytes())}),
        Element::Tuple(t) => json!({"tuple": to_notation(t)}),
    }
}

fn field<'a>(req: &'a Value, name: &str) -> Result<&'a Value, String> {
    req.get(name).ok_or(format!("missing {}", name))
}

fn answer(req: &Value, resp: &mut Map<String, Value>) -> Result<(), String> {
    match req.get("op").and_then(Value::as_str).unwrap_or("") {
        "hello" => {
            resp.insert("name".into(), json!("rust-foundationdb-tuple"));
            resp.insert("version".into(), json!(env!("FDB_TUPLE_VERSION")));
            resp.insert("protocol".into(), json!(1));
            resp.insert("ops".into(), json!(["hello", "pack", "unpack", "compare", "pack_versionstamp"]));
            resp.insert(
                "types".into(),
                json!(["null", "bytes", "string", "int", "float32", "float64", "bool", "uuid", "versionstamp", "tuple"]),
            );
            // the crate decodes non-minimal integers as the Python reference does
            resp.insert("lenient".into(), json!(["non-minimal-int"]));
        }
        "pack" => {
            let t = from_notation(field(req, "tuple")?)?;
            resp.insert("packed".into(), json!(hex(&pack(&t))));
        }
        "unpack" => {
            let b = unhex(field(req, "packed")?.as_str().unwrap_or(""))?;
            let t: Vec<Element> = unpack(&b).map_err(|e| format!("{:?}", e))?;
            resp.insert("tuple".into(), to_notation(&t));
        }
        "compare" => {
            let a = Element::Tuple(from_notation(field(req, "a")?)?);
            let b = Element::Tuple(from_notation(field(req, "b")?)?);
            resp.insert("result".into(), json!(a.cmp(&b) as i32));
        }
        "pack_versionstamp" => {
            let t = from_notation(field(req, "tuple")?)?;
            let api = req.get("api_version").and_then(Value::as_i64).unwrap_or(800);
            if api < 520 {
                // The crate writes only the 4-byte offset of API 520 and later.
                return Err(format!("the crate has no 2-byte versionstamp offset for API version {}", api));
            }
            let mut out = unhex(req.get("prefix").and_then(Value::as_str).unwrap_or(""))?;
            match t.pack_into_vec_with_versionstamp(&mut out) {
                VersionstampOffset::OneIncomplete { .. } => {
                    resp.insert("packed".into(), json!(hex(&out)));
                }
                VersionstampOffset::None { .. } => {
                    resp.insert("error_kind".into(), json!("no_incomplete"));
                    return Err("no incomplete versionstamp".into());
                }
                VersionstampOffset::MultipleIncomplete => {
                    resp.insert("error_kind".into(), json!("multiple_incomplete"));
                    return Err("multiple incomplete versionstamps".into());
                }
            }
        }
        other => return Err(format!("unknown op {:?}", other)),
    }
    Ok(())
}

fn main() {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines().map_while(Result::ok) {
        if line.trim().is_empty() {
            continue;
        }
        let mut resp = Map::new();
        let mut id = json!(0);
        match serde_json::from_str::<Value>(&line) {
            Err(e) => {
                resp.insert("error".into(), json!(format!("malformed request: {}", e)));
            }
            Ok(req) => {
                id = req.get("id").cloned().unwrap_or(json!(0));
                // The crate panics on some input (multiple versionstamps in
                // pack_with_versionstamp, for one); a panic is answered as an
                // error, not a crash.
                match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer(&req, &mut resp))) {
                    Ok(Ok(())) => {}
                    Ok(Err(e)) => {
                        resp.insert("error".into(), json!(e));
                    }
                    Err(p) => {
                        let msg = p
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_default();
                        resp.clear();
                        resp.insert("error".into(), json!(format!("panic: {}", msg)));
                    }
                }
            }
        }
        resp.insert("id".into(), id);
        let _ = writeln!(out, "{}", Value::Object(resp));
        let _ = out.flush();
    }
}
