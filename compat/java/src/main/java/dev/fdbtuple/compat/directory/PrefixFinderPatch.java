package dev.fdbtuple.compat.directory;

import com.apple.foundationdb.directory.DirectoryLayer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Makes the official directory layer's prefix allocator draw from Draws,
 * without shipping a modified fdb-java class.
 *
 * The allocator (DirectoryLayer$PrefixFinder) does new java.util.Random()
 * once per allocation, keeps it in a field of type Random, and calls
 * nextInt(windowSize) on it. install() reads that class's bytes from the
 * fdb-java jar, and in its constant pool renames the class constant
 * java/util/Random (which its new, its constructor call and its nextInt
 * call name) and the field descriptor Ljava/util/Random; (so that the
 * verifier sees the field hold what nextInt is called on) to
 * ScriptedRandom. It then defines the result in DirectoryLayer's package
 * and class loader, before the binding loads the original, which it does
 * only at the first allocation. Nothing else changes: the constant pool
 * keeps its entries and indices (two UTF-8 entries change length), and the
 * rest of the class file is copied byte for byte.
 */
public final class PrefixFinderPatch {
	static final String TARGET = "com/apple/foundationdb/directory/DirectoryLayer$PrefixFinder";
	static final String FROM = "java/util/Random";
	static final String TO = ScriptedRandom.class.getName().replace('.', '/');

	private PrefixFinderPatch() {}

	/** Defines the patched allocator class; fails if it is already loaded or the patch does not apply. */
	public static void install() throws IOException, IllegalAccessException {
		byte[] original;
		try (InputStream in = DirectoryLayer.class.getClassLoader().getResourceAsStream(TARGET + ".class")) {
			if (in == null) {
				throw new IOException(TARGET + ".class not found next to DirectoryLayer");
			}
			original = in.readAllBytes();
		}
		byte[] patched = renameClass(original, FROM, TO);
		Class<?> c = MethodHandles.privateLookupIn(DirectoryLayer.class, MethodHandles.lookup()).defineClass(patched);
		if (!c.getName().equals(TARGET.replace('/', '.'))) {
			throw new IllegalStateException("defined " + c.getName() + ", want " + TARGET);
		}
	}

	/**
	 * Returns the class file cls with the UTF-8 constant that a
	 * CONSTANT_Class entry names (from) and the UTF-8 constant "Lfrom;" (a
	 * field descriptor) replaced by to and "Lto;". The class constant must
	 * exist; each is renamed once at most.
	 */
	static byte[] renameClass(byte[] cls, String from, String to) throws IOException {
		ByteBuffer b = ByteBuffer.wrap(cls);
		if (b.getInt() != 0xCAFEBABE) {
			throw new IOException("not a class file");
		}
		b.getShort(); // minor
		b.getShort(); // major
		int count = b.getShort() & 0xffff;
		int[] start = new int[count];
		int[] tag = new int[count];
		Set<Integer> classNames = new HashSet<>();
		for (int i = 1; i < count; i++) {
			start[i] = b.position();
			tag[i] = b.get() & 0xff;
			switch (tag[i]) {
				case 1 -> { int len = b.getShort() & 0xffff; b.position(b.position() + len); } // Utf8
				case 7 -> classNames.add(b.getShort() & 0xffff); // Class
				case 8, 16, 19, 20 -> b.getShort(); // String, MethodType, Module, Package
				case 3, 4, 9, 10, 11, 12, 17, 18 -> b.getInt(); // Integer, Float, refs, NameAndType, Dynamic
				case 15 -> { b.get(); b.getShort(); } // MethodHandle
				case 5, 6 -> { b.getLong(); i++; } // Long, Double: two slots
				default -> throw new IOException("constant " + i + ": unknown tag " + tag[i]);
			}
		}
		Map<Integer, String> renames = new TreeMap<>();
		for (int i = 1; i < count; i++) {
			if (tag[i] != 1) {
				continue;
			}
			String s = utf8(cls, start[i]);
			if (s.equals(from) && classNames.contains(i)) {
				renames.put(i, to);
			} else if (s.equals("L" + from + ";")) {
				renames.put(i, "L" + to + ";");
			}
		}
		if (!renames.containsValue(to)) {
			throw new IOException("no class constant names " + from);
		}
		ByteArrayOutputStream out = new ByteArrayOutputStream(cls.length + 2 * to.length());
		int copied = 0;
		for (Map.Entry<Integer, String> r : renames.entrySet()) {
			int at = start[r.getKey()];
			out.write(cls, copied, at - copied);
			byte[] name = r.getValue().getBytes(StandardCharsets.UTF_8); // ASCII: modified UTF-8 is the same
			out.write(1);
			out.write(name.length >> 8);
			out.write(name.length & 0xff);
			out.write(name);
			copied = at + 3 + utf8Length(cls, at);
		}
		out.write(cls, copied, cls.length - copied);
		return out.toByteArray();
	}

	private static int utf8Length(byte[] cls, int at) {
		return ((cls[at + 1] & 0xff) << 8) | (cls[at + 2] & 0xff);
	}

	private static String utf8(byte[] cls, int at) {
		return new String(cls, at + 3, utf8Length(cls, at), StandardCharsets.UTF_8);
	}
}
