package tuple_test

import (
	"errors"
	"flag"
	"math"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

var float32Stride = flag.Uint64("float32.stride", 9973, "TestFloat32TextExhaustive checks every Nth float32 bit pattern (1: all 2^32)")

// TestFloat32TextExhaustive: every float32 survives its text form bit for
// bit. With -float32.stride=1 it checks all 2^32 bit patterns, in parallel
// chunks; by default a prime stride checks about 431,000 of them, spread
// over every exponent, plus the ends of every binade.
func TestFloat32TextExhaustive(t *testing.T) {
	stride := *float32Stride
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	var checked [64]uint64
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			check := func(bits uint32) {
				f := math.Float32frombits(bits)
				buf, _ = tuple.AppendElementText(buf[:0], f)
				v, n, err := tuple.ParseElement(string(buf))
				g, ok := v.(float32)
				if err != nil || n != len(buf) || !ok || math.Float32bits(g) != bits {
					mu.Lock()
					if len(failures) < 10 {
						failures = append(failures, string(buf))
					}
					mu.Unlock()
				}
				checked[w]++
			}
			for i := uint64(w) * stride; i < 1<<32; i += stride * uint64(workers) {
				check(uint32(i))
			}
			if w == 0 && stride > 1 {
				// The only two patterns whose text read back one ulp off
				// when float32 literals were read as float64 first: a full
				// scan of the old parser found exactly these.
				check(0x15ae43fd)
				check(0x95ae43fd)
				// The ends of every binade, both signs.
				for e := uint32(0); e < 256; e++ {
					for _, m := range []uint32{0, 1, 2, 0x7FFFFE, 0x7FFFFF} {
						check(e<<23 | m)
						check(1<<31 | e<<23 | m)
					}
				}
			}
		}()
	}
	wg.Wait()
	total := uint64(0)
	for _, n := range checked {
		total += n
	}
	if len(failures) > 0 {
		t.Fatalf("float32 text that does not read back bit for bit: %q", failures)
	}
	t.Logf("%d float32 bit patterns read back exactly", total)
}

// TestParseRecursionBounded: every construct of the text form that holds
// another element counts toward MaxDepth, so that no text can recurse
// deeper: a million of any of them is ErrTooDeep, not a stack overflow.
func TestParseRecursionBounded(t *testing.T) {
	constructs := []string{"(", "float32(", "SingleFloat(", "(float32(", "((SingleFloat("}
	for _, c := range constructs {
		for _, n := range []int{tuplewire.MaxDepth + 2, 1_000_000} {
			text := "(" + strings.Repeat(c, n)
			if _, err := tuple.Parse(text); !errors.Is(err, tuple.ErrTooDeep) {
				t.Errorf("Parse(( + %d × %q) = %v, want ErrTooDeep", n, c, err)
			}
			if _, _, err := tuple.ParseElement(text); !errors.Is(err, tuple.ErrTooDeep) {
				t.Errorf("ParseElement(( + %d × %q) = %v, want ErrTooDeep", n, c, err)
			}
		}
	}
	// MaxDepth nested tuples inside the top level are fine, one more is not.
	ok := strings.Repeat("(", tuplewire.MaxDepth+1) + strings.Repeat(")", tuplewire.MaxDepth+1)
	if _, err := tuple.Parse(ok); err != nil {
		t.Errorf("Parse(%d levels) = %v", tuplewire.MaxDepth, err)
	}
	deep := "(" + ok + ")"
	if _, err := tuple.Parse(deep); !errors.Is(err, tuple.ErrTooDeep) {
		t.Errorf("Parse(%d levels) = %v, want ErrTooDeep", tuplewire.MaxDepth+1, err)
	}
}

// TestParseLimits: text that cannot become a key is refused by its size
// before any expensive conversion, and raw bytes that are not UTF-8 are
// an error, not U+FFFD.
func TestParseLimits(t *testing.T) {
	tests := []struct {
		text   string
		err    error
		offset int
	}{
		{"(" + strings.Repeat("9", 1_000_000) + ",)", tuple.ErrTooLarge, 1},
		{"(-" + strings.Repeat("9", 616) + ",)", tuple.ErrTooLarge, 1},
		{"(\"a\xffb\",)", tuple.ErrInvalidUTF8, 3},
		{"(\"\xc3\",)", tuple.ErrInvalidUTF8, 2},
		{"(float32(1e300),)", tuple.ErrTooLarge, 9},
		{"(float32(-3.4028236e38),)", tuple.ErrTooLarge, 9},
		{"(1e400,)", tuple.ErrTooLarge, 1},
		{"(float32(float32(1.5)),)", tuple.ErrSyntax, 9},
	}
	for _, tt := range tests {
		_, err := tuple.Parse(tt.text)
		var se *tuple.SyntaxError
		if !errors.Is(err, tt.err) || !errors.As(err, &se) || se.Offset != tt.offset {
			t.Errorf("Parse(%.40q) = %v; want %v at offset %d", tt.text, err, tt.err, tt.offset)
		}
	}
	// The largest integer that packs, and the smallest float32 and float64
	// values, which round as IEEE conversion does.
	big := "-" + strings.Repeat("9", 614)
	if _, err := tuple.Parse("(" + big + ",)"); err != nil {
		t.Errorf("Parse(614 digits) = %v", err)
	}
	got, err := tuple.Parse("(float32(1e-50), 1e-400, float32(3.4028235e38))")
	if err != nil || got[0] != float32(0) || got[1] != float64(0) || got[2] != float32(math.MaxFloat32) {
		t.Errorf("Parse(underflow, max) = %v, %v", got, err)
	}
}
