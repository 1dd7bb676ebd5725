package dev.fdbtuple.compat.directory;

/** A draw that the replayed script cannot serve: a protocol failure, not a directory error. */
public final class DrawScriptException extends RuntimeException {
	DrawScriptException(String message) {
		super(message);
	}
}
