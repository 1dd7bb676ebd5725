package dirdiff

import (
	"errors"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
)

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

// goClass is the Go column of the error-class table
// (DIRECTORY_PROTOCOL.md): fdb/directory's sentinels.
func goClass(err error) string {
	for _, c := range []struct {
		sentinel error
		class    string
	}{
		{directory.ErrDirAlreadyExists, ClassAlreadyExists},
		{directory.ErrDirNotExists, ClassNotExists},
		{directory.ErrParentDirDoesNotExist, ClassNotExists},
		{directory.ErrLayerMismatch, ClassLayerMismatch},
		{directory.ErrVersion, ClassVersion},
		{directory.ErrInvalidMetadata, ClassInvalidMetadata},
		{directory.ErrMoveIntoSubdirectory, ClassMoveIntoSubdirectory},
		{directory.ErrMoveBetweenPartitions, ClassMoveBetweenPartitions},
		{directory.ErrRootDirectory, ClassRoot},
		{directory.ErrManualPrefixes, ClassManualPrefixNotAllowed},
		{directory.ErrPrefixInUse, ClassPrefixInUse},
		{directory.ErrPrefixNotEmpty, ClassPrefixNotEmpty},
		{directory.ErrInvalidPrefix, ClassInvalidPrefix},
		{directory.ErrInvalidName, ClassInvalidName},
		{directory.ErrInvalidArgument, ClassInvalid},
	} {
		if errors.Is(err, c.sentinel) {
			return c.class
		}
	}
	var fe fdb.Error
	if errors.As(err, &fe) && fe.Code == 2004 {
		return ClassKeyOutsideLegalRange
	}
	return "unexpected: " + err.Error()
}
