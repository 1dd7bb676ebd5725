package storekit

import (
	"sync"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// TestReadStats checks the counts, from goroutines at once, Reset, and
// that a nil counter counts nothing without failing.
func TestReadStats(t *testing.T) {
	var s ReadStats
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				s.CountGet(true)
				s.CountGet(false)
				s.CountGetRange(3)
			}
		}()
	}
	wg.Wait()
	if got := s.Reads(); got != (Reads{Gets: 800, GetRanges: 400, Keys: 1600}) {
		t.Errorf("Reads() = %+v", got)
	}
	s.Reset()
	if got := s.Reads(); got != (Reads{}) {
		t.Errorf("after Reset: %+v", got)
	}
	var none *ReadStats
	none.CountGet(true)
	none.CountGetRange(1)
	none.Reset()
	if got := none.Reads(); got != (Reads{}) {
		t.Errorf("a nil counter counted %+v", got)
	}
}

// TestWriteBufferSize checks the bytes a buffer counts toward the
// transaction size limit, write by write, as FoundationDB counts its
// mutations: key and value of a set, both ends of a clear (a point clear
// ends at the key followed by 00), key and parameter of each pending add.
func TestWriteBufferSize(t *testing.T) {
	var b WriteBuffer
	steps := []struct {
		write func() error
		size  int
	}{
		{func() error { return b.Set(fdb.Key("key"), []byte("value")) }, 3 + 5},
		{func() error { return b.Set(fdb.Key("key"), []byte("v")) }, 3 + 1},                       // replaced
		{func() error { return b.Clear(fdb.Key("gone")) }, 4 + 2*4 + 1},                           // a point clear
		{func() error { return b.Add(fdb.Key("n"), []byte{1, 0}) }, 4 + 9 + 1 + 2},                // pending
		{func() error { return b.Add(fdb.Key("n"), []byte{1}) }, 4 + 9 + 1 + 2 + 1 + 1},           // two pending adds
		{func() error { return b.Add(fdb.Key("key"), []byte{1}) }, 3 + 1 + 9 + 1 + 2 + 1 + 1},     // folded into the set
		{func() error { return b.ClearRange(fdb.Key("a"), fdb.Key("m")) }, 1 + 1 + 1 + 2 + 1 + 1}, // takes key and gone
	}
	for i, st := range steps {
		if err := st.write(); err != nil {
			t.Fatal(err)
		}
		if got := b.Size(); got != st.size {
			t.Errorf("after write %d: Size() = %d, want %d", i, got, st.size)
		}
	}
}
