package tuple_test

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
)

// memoryCase is one decoder on keys of a given size: key(n) builds a key
// of about n bytes, valid or not.
type memoryCase struct {
	name   string
	key    func(n int) []byte
	decode func(key []byte)
}

var memCodec = tuple.Codec{Extensions: []tuple.Extension{
	tupledecimal.Extension(tupledecimal.DefaultCode),
	tuple.DescExtension(tuple.DefaultDescCode),
}}

// repeatKey packs one element and repeats it to about n bytes, with an
// optional bad byte at the end.
func repeatKey(elem tuple.Tuple, codec tuple.Codec, bad bool) func(n int) []byte {
	return func(n int) []byte {
		one, err := codec.Pack(elem)
		if err != nil {
			panic(err)
		}
		key := bytes.Repeat(one, max(n/len(one), 1))
		if bad {
			key = append(key, 0xFF) // 0xFF is no element's code
		}
		return key
	}
}

func memoryCases() []memoryCase {
	unpack := func(key []byte) { _, _ = tuple.Unpack(key) }
	lenient := func(key []byte) { _, _ = tuple.Codec{Lenient: true}.Unpack(key) }
	withExt := func(key []byte) { _, _ = memCodec.Unpack(key) }
	describe := func(key []byte) { _ = tuple.Describe(key) }
	describeExt := func(key []byte) { _ = memCodec.Describe(key) }
	ints := tuple.Tuple{0}
	strs := tuple.Tuple{"ab\x00c"}
	dec := tuple.Tuple{decimal.RequireFromString("-123.456e70")}
	desc := tuple.Tuple{tuple.Desc{V: "ab\x00c"}}
	var cases []memoryCase
	for _, bad := range []bool{false, true} {
		v := map[bool]string{false: "valid", true: "invalid"}[bad]
		cases = append(cases,
			memoryCase{"Unpack/ints/" + v, repeatKey(ints, tuple.Codec{}, bad), unpack},
			memoryCase{"Unpack/strings/" + v, repeatKey(strs, tuple.Codec{}, bad), unpack},
			memoryCase{"lenient/ints/" + v, repeatKey(ints, tuple.Codec{}, bad), lenient},
			memoryCase{"decimal/" + v, repeatKey(dec, memCodec, bad), withExt},
			memoryCase{"desc/" + v, repeatKey(desc, memCodec, bad), withExt},
			memoryCase{"Describe/ints/" + v, repeatKey(ints, tuple.Codec{}, bad), describe},
			memoryCase{"Describe/desc/" + v, repeatKey(desc, memCodec, bad), describeExt},
		)
	}
	return cases
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestMemoryLinear: every decoder allocates in proportion to its input,
// valid or not (4× the input costs at most 4.5× the memory), and
// rejecting a key never costs more than accepting the same key without its
// fault.
func TestMemoryLinear(t *testing.T) {
	const small = 256 << 10
	perByte := map[string]float64{}
	for _, c := range memoryCases() {
		k1, k4 := c.key(small), c.key(4*small)
		a1 := allocated(func() { c.decode(k1) })
		a4 := allocated(func() { c.decode(k4) })
		if float64(a4) > 4.5*float64(max(a1, 1)) {
			t.Errorf("%s: %d bytes for a %d-byte key, %d for %d bytes: more than linear", c.name, a1, len(k1), a4, len(k4))
		}
		perByte[c.name] = float64(a4) / float64(len(k4))
	}
	for name, invalid := range perByte {
		if !strings.HasSuffix(name, "/invalid") {
			continue
		}
		if valid := perByte[strings.TrimSuffix(name, "invalid")+"valid"]; invalid > valid*1.1+1 {
			t.Errorf("%s: %.1f bytes per input byte, valid %.1f", name, invalid, valid)
		}
	}
}

// BenchmarkMemoryPerByte reports, for every decoder, the bytes allocated
// per input byte on 1 MiB and 16 MiB keys, valid and invalid
// (-benchtime=1x is enough: the figure does not vary).
func BenchmarkMemoryPerByte(b *testing.B) {
	for _, c := range memoryCases() {
		for _, size := range []int{1 << 20, 16 << 20} {
			key := c.key(size)
			b.Run(fmt.Sprintf("%s/%dMiB", c.name, size>>20), func(b *testing.B) {
				var total uint64
				for b.Loop() {
					total += allocated(func() { c.decode(key) })
				}
				b.ReportMetric(float64(total)/float64(b.N)/float64(len(key)), "B/inputB")
			})
		}
	}
}
