package fdb

// A Selectable can be converted to a KeySelector.
type Selectable interface {
	FDBKeySelector() KeySelector
}

// KeySelector describes a key relative to the keys present in a database:
// the key at Offset from the last key less than (OrEqual false) or less
// than or equal to (OrEqual true) Key. Resolving one needs a database; this
// package only builds them.
type KeySelector struct {
	Key     KeyConvertible
	OrEqual bool
	Offset  int
}

// FDBKeySelector returns ks, so that KeySelector satisfies Selectable.
func (ks KeySelector) FDBKeySelector() KeySelector { return ks }

// LastLessThan selects the greatest key strictly less than key.
func LastLessThan(key KeyConvertible) KeySelector { return KeySelector{key, false, 0} }

// LastLessOrEqual selects the greatest key less than or equal to key.
func LastLessOrEqual(key KeyConvertible) KeySelector { return KeySelector{key, true, 0} }

// FirstGreaterThan selects the least key strictly greater than key.
func FirstGreaterThan(key KeyConvertible) KeySelector { return KeySelector{key, true, 1} }

// FirstGreaterOrEqual selects the least key greater than or equal to key.
func FirstGreaterOrEqual(key KeyConvertible) KeySelector { return KeySelector{key, false, 1} }
