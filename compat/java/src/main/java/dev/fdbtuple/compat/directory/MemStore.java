package dev.fdbtuple.compat.directory;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The oracle's database: an ordered map of byte strings, keys in unsigned
 * byte order as FoundationDB orders them. A transaction works on a copy
 * (see MemTx) and replaces the map only when it commits, so a transaction
 * that fails leaves nothing behind.
 */
public final class MemStore {
	private TreeMap<byte[], byte[]> data = newMap();

	static TreeMap<byte[], byte[]> newMap() {
		return new TreeMap<>(Arrays::compareUnsigned);
	}

	/** Empties the store. */
	public void reset() {
		data = newMap();
	}

	/** Stores one pair outside any transaction (the protocol's load). */
	public void put(byte[] key, byte[] value) {
		data.put(key.clone(), value.clone());
	}

	/** Every pair, in key order. */
	public Map<byte[], byte[]> pairs() {
		return java.util.Collections.unmodifiableMap(data);
	}

	/** Starts a transaction on a copy of the current state. */
	public MemTx begin() {
		return new MemTx(this, new TreeMap<>(data));
	}

	void commit(TreeMap<byte[], byte[]> working) {
		data = working;
	}
}
