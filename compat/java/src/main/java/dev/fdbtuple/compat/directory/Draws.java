package dev.fdbtuple.compat.directory;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The allocator's source of randomness, which the protocol controls. The
 * directory layer's prefix allocator draws once per candidate, an offset
 * below the window size (nextInt(windowSize) on the Random that ScriptedRandom
 * stands in for); each draw is logged as (bound, value).
 *
 * Two modes, set before each transaction: record (values from a seeded
 * stream) and replay (values from a script, which must be consumed exactly:
 * the same number of draws with the same bounds, in order). A replay that
 * asks for another bound, or more draws than the script holds, fails the
 * draw with a DrawScriptException naming it.
 */
public final class Draws {
	private static List<int[]> script;
	private static SplittableRandom seeded;
	private static final List<int[]> log = new ArrayList<>();

	private Draws() {}

	/** Record mode: values from a stream seeded with seed. */
	public static synchronized void record(long seed) {
		script = null;
		seeded = new SplittableRandom(seed);
		log.clear();
	}

	/** Replay mode: the values of the script, in order. */
	public static synchronized void replay(List<int[]> draws) {
		script = new ArrayList<>(draws);
		seeded = null;
		log.clear();
	}

	/**
	 * Replay mode that goes on: the values of the script while it lasts,
	 * then from a stream seeded with thenSeed; the script need not be used
	 * up.
	 */
	public static synchronized void replayThen(List<int[]> draws, long thenSeed) {
		replay(draws);
		seeded = new SplittableRandom(thenSeed);
	}

	/** The draws made since the mode was set, as (bound, value) pairs. */
	public static synchronized List<int[]> log() {
		return new ArrayList<>(log);
	}

	/** The number of draws the script holds that were not drawn: 0 in record mode and after the script when it goes on. */
	public static synchronized int unconsumed() {
		return script == null || seeded != null ? 0 : script.size() - log.size();
	}

	/** One draw below bound. */
	static synchronized int next(int bound) {
		int n = log.size();
		int value;
		if (script != null && (n < script.size() || seeded == null)) {
			if (n >= script.size()) {
				throw new DrawScriptException("draw " + n + ": the layer asked for a draw below " + bound
						+ ", the script holds only " + script.size() + " draws");
			}
			int[] d = script.get(n);
			if (d[0] != bound) {
				throw new DrawScriptException("draw " + n + ": the layer asked for a draw below " + bound
						+ ", the script has bound " + d[0] + " (value " + d[1] + ")");
			}
			if (d[1] < 0 || d[1] >= bound) {
				throw new DrawScriptException("draw " + n + ": the script's value " + d[1] + " is outside [0, " + bound + ")");
			}
			value = d[1];
		} else if (seeded != null) {
			value = seeded.nextInt(bound);
		} else {
			throw new DrawScriptException("draw " + n + ": no draw mode set");
		}
		log.add(new int[] {bound, value});
		return value;
	}
}
