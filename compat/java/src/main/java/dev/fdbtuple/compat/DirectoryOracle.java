package dev.fdbtuple.compat;

import com.apple.foundationdb.directory.Directory;
import com.apple.foundationdb.directory.DirectoryLayer;
import com.apple.foundationdb.directory.DirectorySubspace;
import com.apple.foundationdb.subspace.Subspace;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.fdbtuple.compat.directory.DrawScriptException;
import dev.fdbtuple.compat.directory.Draws;
import dev.fdbtuple.compat.directory.ErrorClasses;
import dev.fdbtuple.compat.directory.MemStore;
import dev.fdbtuple.compat.directory.MemTx;
import dev.fdbtuple.compat.directory.PrefixFinderPatch;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * The directory oracle: the official Java DirectoryLayer (fdb-java, pinned
 * in pom.xml) on the in-memory transaction MemTx, driven by the directory
 * protocol (compat/DIRECTORY_PROTOCOL.md) on stdin/stdout, one JSON object
 * per line. No native library is loaded, and neither is the FDB class.
 *
 * The allocator's draws come from Draws (recorded from a seed or replayed
 * from a script), through PrefixFinderPatch, installed before anything can
 * allocate.
 */
public final class DirectoryOracle {
	private static final ObjectMapper JSON = new ObjectMapper();
	private static final HexFormat HEX = HexFormat.of();
	private static final int PROTOCOL = 1;
	private static final String[] OPS = {"hello", "reset", "load", "new_layer", "tx", "dump"};

	private final MemStore store = new MemStore();
	private final List<DirectoryLayer> layers = new ArrayList<>();
	private final Map<Integer, Directory> handles = new HashMap<>();
	private int nextHandle;

	private DirectoryOracle() {
		reset();
	}

