package fdb

import (
	"errors"
	"fmt"
)

// Error is a FoundationDB error code, as the official binding's Error
// carries one from the C library. The API-version functions return it
// (2200, 2201, 2203), and so do the stores of this module (fdb/memstore,
// fdb/boltstore, and any store built on fdb/storekit) for the same causes
// as FoundationDB: a commit that conflicts (1020), a key outside the legal
// range (2004), a key, value or transaction over FoundationDB's limits
// (2102, 2103, 2101), a transaction used after it ended (2017, 1025).
//
// A store wraps the Error with what it was doing and which key; errors.Is
// finds it through the wrapping (an Error is comparable, so
// errors.Is(err, fdb.Error{Code: 1020}) asks for one code), and errors.As
// extracts it, as the official binding's retry loop does.
type Error struct {
	Code int
}

// errorDescriptions holds the C library's description of each code this
// module returns or asks about, word for word as FoundationDB's
// flow/include/flow/error_definitions.h writes it.
var errorDescriptions = map[int]string{
	1007: "Transaction is too old to perform reads or be committed",
	1009: "Request for future version",
	1020: "Transaction not committed due to conflict with another transaction",
	1021: "Transaction may or may not have committed",
	1025: "Operation aborted because the transaction was cancelled",
	1037: "Storage process does not have recent mutations",
	1038: "Database is locked",
	1039: "The protocol version of the cluster has changed",
	1042: "CommitProxy commit memory limit exceeded",
	1051: "Batch GRV request rate limit exceeded",
	1078: "GetReadVersion proxy memory limit exceeded",
	1213: "Transaction tag is being throttled",
	1235: "Transaction throttled due to hot shard",
	1242: "Transaction rejected due to range lock",
	2000: "Invalid API call",
	2004: "Key outside legal range",
	2005: "Range begin key larger than end key",
	2012: "Range limits not valid",
	2017: "Operation issued while a commit was outstanding",
	2101: "Transaction exceeds byte limit",
	2102: "Key length exceeds limit",
	2103: "Value length exceeds limit",
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

// Retryable reports whether a transaction that failed with e may be run
// again, as the C library's fdb_error_predicate(FDB_ERROR_PREDICATE_RETRYABLE)
// decides and the official binding's Transact retries: a commit that
// conflicted (1020), a transaction too old (1007), a future version (1009),
// a commit whose outcome is unknown (1021, 1039: see MaybeCommitted), and
// the cluster's transient refusals (1037, 1038, 1042, 1051, 1078, 1213,
// 1235, 1242). Any other code is the caller's error or the store's final
// answer, and running the transaction again cannot change it.
func (e Error) Retryable() bool {
	switch e.Code {
	case 1020, 1007, 1009, 1037, 1038, 1042, 1051, 1078, 1213, 1235, 1242:
		return true
	}
	return e.MaybeCommitted()
}

// MaybeCommitted reports whether the transaction may have committed
// although its commit failed, as fdb_error_predicate's
// FDB_ERROR_PREDICATE_MAYBE_COMMITTED decides (1021, 1039). Such an error
// is retryable, so a function run by Transact must be safe to run again
// after a commit that in fact succeeded.
func (e Error) MaybeCommitted() bool {
	return e.Code == 1021 || e.Code == 1039
}

// IsRetryable reports whether err is, or wraps, an Error that is
// Retryable. Any other error (nil, or one a transaction's function
// returned) is not.
func IsRetryable(err error) bool {
	var e Error
	return errors.As(err, &e) && e.Retryable()
}
