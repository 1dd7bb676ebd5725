package com.apple.foundationdb;

/**
 * Stand-in for the binding's FDB class, placed before the fdb-java jar on
 * the class path. The real class loads the FoundationDB client library
 * (libfdb_c, through libfdb_java) in its static initializer, and that
 * library is not installed here. The tuple package uses FDB for one thing
 * only: FDB.instance().getAPIVersion(), to pick the 2- or 4-byte
 * versionstamp offset of packWithVersionstamp. This class answers that,
 * with the version the adapter sets per request, and nothing else.
 */
public final class FDB {
	private static final FDB INSTANCE = new FDB();
	private static volatile int apiVersion = 800;

	private FDB() {}

	/** The singleton, as the real FDB.instance() returns it. */
	public static FDB instance() {
		return INSTANCE;
	}

	/** The API version the tuple code asks for. */
	public int getAPIVersion() {
		return apiVersion;
	}

	/** Sets the API version the next tuple calls see. */
	public static void setAPIVersionForTuples(int version) {
		apiVersion = version;
	}
}
