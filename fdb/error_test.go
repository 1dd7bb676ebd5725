package fdb_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// TestErrorRetryable checks the retry rule code by code against the C
// library's fdb_error_predicate: the retryable codes (not committed, and
// maybe committed) and a sample of final ones, bare and wrapped twice.
func TestErrorRetryable(t *testing.T) {
	retryable := map[int]bool{
		1007: true, 1009: true, 1020: true, 1021: true, 1037: true, 1038: true, 1039: true,
		1042: true, 1051: true, 1078: true, 1213: true, 1235: true, 1242: true,
	}
	maybeCommitted := map[int]bool{1021: true, 1039: true}
	for code := 1000; code < 2300; code++ {
		e := fdb.Error{Code: code}
		if got := e.Retryable(); got != retryable[code] {
			t.Errorf("Error{%d}.Retryable() = %v", code, got)
		}
		if got := e.MaybeCommitted(); got != maybeCommitted[code] {
			t.Errorf("Error{%d}.MaybeCommitted() = %v", code, got)
		}
		wrapped := fmt.Errorf("outer: %w", fmt.Errorf("inner: %w", e))
		if got := fdb.IsRetryable(wrapped); got != retryable[code] {
			t.Errorf("IsRetryable(wrapped Error{%d}) = %v", code, got)
		}
	}
	if fdb.IsRetryable(nil) || fdb.IsRetryable(errors.New("not committed")) {
		t.Error("IsRetryable holds for an error that is no fdb.Error")
	}
}

// TestErrorText pins the messages of the codes the stores return to
// FoundationDB's own descriptions (error_definitions.h).
func TestErrorText(t *testing.T) {
	for code, want := range map[int]string{
		1007: "Transaction is too old to perform reads or be committed",
		1020: "Transaction not committed due to conflict with another transaction",
		1021: "Transaction may or may not have committed",
		1025: "Operation aborted because the transaction was cancelled",
		2000: "Invalid API call",
		2004: "Key outside legal range",
		2005: "Range begin key larger than end key",
		2012: "Range limits not valid",
		2017: "Operation issued while a commit was outstanding",
		2101: "Transaction exceeds byte limit",
		2102: "Key length exceeds limit",
		2103: "Value length exceeds limit",
	} {
		if got := (fdb.Error{Code: code}).Error(); got != fmt.Sprintf("FoundationDB error code %d (%s)", code, want) {
			t.Errorf("Error{%d} = %q", code, got)
		}
	}
	if got := (fdb.Error{Code: 4242}).Error(); got != "FoundationDB error code 4242" {
		t.Errorf("unknown code = %q", got)
	}
	if err := fmt.Errorf("memstore: commit: %w", fdb.Error{Code: 1020}); !errors.Is(err, fdb.Error{Code: 1020}) || errors.Is(err, fdb.Error{Code: 1021}) {
		t.Error("errors.Is does not tell codes apart through wrapping")
	}
}
