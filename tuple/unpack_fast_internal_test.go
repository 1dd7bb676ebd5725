package tuple

import (
	"reflect"
	"testing"
)

// FuzzFastMatchesOnePass checks the two strict decoders against each
// other: the two-pass one that Unpack tries first accepts exactly what the
// one-pass one accepts, with the same result.
func FuzzFastMatchesOnePass(f *testing.F) {
	for _, s := range []string{
		"", "\x02user\x00\x15\x2a", "\x05\x00\xff\x05\x00\x00", "\x01a\x00\xff\x00", "\x02\xff\x00",
		"\x16\x00\x01", "\x05\x15\x01", "\x1d\x09\x01\x00\x00\x00\x00\x00\x00\x00\x00", "\x30\x01",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		fast, ok := unpackFast(b)
		d := decoder{in: b}
		slow, _, err := d.tuple(0, false, 0)
		if ok != (err == nil) {
			t.Fatalf("%x: two-pass ok=%v, one-pass err=%v", b, ok, err)
		}
		if ok && !reflect.DeepEqual(fast, slow) && Compare(fast, slow) != 0 {
			t.Fatalf("%x: two-pass %#v, one-pass %#v", b, fast, slow)
		}
	})
}
