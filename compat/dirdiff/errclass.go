package dirdiff

// The error classes of the directory protocol: what a failed operation
// answers in OpResult.Error, the same on both sides. The Java oracle
// derives them from its exceptions (compat/java/.../ErrorClasses.java),
// the Go side from fdb/directory's sentinels (goClass); the table in
// compat/DIRECTORY_PROTOCOL.md lists both.
const (
	ClassAlreadyExists          = "already_exists"
	ClassNotExists              = "not_exists"
	ClassLayerMismatch          = "layer_mismatch"
	ClassVersion                = "version"
	ClassInvalidMetadata        = "invalid_metadata"
	ClassMoveIntoSubdirectory   = "move_into_subdirectory"
	ClassMoveBetweenPartitions  = "move_between_partitions"
	ClassRoot                   = "root"
	ClassManualPrefixNotAllowed = "manual_prefix_not_allowed"
	ClassPrefixInUse            = "prefix_in_use"
	ClassPrefixNotEmpty         = "prefix_not_empty"
	ClassInvalidPrefix          = "invalid_prefix"
	ClassInvalidName            = "invalid_name"
	ClassInvalid                = "invalid"
	ClassKeyOutsideLegalRange   = "key_outside_legal_range"
)

// ErrorClasses lists every class, in the order of the protocol's table.
// Any other class (Java's "unexpected: ..." for an exception the table
// does not know) is a failure of the differential on its own.
var ErrorClasses = []string{
	ClassAlreadyExists, ClassNotExists, ClassLayerMismatch, ClassVersion, ClassInvalidMetadata,
	ClassMoveIntoSubdirectory, ClassMoveBetweenPartitions, ClassRoot, ClassManualPrefixNotAllowed,
	ClassPrefixInUse, ClassPrefixNotEmpty, ClassInvalidPrefix, ClassInvalidName, ClassInvalid,
	ClassKeyOutsideLegalRange,
}
