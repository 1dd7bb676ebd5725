package storekit

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// TestRetryConflicts checks that conflicts are retried until success,
// with waits below a bound that doubles up to the maximum.
func TestRetryConflicts(t *testing.T) {
	var waits []time.Duration
	p := RetryPolicy{FirstBackoff: time.Millisecond, MaxBackoff: 4 * time.Millisecond, Sleep: func(d time.Duration) { waits = append(waits, d) }}
	n := 0
	v, err := p.Do(func() (any, error) {
		if n++; n < 6 {
			return nil, fdb.Error{Code: 1020}
		}
		return "done", nil
	})
	if v != "done" || err != nil || n != 6 {
		t.Fatalf("Do = %v, %v after %d attempts", v, err, n)
	}
	bounds := []time.Duration{1, 2, 4, 4, 4}
	if len(waits) != len(bounds) {
		t.Fatalf("waited %d times, want %d", len(waits), len(bounds))
	}
	for i, w := range waits {
		if w < 0 || w >= bounds[i]*time.Millisecond {
			t.Errorf("wait %d = %v, want below %v", i, w, bounds[i]*time.Millisecond)
		}
	}
}

// TestRetryFinalErrors checks that an error that is not retryable ends the
// loop at once and comes back as it is, and that running out of attempts
// says how many ran and keeps the code findable.
func TestRetryFinalErrors(t *testing.T) {
	noWait := func(time.Duration) {}
	final := errors.New("the caller's own error")
	for _, err := range []error{final, fdb.Error{Code: 2004}, fdb.Error{Code: 1025}} {
		n := 0
		_, got := RetryPolicy{Sleep: noWait}.Do(func() (any, error) { n++; return nil, err })
		if n != 1 || got != err {
			t.Errorf("%v: %d attempts, returned %v", err, n, got)
		}
	}
	n := 0
	_, err := RetryPolicy{MaxAttempts: 3, Sleep: noWait}.Do(func() (any, error) { n++; return nil, fdb.Error{Code: 1020} })
	if n != 3 || !errors.Is(err, fdb.Error{Code: 1020}) || !strings.Contains(err.Error(), "3 attempts") {
		t.Errorf("after %d attempts: %v", n, err)
	}
	n = 0
	_, err = RetryPolicy{Sleep: noWait}.Do(func() (any, error) { n++; return nil, fdb.Error{Code: 1021} })
	if n != DefaultMaxAttempts || !strings.Contains(err.Error(), "100 attempts") {
		t.Errorf("default policy: %d attempts, %v", n, err)
	}
}
