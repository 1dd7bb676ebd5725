package directory

import (
	"errors"
	"strconv"
	"strings"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// The official package's three sentinels, with its texts.
var (
	// ErrDirAlreadyExists: Create or CreatePrefix of a directory that
	// exists, or a Move onto one.
	ErrDirAlreadyExists = errors.New("the directory already exists")
	// ErrDirNotExists: Open or List of a directory that does not exist,
	// or a Move of one.
	ErrDirNotExists = errors.New("the directory does not exist")
	// ErrParentDirDoesNotExist: a Move whose destination's parent does not
	// exist. (Open of a path whose parent is missing is ErrDirNotExists,
	// as in the official package.)
	ErrParentDirDoesNotExist = errors.New("the parent directory does not exist")
)

// The sentinels this package adds, where the official package returns
// errors that only their text tells apart (or panics). Each maps to one
// error code of FoundationDB's C++ directory layer, given in brackets.
var (
	// ErrLayerMismatch: the directory was created with another layer than
	// the one given to Open or CreateOrOpen [mismatched_layer, 2259].
	ErrLayerMismatch = errors.New("the directory was created with an incompatible layer")
	// ErrVersion: the store's directory metadata has a version this
	// package cannot read, or can only read [incompatible_directory_version,
	// 2263].
	ErrVersion = errors.New("incompatible directory layer version")
	// ErrInvalidMetadata: a key or value of the directory metadata that no
	// directory layer writes; the error names the key
	// [invalid_directory_layer_metadata, 2260].
	ErrInvalidMetadata = errors.New("invalid directory layer metadata")
	// ErrMoveBetweenPartitions: a Move or MoveTo from one partition into
	// another (or into or out of one)
	// [cannot_move_directory_between_partitions, 2261].
	ErrMoveBetweenPartitions = errors.New("cannot move between partitions")
	// ErrMoveIntoSubdirectory: a Move whose destination is the source or
	// lies under it [invalid_destination_directory, 2266].
	ErrMoveIntoSubdirectory = errors.New("the destination directory cannot be a subdirectory of the source directory")
	// ErrRootDirectory: opening, creating, removing or moving the root
	// directory of a layer [cannot_open_root_directory, 2255;
	// cannot_modify_root_directory, 2267].
	ErrRootDirectory = errors.New("the root directory cannot be used this way")
	// ErrPartitionRoot: the root of a partition used as a subspace. Its
	// Subspace methods panic with an *Error wrapping it, because their
	// signatures cannot return an error; IsPartition tells beforehand
	// [cannot_use_partition_as_subspace, 2262].
	ErrPartitionRoot = errors.New("the root of a directory partition cannot be used as a subspace")
	// ErrManualPrefixes: CreatePrefix on a layer that does not allow
	// manual prefixes, or inside a partition [manual_prefixes_not_enabled,
	// 2253; prefix_in_partition, 2254].
	ErrManualPrefixes = errors.New("cannot specify a prefix unless manual prefixes are enabled")
	// ErrPrefixInUse: a prefix that overlaps another directory's, lies in
	// the node subspace or is empty [directory_prefix_in_use, 2265].
	ErrPrefixInUse = errors.New("the given prefix is already in use")
	// ErrPrefixNotEmpty: keys are already stored under the prefix the
	// allocator chose [directory_prefix_not_empty, 2264].
	ErrPrefixNotEmpty = errors.New("the database has keys stored at the prefix chosen by the automatic prefix allocator")
	// ErrInvalidPrefix: a prefix that starts with the byte 0xFF, where
	// FoundationDB keeps its system keys. No official binding refuses it;
	// FoundationDB fails later, on the range clear of a Remove.
	ErrInvalidPrefix = errors.New("a directory prefix must not start with 0xff")
	// ErrInvalidName: a path element that is not valid UTF-8, which
	// neither Java nor Python could read back.
	ErrInvalidName = errors.New("a directory name must be valid UTF-8")
	// ErrInvalidArgument: an argument outside what a call accepts (a page
	// limit below 1, a Directory from another package, an Options.Rand
	// result outside [0, n)).
	ErrInvalidArgument = errors.New("invalid argument")
)

// Error is the error of every directory operation that fails for a
// reason of the directory layer's own. It wraps one of the sentinels
// above (errors.Is finds it) and says which operation failed on which
// path. Errors of the store itself (a conflict, a closed store) are
// returned as the store returned them, so that its Transact can retry.
type Error struct {
	// Op is the operation: "create", "open", "create or open", "move",
	// "remove", "exists", "list", "list page", "check"; for
	// ErrPartitionRoot, the Subspace method called ("Bytes", "Pack", ...).
	Op string
	// Path is the absolute path of the directory concerned; for a Move,
	// the source.
	Path []string
	// To is the absolute destination path of a Move, nil otherwise.
	To []string
	// Key is the stored key at fault, for ErrInvalidMetadata and
	// ErrPrefixNotEmpty; nil otherwise.
	Key fdb.Key
	// Err is the sentinel.
	Err error
	// text says more than the sentinel's own text: the official
	// message of this case when it has its own.
	text string
}

// Error returns "directory: <op> <path>[ to <path>]: <message>[ (key
// <printable>)]", paths written as tuples of quoted names.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("directory: ")
	if e.Op != "" {
		b.WriteString(e.Op)
		b.WriteByte(' ')
	}
	b.WriteString(FormatPath(e.Path))
	if e.To != nil {
		b.WriteString(" to ")
		b.WriteString(FormatPath(e.To))
	}
	b.WriteString(": ")
	switch {
	case e.text != "":
		b.WriteString(e.text)
	case e.Err != nil:
		b.WriteString(e.Err.Error())
	}
	if e.Key != nil {
		b.WriteString(" (key ")
		b.WriteString(fdb.Printable(e.Key))
		b.WriteByte(')')
	}
	return b.String()
}

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }

// FormatPath writes a path as the errors of this package do: a tuple of
// Go-quoted names, ("a", "b"); the root is ().
func FormatPath(path []string) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, name := range path {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(name))
	}
	b.WriteByte(')')
	return b.String()
}

// newError returns an *Error on path with the sentinel's own text, or
// text when it is not empty. The operation is filled in where the public
// call begins.
func newError(sentinel error, path []string, text string) *Error {
	return &Error{Path: path, Err: sentinel, text: text}
}

// withOp sets the operation of err if it is an *Error without one, and
// returns err.
func withOp(op string, err error) error {
	var e *Error
	if errors.As(err, &e) && e.Op == "" {
		e.Op = op
	}
	return err
}
