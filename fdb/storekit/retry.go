package storekit

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// The default retry policy: FoundationDB's own backoff (10 ms doubling up
// to 1 s, each wait drawn at random below it) with a limit on attempts,
// which FoundationDB leaves unlimited by default. 100 attempts wait about
// 50 s in all at the most.
const (
	DefaultMaxAttempts  = 100
	DefaultFirstBackoff = 10 * time.Millisecond
	DefaultMaxBackoff   = time.Second
)

// RetryPolicy is the retry loop of a store's Transact: it runs an attempt
// (a new transaction running the caller's function, then its commit)
// again while the attempt fails with a retryable error (fdb.IsRetryable:
// a conflict, Error{1020}, above all), waiting a little longer each time.
// Its zero value is the default policy.
type RetryPolicy struct {
	// MaxAttempts is the most attempts the loop makes, the first
	// included; 0 means DefaultMaxAttempts.
	MaxAttempts int
	// FirstBackoff bounds the wait before the second attempt; the bound
	// doubles after each attempt up to MaxBackoff. The wait itself is
	// drawn uniformly below the bound, so that transactions that
	// conflicted together do not run again together. 0 means
	// DefaultFirstBackoff.
	FirstBackoff time.Duration
	// MaxBackoff is the largest bound; 0 means DefaultMaxBackoff.
	MaxBackoff time.Duration
	// Sleep waits; nil means time.Sleep. Tests set it to wait for
	// nothing.
	Sleep func(time.Duration)
}

// Do runs attempt until it succeeds, fails with an error that is not
// retryable, or has run MaxAttempts times. It returns what the last attempt
// returned: a success, or a non-retryable error as it is. When the
// attempts run out, the error says how many ran and wraps the last one, so
// that errors.Is still finds its code.
func (p RetryPolicy) Do(attempt func() (any, error)) (any, error) {
	maxAttempts := p.MaxAttempts
	if maxAttempts <= 0 {
		maxAttempts = DefaultMaxAttempts
	}
	bound := p.FirstBackoff
	if bound <= 0 {
		bound = DefaultFirstBackoff
	}
	maxBound := p.MaxBackoff
	if maxBound <= 0 {
		maxBound = DefaultMaxBackoff
	}
	sleep := p.Sleep
	if sleep == nil {
		sleep = time.Sleep
	}
	for n := 1; ; n++ {
		v, err := attempt()
		if err == nil || !fdb.IsRetryable(err) {
			return v, err
		}
		if n == maxAttempts {
			return nil, fmt.Errorf("gave up after %d attempts: %w", n, err)
		}
		sleep(rand.N(bound))
		bound = min(2*bound, maxBound)
	}
}
