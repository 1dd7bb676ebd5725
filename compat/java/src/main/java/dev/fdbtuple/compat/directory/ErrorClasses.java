package dev.fdbtuple.compat.directory;

import com.apple.foundationdb.directory.DirectoryAlreadyExistsException;
import com.apple.foundationdb.directory.DirectoryException;
import com.apple.foundationdb.directory.DirectoryMoveException;
import com.apple.foundationdb.directory.DirectoryVersionException;
import com.apple.foundationdb.directory.MismatchedLayerException;
import com.apple.foundationdb.directory.NoSuchDirectoryException;

import java.nio.BufferUnderflowException;

/**
 * The one table from the Java directory layer's exceptions to the
 * protocol's error classes (compat/DIRECTORY_PROTOCOL.md, "Error
 * classes"; the Go side's table is compat/dirdiff/errclass.go). Java throws one class for several failures
 * (DirectoryMoveException, IllegalArgumentException,
 * IllegalStateException); those are told apart by their fixed texts.
 * Anything else is "unexpected: Class: message", which no Go error maps
 * to, so the differential reports it.
 */
public final class ErrorClasses {
	private ErrorClasses() {}

	/** The error class of a failure of a directory operation. */
	public static String classify(Throwable e) {
		String msg = String.valueOf(e.getMessage());
		if (e instanceof DirectoryAlreadyExistsException) {
			return "already_exists";
		}
		if (e instanceof NoSuchDirectoryException) {
			return "not_exists";
		}
		if (e instanceof MismatchedLayerException) {
			return "layer_mismatch";
		}
		if (e instanceof DirectoryVersionException) {
			return "version";
		}
		if (e instanceof BufferUnderflowException) {
			return "invalid_metadata"; // a version value shorter than 12 bytes
		}
		if (e instanceof DirectoryMoveException) {
			if (msg.startsWith("The destination directory cannot be a subdirectory of the source directory")) {
				return "move_into_subdirectory";
			}
			if (msg.startsWith("Cannot move between partitions")) {
				return "move_between_partitions";
			}
			if (msg.startsWith("The root directory cannot be moved")) {
				return "root";
			}
		} else if (e instanceof DirectoryException) {
			if (msg.startsWith("The root directory cannot be removed")) {
				return "root";
			}
		} else if (e instanceof IllegalArgumentException) {
			if (msg.startsWith("The root directory may not be opened")) {
				return "root";
			}
			if (msg.startsWith("Cannot specify a prefix unless manual prefixes are enabled")
					|| msg.startsWith("Cannot specify a prefix in a partition")) {
				return "manual_prefix_not_allowed";
			}
			if (msg.startsWith("Prefix already in use")) {
				return "prefix_in_use";
			}
			if (msg.startsWith("No key beyond supplied prefix")) {
				return "invalid_prefix"; // a manual prefix of FF bytes only (strinc has no answer)
			}
		} else if (e instanceof IllegalStateException) {
			if (msg.startsWith("The database has keys stored at the prefix chosen by the automatic prefix allocator")) {
				return "prefix_not_empty";
			}
			if (msg.startsWith("The directory layer has manually allocated prefixes that conflict with the automatic prefix allocator")) {
				return "prefix_in_use"; // a manual prefix took the allocator's candidate
			}
		} else if (e instanceof KeyOutsideLegalRangeException) {
			return "key_outside_legal_range";
		}
		return "unexpected: " + e.getClass().getName() + ": " + msg;
	}
}
