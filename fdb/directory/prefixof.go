package directory

import "fmt"

// Prefix returns the prefix of the directory d, in new memory: the bytes
// every key of the directory starts with. For a directory it is
// d.Bytes(). For a partition it is the one way to get it, since the
// partition's Bytes panics (its root is not a subspace, in every
// binding): every key of the partition, its subdirectories' and its
// directory layer's metadata, starts with it, so that it names the range
// to copy, back up or clear the partition at once. Do not write keys of
// your own under a partition's prefix: they would mix with its metadata.
//
// A directory layer (Root, NewDirectoryLayer) has no prefix
// (ErrRootDirectory); a Directory this package did not make is
// ErrInvalidArgument. Prefix reads nothing: a directory moved or removed
// since it was opened keeps the prefix it was opened with.
func Prefix(d Directory) ([]byte, error) {
	var e *Error
	switch d := d.(type) {
	case *dirSubspace:
		return clone(prefixOf(d)), nil
	case *partition:
		return clone(prefixOf(d)), nil
	case *layer:
		e = newError(ErrRootDirectory, d.abs(nil), "a directory layer's root has no prefix")
	default:
		e = newError(ErrInvalidArgument, nil, fmt.Sprintf("%s: a Directory of type %T, not one of this package's", ErrInvalidArgument, d))
	}
	e.Op = "prefix"
	return nil, e
}

// prefixOf returns the prefix of a directory made by this package,
// without the panic of a partition's Bytes.
func prefixOf(d DirectorySubspace) []byte {
	switch d := d.(type) {
	case *dirSubspace:
		return d.Bytes()
	case *partition:
		return d.inner.content
	}
	return d.Bytes()
}
