package dev.fdbtuple.compat.directory;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.TransactionOptions;
import com.apple.foundationdb.async.AsyncIterable;
import com.apple.foundationdb.async.AsyncIterator;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * An in-memory FoundationDB transaction, as a java.lang.reflect.Proxy over
 * the binding's Transaction interface (and a second one over
 * ReadTransaction for its snapshot view), implementing the methods the
 * directory layer calls:
 *
 * <ul>
 * <li>get, getRange over byte[] bounds or a Range, with a limit (0: none)
 * and reverse; every read sees the transaction's own sets, clears, clear
 * ranges and ADDs, the snapshot view's too (read-your-writes), and an
 * empty value is present, unlike an absent key;</li>
 * <li>set, clear of a key, of byte[] bounds or of a Range, and
 * mutate(ADD): FoundationDB's little-endian sum with the parameter's
 * length;</li>
 * <li>addWriteConflictKey (recorded: this store checks no conflicts),
 * options() accepting only setNextWriteNoWriteConflictRange (option 30),
 * snapshot(), isSnapshot(), getExecutor() (runs each task at once, in the
 * calling thread: every future the layer sees is already complete), and
 * run/runAsync/read/readAsync, which apply the function to this
 * transaction, as the binding's own transaction does.</li>
 * </ul>
 *
 * A key at or after FF fails the read or write (FoundationDB's
 * key_outside_legal_range, 2004, for a transaction without system-key
 * access). Any other method throws UnsupportedOperationException naming
 * itself, so a layer that starts calling something new is noticed.
 *
 * The transaction works on its own copy of the store; commit() installs
 * it, and a transaction that is dropped leaves the store as it was.
 */
public final class MemTx implements InvocationHandler {
	private static final Executor DIRECT = Runnable::run;
	private static final byte[] FF = {(byte) 0xff};
	private static final int NEXT_WRITE_NO_WRITE_CONFLICT_RANGE = 30;
	private static final HexFormat HEX = HexFormat.of();

	private final MemStore store;
	private final TreeMap<byte[], byte[]> working;
	private final Transaction tx;
	private final ReadTransaction snapshot;
	private boolean committed;

	MemTx(MemStore store, TreeMap<byte[], byte[]> working) {
		this.store = store;
		this.working = working;
		ClassLoader cl = Transaction.class.getClassLoader();
		this.tx = (Transaction) Proxy.newProxyInstance(cl, new Class<?>[] {Transaction.class}, this);
		this.snapshot = (ReadTransaction) Proxy.newProxyInstance(cl, new Class<?>[] {ReadTransaction.class}, new SnapshotView());
	}

	/** The transaction, to hand to the directory layer. */
	public Transaction transaction() {
		return tx;
	}

	/** Installs this transaction's writes in the store. */
	public void commit() {
		if (committed) {
			throw new IllegalStateException("committed twice");
		}
		committed = true;
		store.commit(working);
	}

	@Override
	public Object invoke(Object proxy, Method m, Object[] args) {
		Object handled = read(proxy, m, args, false);
		if (handled != NOT_HANDLED) {
			return handled;
		}
		switch (m.getName()) {
			case "set" -> {
				checkWriteKey((byte[]) args[0]);
				working.put(((byte[]) args[0]).clone(), ((byte[]) args[1]).clone());
				return null;
			}
			case "clear" -> {
				if (args.length == 1 && args[0] instanceof byte[] key) {
					checkWriteKey(key);
					working.remove(key);
				} else if (args.length == 1 && args[0] instanceof Range r) {
					clearRange(r.begin, r.end);
				} else if (args.length == 2) {
					clearRange((byte[]) args[0], (byte[]) args[1]);
				} else {
					throw unsupported(m);
				}
				return null;
			}
			case "mutate" -> {
				if (args[0] != MutationType.ADD) {
					throw unsupported(m);
				}
				byte[] key = (byte[]) args[1];
				checkWriteKey(key);
				working.put(key.clone(), add(working.get(key), (byte[]) args[2]));
				return null;
			}
			case "addWriteConflictKey" -> {
				checkWriteKey((byte[]) args[0]);
				return null;
			}
			case "options" -> {
				return new TransactionOptions((code, param) -> {
					if (code != NEXT_WRITE_NO_WRITE_CONFLICT_RANGE) {
						throw new UnsupportedOperationException("transaction option " + code);
					}
				});
			}
			case "snapshot" -> {
				return snapshot;
			}
			case "run" -> {
				@SuppressWarnings("unchecked")
				Function<Object, Object> f = (Function<Object, Object>) args[0];
				return f.apply(tx);
			}
			case "runAsync" -> {
				@SuppressWarnings("unchecked")
				Function<Object, CompletableFuture<?>> f = (Function<Object, CompletableFuture<?>>) args[0];
				return apply(f, tx);
			}
			default -> throw unsupported(m);
		}
	}

	private static final Object NOT_HANDLED = new Object();

