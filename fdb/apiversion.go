package fdb

import (
	"fmt"
	"sync"
)

// The API versions this package accepts: those of the official binding at
// the version this module is compared with (200 through 730).
const (
	minAPIVersion = 200
	maxAPIVersion = 730
)

// Error is a FoundationDB error code, as the official binding's Error
// carries one from the C library. Here only the API-version functions
// return it, with the official codes: 2200 (no version selected), 2201 (a
// second, different version) and 2203 (a version outside 200 to 730).
type Error struct {
	Code int
}

// errorDescriptions holds the C library's description of each code this
// package returns.
var errorDescriptions = map[int]string{
	2200: "API version must be set",
	2201: "API version may be set only once",
	2203: "API version not supported in this version or binding",
}

// Error returns the message the official binding prints for the code.
func (e Error) Error() string {
	if d, ok := errorDescriptions[e.Code]; ok {
		return fmt.Sprintf("FoundationDB error code %d (%s)", e.Code, d)
	}
	return fmt.Sprintf("FoundationDB error code %d", e.Code)
}

var (
	errAPIVersionUnset        = Error{2200}
	errAPIVersionAlreadySet   = Error{2201}
	errAPIVersionNotSupported = Error{2203}
)

// The selected API version, 0 until one is selected. It changes no
// encoding: the tuple package reads it only to refuse, in
// PackWithVersionstamp, a version whose versionstamp suffix it does not
// write (see the tuple package).
var (
	apiVersionMu sync.Mutex
	apiVersion   int
)

// APIVersion selects the FoundationDB API version, as the official
// binding's APIVersion does: the first call with a version from 200 to 730
// selects it; a later call with the same version does nothing; a later call
// with another version returns Error{2201}; a version outside the range
// returns Error{2203} and selects nothing. It is safe for concurrent use.
//
// There is no client here, so it loads no library and starts nothing. No
// key this module builds depends on the version: only
// tuple.Tuple.PackWithVersionstamp reads it, to refuse versions below 520,
// whose 2-byte versionstamp suffix it does not write.
func APIVersion(version int) error {
	apiVersionMu.Lock()
	defer apiVersionMu.Unlock()
	if apiVersion != 0 {
		if apiVersion == version {
			return nil
		}
		return errAPIVersionAlreadySet
	}
	if version < minAPIVersion || version > maxAPIVersion {
		return errAPIVersionNotSupported
	}
	apiVersion = version
	return nil
}

// MustAPIVersion is APIVersion that panics with its error.
func MustAPIVersion(version int) {
	if err := APIVersion(version); err != nil {
		panic(err)
	}
}

// IsAPIVersionSelected reports whether APIVersion (or MustAPIVersion) has
// selected a version.
func IsAPIVersionSelected() bool {
	apiVersionMu.Lock()
	defer apiVersionMu.Unlock()
	return apiVersion != 0
}

// GetAPIVersion returns the selected API version, or Error{2200} if none
// has been selected.
func GetAPIVersion() (int, error) {
	apiVersionMu.Lock()
	defer apiVersionMu.Unlock()
	if apiVersion == 0 {
		return 0, errAPIVersionUnset
	}
	return apiVersion, nil
}

// MustGetAPIVersion is GetAPIVersion that panics if no version has been
// selected.
func MustGetAPIVersion() int {
	v, err := GetAPIVersion()
	if err != nil {
		panic(err)
	}
	return v
}
