package nested_test

import (
	"testing"

	"github.com/fdbtuple/fdbtuple/nested"
)

// BenchmarkPathAppend packs a three-level path into a reused buffer, as a
// bulk load does for every key.
func BenchmarkPathAppend(b *testing.B) {
	p := nested.New("user", user).Child("post", 1234).Child("comment", 1678901234, nil)
	buf := make([]byte, 0, 128)
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if buf, err = p.AppendBinary(buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPathKey packs a path and two fields into a new key.
func BenchmarkPathKey(b *testing.B) {
	p := nested.New("user", user).Child("post", 1234)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Key("title", int64(3)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPathDecode reads a three-level path and its fields back from a
// key, as a scan does for every key.
func BenchmarkPathDecode(b *testing.B) {
	key, err := nested.New("user", user).Child("post", 1234).Child("comment", 1678901234).Key("title")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := nested.Decode(key); err != nil {
			b.Fatal(err)
		}
	}
}