	/** The methods the transaction and its snapshot view share. */
	private Object read(Object proxy, Method m, Object[] args, boolean isSnapshot) {
		switch (m.getName()) {
			case "get" -> {
				byte[] key = (byte[]) args[0];
				checkReadKey(key, key);
				byte[] v = working.get(key);
				return CompletableFuture.completedFuture(v == null ? null : v.clone());
			}
			case "getRange" -> {
				return getRange(m, args);
			}
			case "getExecutor" -> {
				return DIRECT;
			}
			case "isSnapshot" -> {
				return isSnapshot;
			}
			case "read" -> {
				@SuppressWarnings("unchecked")
				Function<Object, Object> f = (Function<Object, Object>) args[0];
				return f.apply(proxy);
			}
			case "readAsync" -> {
				@SuppressWarnings("unchecked")
				Function<Object, CompletableFuture<?>> f = (Function<Object, CompletableFuture<?>>) args[0];
				return apply(f, proxy);
			}
			case "toString" -> {
				return isSnapshot ? "MemTx.snapshot" : "MemTx";
			}
			case "hashCode" -> {
				return System.identityHashCode(proxy);
			}
			case "equals" -> {
				return proxy == args[0];
			}
			default -> {
				return NOT_HANDLED;
			}
		}
	}

	/** Applies f as the binding's runAsync does: a throw becomes a failed future. */
	private static CompletableFuture<?> apply(Function<Object, CompletableFuture<?>> f, Object t) {
		try {
			return f.apply(t);
		} catch (RuntimeException e) {
			return CompletableFuture.failedFuture(e);
		}
	}

	private AsyncIterable<KeyValue> getRange(Method m, Object[] args) {
		byte[] begin;
		byte[] end;
		int rest;
		if (args[0] instanceof Range r) {
			begin = r.begin;
			end = r.end;
			rest = 1;
		} else if (args[0] instanceof byte[] b && args.length >= 2 && args[1] instanceof byte[] e) {
			begin = b;
			end = e;
			rest = 2;
		} else {
			throw unsupported(m);
		}
		int limit = args.length > rest ? (Integer) args[rest] : 0;
		boolean reverse = args.length > rest + 1 && (Boolean) args[rest + 1];
		checkReadKey(begin, end);
		List<KeyValue> out = new ArrayList<>();
		if (Arrays.compareUnsigned(begin, end) < 0) {
			NavigableMap<byte[], byte[]> sub = working.subMap(begin, true, end, false);
			if (reverse) {
				sub = sub.descendingMap();
			}
			for (Map.Entry<byte[], byte[]> e : sub.entrySet()) {
				if (limit > 0 && out.size() == limit) {
					break;
				}
				out.add(new KeyValue(e.getKey().clone(), e.getValue().clone()));
			}
		}
		return new ListIterable(out);
	}

	private void clearRange(byte[] begin, byte[] end) {
		if (Arrays.compareUnsigned(begin, FF) > 0 || Arrays.compareUnsigned(end, FF) > 0) {
			throw new KeyOutsideLegalRangeException("clear range " + HEX.formatHex(begin) + ".." + HEX.formatHex(end));
		}
		if (Arrays.compareUnsigned(begin, end) < 0) {
			working.subMap(begin, true, end, false).clear();
		}
	}

	private static void checkWriteKey(byte[] key) {
		if (Arrays.compareUnsigned(key, FF) >= 0) {
			throw new KeyOutsideLegalRangeException("write of " + HEX.formatHex(key));
		}
	}

	private static void checkReadKey(byte[] begin, byte[] end) {
		if (Arrays.compareUnsigned(begin, FF) > 0 || Arrays.compareUnsigned(end, FF) > 0) {
			throw new KeyOutsideLegalRangeException("read of " + HEX.formatHex(begin) + ".." + HEX.formatHex(end));
		}
	}

	/** FoundationDB's ADD: little-endian sum, len(param) bytes, absent as zero, wrapping. */
	static byte[] add(byte[] old, byte[] param) {
		byte[] out = new byte[param.length];
		int carry = 0;
		for (int i = 0; i < param.length; i++) {
			int a = old != null && i < old.length ? old[i] & 0xff : 0;
			int s = a + (param[i] & 0xff) + carry;
			out[i] = (byte) s;
			carry = s >> 8;
		}
		return out;
	}

	private static UnsupportedOperationException unsupported(Method m) {
		return new UnsupportedOperationException("MemTx does not implement " + m);
	}

	/** The snapshot view: the same reads, no writes. */
	private final class SnapshotView implements InvocationHandler {
		@Override
		public Object invoke(Object proxy, Method m, Object[] args) {
			Object handled = read(proxy, m, args, true);
			if (handled != NOT_HANDLED) {
				return handled;
			}
			if (m.getName().equals("snapshot")) {
				return proxy;
			}
			throw unsupported(m);
		}
	}

	/** A range read's result, already complete. */
	private static final class ListIterable implements AsyncIterable<KeyValue> {
		private final List<KeyValue> items;

		ListIterable(List<KeyValue> items) {
			this.items = items;
		}

		@Override
		public AsyncIterator<KeyValue> iterator() {
			Iterator<KeyValue> it = items.iterator();
			return new AsyncIterator<>() {
				@Override
				public CompletableFuture<Boolean> onHasNext() {
					return CompletableFuture.completedFuture(it.hasNext());
				}

				@Override
				public boolean hasNext() {
					return it.hasNext();
				}

				@Override
				public KeyValue next() {
					return it.next();
				}

				@Override
				public void cancel() {}
			};
		}

		@Override
		public CompletableFuture<List<KeyValue>> asList() {
			return CompletableFuture.completedFuture(new ArrayList<>(items));
		}
	}
}
