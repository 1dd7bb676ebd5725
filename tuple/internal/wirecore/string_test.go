package wirecore

import (
	"math/rand/v2"
	"testing"
)

// shortEndBytes is ShortEndASCII written a byte at a time: the rule
// ShortEnd and ShortEndASCII keep, whatever they read at once.
func shortEndBytes(in []byte, from int) (int, bool) {
	var high byte
	for i := from; i < len(in) && i < from+ShortLen; i++ {
		if in[i] == 0x00 {
			if i+1 < len(in) && in[i+1] == 0xFF {
				return -1, false
			}
			return i, high < 0x80
		}
		high |= in[i]
	}
	return -1, false
}

// TestShortEnd compares ShortEnd and ShortEndASCII with the byte-at-a-time rule on inputs
// of every length up to past ShortLen, rich in the bytes that matter
// (00, FF, 01, 7F, 80) and in every start offset.
func TestShortEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte{0x00, 0xFF, 0x01, 0x7F, 0x80, 0xC3, 'a', 'z'}
	for range 200_000 {
		in := make([]byte, rng.IntN(2*ShortLen+10))
		for i := range in {
			in[i] = alphabet[rng.IntN(len(alphabet))]
			if rng.IntN(3) == 0 {
				in[i] = 'a' + byte(rng.IntN(26))
			}
		}
		from := 0
		if len(in) > 0 {
			from = rng.IntN(len(in) + 1)
		}
		checkShortEnd(t, in, from)
	}
}

// FuzzShortEnd holds ShortEnd and ShortEndASCII to the byte-at-a-time
// rule.
func FuzzShortEnd(f *testing.F) {
	f.Add([]byte("\x02user\x00\x15\x01"), 1)
	f.Add([]byte("abcdefgh\x00\xffijklmnop\x00"), 0)
	f.Fuzz(func(t *testing.T, in []byte, from int) {
		if from < 0 || from > len(in) {
			return
		}
		checkShortEnd(t, in, from)
	})
}

func checkShortEnd(t *testing.T, in []byte, from int) {
	t.Helper()
	wantEnd, wantASCII := shortEndBytes(in, from)
	if gotEnd, gotASCII := ShortEndASCII(in, from); gotEnd != wantEnd || gotASCII != wantASCII {
		t.Fatalf("ShortEndASCII(% x, %d) = %d, %v; want %d, %v", in, from, gotEnd, gotASCII, wantEnd, wantASCII)
	}
	if got := ShortEnd(in, from); got != wantEnd {
		t.Fatalf("ShortEnd(% x, %d) = %d; want %d", in, from, got, wantEnd)
	}
}
