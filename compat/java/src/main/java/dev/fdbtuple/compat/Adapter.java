package dev.fdbtuple.compat;

import com.apple.foundationdb.FDB;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * Speaks the fdbtuple compat protocol (../PROTOCOL.md, version 1) on
 * stdin/stdout, answering with the official Java binding's Tuple and
 * Versionstamp classes (org.foundationdb:fdb-java, pinned in pom.xml).
 *
 * Value mapping: null, byte[], String, BigInteger for every int (the
 * binding keeps a BigInteger's full value and writes small ones in the
 * fixed-size forms), Float and Double from their raw bits, Boolean, UUID,
 * Versionstamp (ten ff bytes of transaction version: incomplete), and
 * nested tuples as Tuple.
 */
public final class Adapter {
	private static final ObjectMapper JSON = new ObjectMapper();
	private static final HexFormat HEX = HexFormat.of();
	private static final byte[] INCOMPLETE = HEX.parseHex("ffffffffffffffffffff");

	public static void main(String[] args) throws Exception {
		BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
		PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
		String line;
		while ((line = in.readLine()) != null) {
			if (line.isBlank()) {
				continue;
			}
			ObjectNode resp = JSON.createObjectNode();
			long id = 0;
			try {
				JsonNode req = JSON.readTree(line);
				id = req.path("id").asLong();
				answer(req, resp);
			} catch (Exception e) {
				resp.removeAll();
				resp.put("error", e.getClass().getSimpleName() + ": " + e.getMessage());
			}
			resp.put("id", id);
			out.println(JSON.writeValueAsString(resp));
			out.flush();
		}
	}

	static void answer(JsonNode req, ObjectNode resp) {
		FDB.setAPIVersionForTuples(req.path("api_version").asInt(800));
		switch (req.path("op").asText()) {
			case "hello" -> {
				resp.put("name", "java-fdb");
				resp.put("version", bindingVersion());
				resp.put("protocol", 1);
				ArrayNode ops = resp.putArray("ops");
				for (String op : new String[] {"hello", "pack", "unpack", "compare", "pack_versionstamp"}) {
					ops.add(op);
				}
				ArrayNode types = resp.putArray("types");
				for (String t : new String[] {"null", "bytes", "string", "int", "float32", "float64", "bool", "uuid", "versionstamp", "tuple"}) {
					types.add(t);
				}
				// the binding decodes non-minimal integers as the Python reference does
				resp.putArray("lenient").add("non-minimal-int");
			}
			case "pack" -> resp.put("packed", HEX.formatHex(fromNotation(req.get("tuple")).pack()));
			case "unpack" -> resp.set("tuple", toNotation(Tuple.fromBytes(HEX.parseHex(req.get("packed").asText())).getItems()));
			case "compare" -> resp.put("result", Integer.signum(fromNotation(req.get("a")).compareTo(fromNotation(req.get("b")))));
			case "pack_versionstamp" -> {
				try {
					byte[] prefix = HEX.parseHex(req.path("prefix").asText(""));
					resp.put("packed", HEX.formatHex(fromNotation(req.get("tuple")).packWithVersionstamp(prefix)));
				} catch (IllegalArgumentException e) {
					resp.put("error", e.getMessage());
					String msg = String.valueOf(e.getMessage());
					if (msg.startsWith("No incomplete")) {
						resp.put("error_kind", "no_incomplete");
					} else if (msg.contains("ultiple") || msg.contains("more than one")) {
						resp.put("error_kind", "multiple_incomplete");
					}
				}
			}
			default -> throw new IllegalArgumentException("unknown op " + req.path("op").asText());
		}
	}

	/** The binding's version, read from the name of the jar Tuple was loaded from. */
	static String bindingVersion() {
		String jar = Tuple.class.getProtectionDomain().getCodeSource().getLocation().getPath();
		java.util.regex.Matcher m = java.util.regex.Pattern.compile("fdb-java-([^/]+)\\.jar$").matcher(jar);
		return m.find() ? m.group(1) : "unknown (" + jar + ")";
	}

	static Tuple fromNotation(JsonNode elems) {
		if (elems == null || !elems.isArray()) {
			throw new IllegalArgumentException("a tuple must be a JSON array");
		}
		List<Object> items = new ArrayList<>();
		for (JsonNode e : elems) {
			items.add(fromElement(e));
		}
		return Tuple.fromList(items);
	}

	static Object fromElement(JsonNode e) {
		if (!e.isObject() || e.size() != 1) {
			throw new IllegalArgumentException("an element has exactly one key");
		}
		String k = e.fieldNames().next();
		JsonNode v = e.get(k);
		return switch (k) {
			case "null" -> null;
			case "bytes" -> HEX.parseHex(v.asText());
			case "string" -> v.asText();
			case "int" -> new BigInteger(v.asText());
			case "bool" -> v.asBoolean();
			case "float32" -> Float.intBitsToFloat(Integer.parseUnsignedInt(v.asText(), 16));
			case "float64" -> Double.longBitsToDouble(Long.parseUnsignedLong(v.asText(), 16));
			case "uuid" -> UUID.fromString(v.asText());
			case "versionstamp" -> {
				byte[] raw = HEX.parseHex(v.asText());
				byte[] tr = java.util.Arrays.copyOf(raw, 10);
				int uv = ((raw[10] & 0xff) << 8) | (raw[11] & 0xff);
				yield java.util.Arrays.equals(tr, INCOMPLETE) ? Versionstamp.incomplete(uv) : Versionstamp.complete(tr, uv);
			}
			case "tuple" -> fromNotation(v);
			default -> throw new IllegalArgumentException("unknown element type " + k);
		};
	}

	static ArrayNode toNotation(List<Object> items) {
		ArrayNode arr = JSON.createArrayNode();
		for (Object v : items) {
			arr.add(toElement(v));
		}
		return arr;
	}

	static ObjectNode toElement(Object v) {
		ObjectNode o = JSON.createObjectNode();
		if (v == null) {
			o.putNull("null");
		} else if (v instanceof byte[] b) {
			o.put("bytes", HEX.formatHex(b));
		} else if (v instanceof String s) {
			o.put("string", s);
		} else if (v instanceof Long || v instanceof Integer || v instanceof BigInteger) {
			o.put("int", v.toString());
		} else if (v instanceof Float f) {
			o.put("float32", String.format("%08x", Float.floatToRawIntBits(f)));
		} else if (v instanceof Double d) {
			o.put("float64", String.format("%016x", Double.doubleToRawLongBits(d)));
		} else if (v instanceof Boolean b) {
			o.put("bool", b);
		} else if (v instanceof UUID u) {
			o.put("uuid", u.toString());
		} else if (v instanceof Versionstamp vs) {
			o.put("versionstamp", HEX.formatHex(vs.getBytes()));
		} else if (v instanceof Tuple t) {
			o.set("tuple", toNotation(t.getItems()));
		} else if (v instanceof List<?> l) {
			o.set("tuple", toNotation(new ArrayList<Object>(l)));
		} else {
			throw new IllegalArgumentException("unexpected decoded value of " + v.getClass());
		}
		return o;
	}

	private Adapter() {}
}
