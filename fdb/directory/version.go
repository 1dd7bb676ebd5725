package directory

import (
	"encoding/binary"
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"slices"
)

// The version of the directory metadata this package reads and writes:
// 1.0.0, the only one any FoundationDB binding has written.
const (
	majorVersion = 1
	minorVersion = 0
	microVersion = 0
)

// versionValue is 1.0.0 as stored: three little-endian uint32s.
var versionValue = []byte{majorVersion, 0, 0, 0, minorVersion, 0, 0, 0, microVersion, 0, 0, 0}

// versionKey returns the key of the layer's version, node(N) ‖
// pack(("version",)).
func (l *layer) versionKey() fdb.Key {
	return tuplewire.AppendBytes(slices.Clip(l.root), versionWord)
}

// checkVersion reads the layer's version and refuses what this package
// cannot handle. w is nil for an operation that only reads; for one that
// writes, an absent version is written as 1.0.0 (before anything else,
// even if the operation then changes nothing, as every binding does).
//
// The value must be exactly 12 bytes (Python and FoundationDB's C++
// layer require it; Java and Go accept longer values), read as unsigned
// integers (Python, C++; Java and Go read signed ones). A major version
// above 1 refuses every operation; a minor version above 0 refuses the
// operations that write, whatever the major (as every binding compares
// it). The micro version is ignored.
func (l *layer) checkVersion(rt fdb.ReadTransaction, w fdb.Transaction, path []string) error {
	key := l.versionKey()
	v, present, err := rt.Get(key)
	if err != nil {
		return err
	}
	if !present {
		if w != nil {
			return w.Set(key, versionValue)
		}
		return nil
	}
	major, minor, micro, ok := parseVersion(v)
	if !ok {
		e := newError(ErrInvalidMetadata, path, fmt.Sprintf("cannot determine directory version present in database: %d bytes, not 12", len(v)))
		e.Key = key
		return e
	}
	if major > majorVersion {
		return newError(ErrVersion, path, fmt.Sprintf("cannot load directory with version %d.%d.%d using directory layer %d.%d.%d",
			major, minor, micro, majorVersion, minorVersion, microVersion))
	}
	if minor > minorVersion && w != nil {
		return newError(ErrVersion, path, fmt.Sprintf("directory with version %d.%d.%d is read-only when opened using directory layer %d.%d.%d",
			major, minor, micro, majorVersion, minorVersion, microVersion))
	}
	return nil
}

// parseVersion reads a stored version: exactly 12 bytes, three
// little-endian unsigned integers (see checkVersion).
func parseVersion(v []byte) (major, minor, micro uint32, ok bool) {
	if len(v) != len(versionValue) {
		return 0, 0, 0, false
	}
	return binary.LittleEndian.Uint32(v[0:]), binary.LittleEndian.Uint32(v[4:]), binary.LittleEndian.Uint32(v[8:]), true
}
