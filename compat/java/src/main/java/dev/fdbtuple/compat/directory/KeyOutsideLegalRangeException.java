package dev.fdbtuple.compat.directory;

/**
 * FoundationDB's key_outside_legal_range (error 2004): a transaction
 * without system-key access read or wrote a key at or after FF. The real
 * client fails the operation or the commit; the in-memory transaction
 * fails the call, which fails the directory operation, and the
 * transaction is not committed either way.
 */
public final class KeyOutsideLegalRangeException extends RuntimeException {
	KeyOutsideLegalRangeException(String what) {
		super("Key outside legal range (2004): " + what);
	}
}
