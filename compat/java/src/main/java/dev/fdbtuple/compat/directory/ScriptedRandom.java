package dev.fdbtuple.compat.directory;

import java.util.Random;

/**
 * What the directory layer's prefix allocator gets instead of a new
 * java.util.Random (see PrefixFinderPatch): nextInt(bound) takes the next
 * draw from Draws. The allocator calls nothing else; any other draw fails,
 * so that a binding that starts drawing differently is noticed.
 */
public final class ScriptedRandom extends Random {
	private static final long serialVersionUID = 1L;

	/** Called by the patched allocator's new ScriptedRandom(). */
	public ScriptedRandom() {
		super(0);
	}

	@Override
	public int nextInt(int bound) {
		return Draws.next(bound);
	}

	@Override
	protected int next(int bits) {
		throw new IllegalStateException("the allocator drew other than nextInt(bound)");
	}
}
