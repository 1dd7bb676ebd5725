package property_test

import (
	"bytes"
	"errors"
	"unicode/utf8"

	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"pgregory.net/rapid"
)

// magnitudeOf draws a magnitude of every length from 0 to 8 bytes alike,
// at the edges of its length (all ones, a lone top bit) as often as
// anywhere.
func magnitudeOf(t *rapid.T) uint64 {
	n := rapid.IntRange(0, 8).Draw(t, "bytes")
	if n == 0 {
		return 0
	}
	lo, hi := uint64(1)<<(8*n-8), uint64(1)<<(8*n-8)<<8-1 // hi wraps to 2^64-1 for 8 bytes
	switch rapid.IntRange(0, 3).Draw(t, "edge") {
	case 0:
		return lo
	case 1:
		return hi
	}
	return rapid.Uint64Range(lo, hi).Draw(t, "magnitude")
}

// intOf draws an int64 of every magnitude length and sign, MinInt64 too.
func intOf(t *rapid.T) int64 {
	m := magnitudeOf(t)
	if rapid.Bool().Draw(t, "negative") {
		return int64(-m) // 2^63 gives MinInt64
	}
	return int64(m &^ (1 << 63))
}

// roomy returns a buffer holding a random prefix, with room beyond its
// length of 0 to 12 bytes: less and more than IntRoom, and than the
// element.
func roomy(t *rapid.T) []byte {
	prefix := rapid.SliceOfN(rapid.Byte(), 0, 5).Draw(t, "prefix")
	room := rapid.IntRange(0, 12).Draw(t, "room")
	return append(make([]byte, 0, len(prefix)+room), prefix...)
}

// appended checks that out is dst with want after it, and, when dst had
// room for want, that out is in dst's array (nothing grew).
func appended(t *rapid.T, name string, dst, out, want []byte) {
	t.Helper()
	if !bytes.Equal(out[:len(dst)], dst) || !bytes.Equal(out[len(dst):], want) {
		t.Fatalf("%s appended %x to %x, want %x", name, out[len(dst):], dst, want)
	}
	if cap(dst)-len(dst) >= len(want) && &out[:cap(out)][cap(out)-1] != &dst[:cap(dst)][cap(dst)-1] {
		t.Fatalf("%s grew a buffer with room for the element's %d bytes (%d)", name, len(want), cap(dst)-len(dst))
	}
}

// AppendInt and AppendIntInRoom write Pack's bytes for integers of every
// length and sign; AppendInt never grows a buffer with room for the
// element (a key made to its exact size), nor AppendIntInRoom one with
// IntRoom bytes of room.
func TestAppendIntRoom(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := intOf(t)
		want := tuple.Tuple{v}.Pack()
		dst := roomy(t)
		appended(t, "AppendInt", dst, tuplewire.AppendInt(dst, v), want)
		out := tuplewire.AppendIntInRoom(dst, v)
		if cap(dst)-len(dst) >= tuplewire.IntRoom {
			appended(t, "AppendIntInRoom", dst, out, want)
		} else if !bytes.Equal(out[:len(dst)], dst) || !bytes.Equal(out[len(dst):], want) {
			t.Fatalf("AppendIntInRoom without room appended %x, want %x", out[len(dst):], want)
		}
	})
}

func TestAppendUintRoom(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := magnitudeOf(t)
		want := tuple.Tuple{v}.Pack()
		dst := roomy(t)
		appended(t, "AppendUint", dst, tuplewire.AppendUint(dst, v), want)
		out := tuplewire.AppendUintInRoom(dst, v)
		if cap(dst)-len(dst) >= tuplewire.IntRoom {
			appended(t, "AppendUintInRoom", dst, out, want)
		} else if !bytes.Equal(out[len(dst):], want) {
			t.Fatalf("AppendUintInRoom without room appended %x, want %x", out[len(dst):], want)
		}
	})
}

// AppendStringChecked is AppendString after utf8.ValidString, on its fast
// path (a short ASCII string without a 00) and off it: 00s, bytes of 80
// and more, invalid UTF-8, strings past 32 bytes.
func TestAppendStringChecked(t *testing.T) {
	pieces := rapid.SampledFrom([]string{"a", "user", "\x00", "\x00\xff", "\xff", "\xc3\xa9", "\xe2\x82", "\x7f", "0123456789abcdef"})
	rapid.Check(t, func(t *rapid.T) {
		var s string
		for _, p := range rapid.SliceOfN(pieces, 0, 6).Draw(t, "pieces") {
			s += p
		}
		dst := roomy(t)
		out, err := tuplewire.AppendStringChecked(dst, s)
		if !utf8.ValidString(s) {
			if !errors.Is(err, tuplewire.ErrInvalidUTF8) || len(out) != len(dst) {
				t.Fatalf("AppendStringChecked(%q): %x, %v; want dst unchanged and ErrInvalidUTF8", s, out, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("AppendStringChecked(%q): %v", s, err)
		}
		appended(t, "AppendStringChecked", dst, out, tuple.Tuple{s}.Pack())
	})
}
