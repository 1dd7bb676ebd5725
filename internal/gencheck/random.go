package gencheck

import (
	"bytes"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// Interesting returns a byte that is often a type code or a framing byte.
func Interesting(rng *rand.Rand) byte {
	codes := []byte{0x00, 0xFF, 0x01, 0x02, 0x05, 0x0B, 0x0C, 0x13, 0x14, 0x15, 0x1C, 0x1D, 0x20, 0x21, 0x26, 0x27, 0x30, 0x33, 0x4F, 0x40, 0x03, 0xC3, 0x80}
	if rng.IntN(3) == 0 {
		return byte(rng.Uint32())
	}
	return codes[rng.IntN(len(codes))]
}

// Mutate returns a copy of key with one random change.
func Mutate(rng *rand.Rand, key []byte) []byte {
	k := bytes.Clone(key)
	if len(k) == 0 {
		return []byte{Interesting(rng)}
	}
	i := rng.IntN(len(k))
	switch rng.IntN(5) {
	case 0:
		k[i] = Interesting(rng)
	case 1:
		k[i] ^= 1 << rng.IntN(8)
	case 2:
		k = append(k[:i], k[i+1:]...)
	case 3:
		k = append(k[:i], append([]byte{Interesting(rng)}, k[i:]...)...)
	default:
		k = k[:i]
	}
	return k
}

// Fill sets v to a random value: every kind the key structs hold, with
// the edge values that matter (zeros to escape, invalid UTF-8, integers
// at the limits of their sizes, NaNs, nil pointers). Unexported fields,
// and fields tagged `tuple:"-"`, keep their values.
func Fill(rng *rand.Rand, v reflect.Value) { fill(rng, v, 0) }

// fillDepth is how deep fill follows pointers: past it they are nil, so
// that a type that holds itself (a custom element type may) is filled in
// finite time.
const fillDepth = 8

func fill(rng *rand.Rand, v reflect.Value, depth int) {
	switch v.Type() {
	case timeType:
		v.Set(reflect.ValueOf(randomTime(rng)))
		return
	case bigIntType:
		v.Set(reflect.ValueOf(randomBig(rng)).Elem())
		return
	case durationType:
		v.SetInt(int64(randomDuration(rng)))
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if sf := v.Type().Field(i); sf.IsExported() && sf.Tag.Get("tuple") != "-" {
				fill(rng, v.Field(i), depth)
			}
		}
	case reflect.Pointer:
		if rng.IntN(3) == 0 || depth >= fillDepth {
			v.SetZero()
			return
		}
		p := reflect.New(v.Type().Elem())
		fill(rng, p.Elem(), depth+1)
		v.Set(p)
	case reflect.String:
		v.SetString(string(randomBytes(rng)))
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Interface { // a tuple.Tuple
			v.Set(reflect.ValueOf(randomTuple(rng, depth)).Convert(v.Type()))
			return
		}
		b := randomBytes(rng)
		s := reflect.MakeSlice(v.Type(), len(b), len(b))
		for i, c := range b {
			s.Index(i).SetUint(uint64(c))
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			v.Index(i).SetUint(uint64(rng.IntN(256)))
		}
	case reflect.Bool:
		v.SetBool(rng.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := randomInt(rng)
		for v.OverflowInt(n) {
			n >>= 8
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n := uint64(randomInt(rng))
		for v.OverflowUint(n) {
			n >>= 8
		}
		v.SetUint(n)
	case reflect.Float32:
		v.Set(reflect.ValueOf(math.Float32frombits(rng.Uint32())).Convert(v.Type()))
	case reflect.Float64:
		v.SetFloat(math.Float64frombits(rng.Uint64()))
	default:
		panic("gencheck.Fill: " + v.Type().String())
	}
}

var (
	timeType     = reflect.TypeFor[time.Time]()
	durationType = reflect.TypeFor[time.Duration]()
	bigIntType   = reflect.TypeFor[big.Int]()
)

// randomTime returns a time that is mostly a whole number of seconds
// (which every unit writes), sometimes of milliseconds or microseconds
// only, beyond int64 nanoseconds, or with no Unix second (ErrOutOfRange).
func randomTime(rng *rand.Rand) time.Time {
	sec, nsec := randomInt(rng)>>rng.IntN(40), int64(rng.IntN(1e9))
	switch rng.IntN(10) {
	case 6:
		nsec -= nsec % 1e6
	case 7:
		nsec -= nsec % 1e3
	case 8:
	case 9:
		return []time.Time{time.Unix(math.MaxInt64, 999999999), time.Unix(math.MinInt64, 0), {}, time.Unix(0, 0), time.Unix(1<<40, 0)}[rng.IntN(5)]
	default:
		nsec = 0
	}
	return time.Unix(sec, nsec)
}

// randomDuration returns a duration that is mostly a whole number of
// milliseconds.
func randomDuration(rng *rand.Rand) time.Duration {
	if rng.IntN(5) == 0 {
		return time.Duration(randomInt(rng))
	}
	return time.Duration(randomInt(rng)>>20) * time.Millisecond
}

// randomBig returns an integer of up to 263 bytes, often small.
func randomBig(rng *rand.Rand) *big.Int {
	v := big.NewInt(randomInt(rng))
	if rng.IntN(6) == 0 {
		v.Lsh(v, uint(rng.IntN(2100)))
	}
	return v
}

// randomTuple returns a tuple of up to 4 elements of every kind a
// tuple.Tuple holds, tuples nested up to fillDepth among them.
func randomTuple(rng *rand.Rand, depth int) tuple.Tuple {
	t := make(tuple.Tuple, rng.IntN(5))
	for i := range t {
		switch rng.IntN(11) {
		case 0:
			t[i] = nil
		case 1:
			t[i] = randomBytes(rng)
		case 2:
			t[i] = string(randomBytes(rng))
		case 3:
			t[i] = randomInt(rng)
		case 4:
			t[i] = uint64(randomInt(rng))
		case 5:
			t[i] = randomBig(rng)
		case 6:
			t[i] = math.Float64frombits(rng.Uint64())
		case 7:
			t[i] = math.Float32frombits(rng.Uint32())
		case 8:
			t[i] = rng.IntN(2) == 0
		case 9:
			var u tuple.UUID
			for j := range u {
				u[j] = byte(rng.Uint32())
			}
			t[i] = u
		default:
			if depth < fillDepth {
				t[i] = randomTuple(rng, depth+1)
			}
		}
	}
	return t
}

func randomInt(rng *rand.Rand) int64 {
	switch rng.IntN(4) {
	case 0:
		return int64(rng.IntN(512)) - 256
	case 1:
		return []int64{0, -1, 1, math.MaxInt64, math.MinInt64, math.MaxInt32, math.MinInt32, 255, 256, -255, -256}[rng.IntN(11)]
	}
	return int64(rng.Uint64()) >> rng.IntN(64)
}

func randomBytes(rng *rand.Rand) []byte {
	b := make([]byte, rng.IntN(12))
	for i := range b {
		switch rng.IntN(10) {
		case 0:
			b[i] = 0
		case 1:
			b[i] = byte(0x80 + rng.IntN(0x80)) // often invalid UTF-8
		default:
			b[i] = byte('a' + rng.IntN(26))
		}
	}
	return b
}

// EndAtNil sets the optional fields of the key struct v (tagged
// `tuple:",optional"`, its embedded structs' inlined) that follow a nil
// one to nil, as a key that ends there holds them: Fill sets each pointer
// at random, which makes most values of a key of several optional fields
// ErrOptionalGap. An optional field behind a nil embedded pointer is nil.
func EndAtNil(v reflect.Value) { endAtNil(v, new(bool)) }

func endAtNil(v reflect.Value, ended *bool) {
	for i := range v.NumField() {
		sf := v.Type().Field(i)
		tag, hasTag := sf.Tag.Lookup("tuple")
		if !sf.IsExported() || tag == "-" {
			continue
		}
		fv := v.Field(i)
		if sf.Anonymous && !hasTag { // inlined, if a struct: its fields are the key's
			switch {
			case fv.Kind() == reflect.Struct:
				endAtNil(fv, ended)
			case fv.Kind() == reflect.Pointer && fv.Type().Elem().Kind() == reflect.Struct && fv.IsNil():
				*ended = *ended || holdsOptional(fv.Type().Elem(), 0)
			case fv.Kind() == reflect.Pointer && fv.Type().Elem().Kind() == reflect.Struct:
				endAtNil(fv.Elem(), ended)
			}
			continue
		}
		if !isOptional(tag) || fv.Kind() != reflect.Pointer {
			continue
		}
		if *ended {
			fv.SetZero()
		}
		*ended = *ended || fv.IsNil()
	}
}

// isOptional reports whether a tuple tag has the optional option.
func isOptional(tag string) bool {
	return slices.Contains(strings.Split(tag, ",")[1:], "optional")
}

// holdsOptional reports whether struct t has an optional field, its
// embedded structs' included (to fillDepth: a key type embeds no struct
// that embeds it).
func holdsOptional(t reflect.Type, depth int) bool {
	if depth >= fillDepth {
		return false
	}
	for i := range t.NumField() {
		sf := t.Field(i)
		tag, hasTag := sf.Tag.Lookup("tuple")
		et := sf.Type
		if et.Kind() == reflect.Pointer {
			et = et.Elem()
		}
		if isOptional(tag) || sf.Anonymous && !hasTag && et.Kind() == reflect.Struct && holdsOptional(et, depth+1) {
			return true
		}
	}
	return false
}