	public static void main(String[] args) throws Exception {
		PrefixFinderPatch.install();
		DirectoryOracle oracle = new DirectoryOracle();
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
				oracle.answer(req, resp);
			} catch (ProtocolException e) {
				resp.put("error", e.getMessage());
			} catch (Exception e) {
				resp.removeAll();
				resp.put("error", e.getClass().getSimpleName() + ": " + e.getMessage());
			}
			resp.put("id", id);
			out.println(JSON.writeValueAsString(resp));
			out.flush();
		}
	}

	/** A request the oracle cannot carry out as asked: a protocol failure. */
	private static final class ProtocolException extends RuntimeException {
		ProtocolException(String message) {
			super(message);
		}
	}

	private void reset() {
		store.reset();
		layers.clear();
		layers.add(new DirectoryLayer()); // id 0: node FE, content empty, no manual prefixes
		handles.clear();
		nextHandle = 1;
	}

	private void answer(JsonNode req, ObjectNode resp) {
		switch (req.path("op").asText()) {
			case "hello" -> {
				resp.put("name", "java-fdb-directory");
				resp.put("version", Adapter.bindingVersion());
				resp.put("protocol", PROTOCOL);
				ArrayNode ops = resp.putArray("ops");
				for (String op : OPS) {
					ops.add(op);
				}
			}
			case "reset" -> reset();
			case "load" -> {
				for (JsonNode pair : req.path("pairs")) {
					store.put(HEX.parseHex(pair.get(0).asText()), HEX.parseHex(pair.get(1).asText()));
				}
			}
			case "new_layer" -> {
				Subspace node = new Subspace(HEX.parseHex(req.path("node").asText()));
				Subspace content = new Subspace(HEX.parseHex(req.path("content").asText()));
				layers.add(new DirectoryLayer(node, content, req.path("manual").asBoolean()));
				resp.put("layer_id", layers.size() - 1);
			}
			case "tx" -> tx(req, resp);
			case "dump" -> {
				ArrayNode pairs = resp.putArray("pairs");
				for (Map.Entry<byte[], byte[]> e : store.pairs().entrySet()) {
					pairs.addArray().add(HEX.formatHex(e.getKey())).add(HEX.formatHex(e.getValue()));
				}
			}
			default -> throw new ProtocolException("unknown op " + req.path("op").asText());
		}
	}

	private void tx(JsonNode req, ObjectNode resp) {
		int scripted = -1;
		if (req.has("draws")) {
			List<int[]> draws = new ArrayList<>();
			for (JsonNode d : req.get("draws")) {
				draws.add(new int[] {d.get(0).asInt(), d.get(1).asInt()});
			}
			if (req.has("then_seed")) {
				Draws.replayThen(draws, req.get("then_seed").asLong());
			} else {
				Draws.replay(draws);
				scripted = draws.size();
			}
		} else if (req.has("seed")) {
			Draws.record(req.get("seed").asLong());
		} else {
			throw new ProtocolException("tx: give draws (replay) or seed (record)");
		}
		MemTx mtx = store.begin();
		ArrayNode results = resp.putArray("results");
		boolean ok = true;
		String drawFailure = null;
		for (JsonNode op : req.path("ops")) {
			ObjectNode r = results.addObject();
			try {
				run(mtx, op, r);
			} catch (DrawScriptException e) {
				drawFailure = e.getMessage();
			} catch (DirectoryFailure e) {
				Throwable cause = e.getCause();
				if (cause instanceof DrawScriptException) {
					drawFailure = cause.getMessage();
				} else {
					r.removeAll();
					r.put("error", ErrorClasses.classify(cause));
					r.put("message", cause.getClass().getSimpleName() + ": " + cause.getMessage());
				}
			}
			if (drawFailure != null) {
				results.remove(results.size() - 1); // the operation has no answer
			}
			if (drawFailure != null || r.has("error")) {
				ok = false;
				break;
			}
		}
		if (drawFailure == null && scripted >= 0 && Draws.unconsumed() != 0) {
			drawFailure = "the transaction drew " + Draws.log().size() + " of the script's " + scripted + " draws";
			ok = false;
		}
		if (ok) {
			mtx.commit();
		}
		resp.put("committed", ok);
		ArrayNode log = resp.putArray("draws");
		for (int[] d : Draws.log()) {
			log.addArray().add(d[0]).add(d[1]);
		}
		if (drawFailure != null) {
			resp.put("error", drawFailure);
		}
	}

	/** A directory operation failed; the cause is what the layer threw. */
	private static final class DirectoryFailure extends RuntimeException {
		DirectoryFailure(Throwable cause) {
			super(cause);
		}
	}

	private void run(MemTx mtx, JsonNode op, ObjectNode r) {
		var tx = mtx.transaction();
		Directory d = target(op);
		List<String> path = path(op, "path");
		byte[] layer = op.hasNonNull("layer") ? HEX.parseHex(op.get("layer").asText()) : null;
		String name = op.path("op").asText();
		switch (name) {
			case "create_or_open" -> dir(r, await(() -> layer == null ? d.createOrOpen(tx, path) : d.createOrOpen(tx, path, layer)));
			case "open" -> dir(r, await(() -> layer == null ? d.open(tx, path) : d.open(tx, path, layer)));
			case "create" -> dir(r, await(() -> layer == null ? d.create(tx, path) : d.create(tx, path, layer)));
			case "create_prefix" -> {
				if (!op.hasNonNull("prefix")) {
					throw new ProtocolException("create_prefix needs a prefix");
				}
				byte[] prefix = HEX.parseHex(op.get("prefix").asText());
				dir(r, await(() -> d.create(tx, path, layer == null ? new byte[0] : layer, prefix)));
			}
			case "move" -> dir(r, await(() -> d.move(tx, path, path(op, "path2"))));
			case "move_to" -> dir(r, await(() -> d.moveTo(tx, path)));
			case "remove" -> await(() -> d.remove(tx, path));
			case "remove_if_exists" -> r.put("removed", await(() -> d.removeIfExists(tx, path)));
			case "list" -> {
				ArrayNode names = r.putArray("names");
				for (String n : await(() -> d.list(tx, path))) {
					names.add(n);
				}
			}
			case "exists" -> r.put("exists", await(() -> d.exists(tx, path)));
			default -> throw new ProtocolException("unknown directory op " + name);
		}
	}

	private Directory target(JsonNode op) {
		if (op.has("handle")) {
			Directory d = handles.get(op.get("handle").asInt());
			if (d == null) {
				throw new ProtocolException("no handle " + op.get("handle"));
			}
			return d;
		}
		int id = op.path("layer_id").asInt(0);
		if (id < 0 || id >= layers.size()) {
			throw new ProtocolException("no layer " + id);
		}
		return layers.get(id);
	}

	private static List<String> path(JsonNode op, String field) {
		List<String> p = new ArrayList<>();
		for (JsonNode e : op.path(field)) {
			p.add(e.asText());
		}
		return p;
	}

	private void dir(ObjectNode r, DirectorySubspace ds) {
		int h = nextHandle++;
		handles.put(h, ds);
		ObjectNode o = r.putObject("dir");
		ArrayNode p = o.putArray("path");
		for (String e : ds.getPath()) {
			p.add(e);
		}
		o.put("layer", HEX.formatHex(ds.getLayer()));
		if (Arrays.equals(ds.getLayer(), DirectoryLayer.PARTITION_LAYER)) {
			o.put("partition", true); // a partition's root has no key (getKey throws)
		} else {
			o.put("prefix", HEX.formatHex(ds.getKey()));
		}
		r.put("handle", h);
	}

	/**
	 * Calls the operation and waits for its future (complete already: MemTx
	 * runs everything at once); a failure, thrown by the call (some throw
	 * before returning a future, as DirectorySubspace.moveTo does) or by the
	 * future, becomes a DirectoryFailure holding what the layer threw.
	 */
	private static <T> T await(Supplier<CompletableFuture<T>> call) {
		try {
			return call.get().join();
		} catch (CompletionException e) {
			Throwable c = e;
			while ((c instanceof CompletionException || c instanceof ExecutionException) && c.getCause() != null) {
				c = c.getCause();
			}
			throw new DirectoryFailure(c);
		} catch (ProtocolException e) {
			throw e;
		} catch (RuntimeException e) {
			throw new DirectoryFailure(e);
		}
	}
}
