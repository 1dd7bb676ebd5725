package fdb

import "sync"

// The API versions this package accepts: those of the official binding at
// the version this module is compared with (200 through 730).
const (
	minAPIVersion = 200
	maxAPIVersion = 730
)

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
