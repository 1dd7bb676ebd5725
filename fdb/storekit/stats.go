package storekit

import "sync/atomic"

// ReadStats counts the reads a store serves: Get and GetRange calls (a
// snapshot's included), and the keys they return. A benchmark gives one to
// a store and reports reads per operation, the figure that matters on a
// store where each read is a round trip. It is safe for concurrent use,
// and a nil *ReadStats counts nothing, so a store calls it without
// checking.
type ReadStats struct {
	gets, ranges, keys atomic.Int64
}

// Reads is what a ReadStats counted.
type Reads struct {
	Gets      int64 // Get calls
	GetRanges int64 // GetRange calls
	Keys      int64 // keys returned: one per Get that found its key, and every pair of every GetRange
}

// CountGet counts one Get, which found its key if present.
func (s *ReadStats) CountGet(present bool) {
	if s == nil {
		return
	}
	s.gets.Add(1)
	if present {
		s.keys.Add(1)
	}
}

// CountGetRange counts one GetRange that returned n pairs.
func (s *ReadStats) CountGetRange(n int) {
	if s == nil {
		return
	}
	s.ranges.Add(1)
	s.keys.Add(int64(n))
}

// Reads returns the counts so far; a nil *ReadStats has counted nothing.
func (s *ReadStats) Reads() Reads {
	if s == nil {
		return Reads{}
	}
	return Reads{Gets: s.gets.Load(), GetRanges: s.ranges.Load(), Keys: s.keys.Load()}
}

// Reset sets the counts back to zero.
func (s *ReadStats) Reset() {
	if s == nil {
		return
	}
	s.gets.Store(0)
	s.ranges.Store(0)
	s.keys.Store(0)
}
