package genkeys_test

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/internal/workload/genkeys"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// The reflective twins: the same fields and tags, without the generated
// methods, so that tuple.Plan takes its reflective path.
type (
	w1Reflect      genkeys.W1
	w1ConstReflect genkeys.W1Const
	kindsReflect   genkeys.Kinds
	descsReflect   genkeys.Descs
	mixedReflect   genkeys.Mixed
	timesReflect   genkeys.Times
	customsReflect genkeys.Customs
	embedsReflect  genkeys.Embeds
	eventReflect   genkeys.Event
)

// pair compares the generated methods of G with the reflective plan of
// its twin R on values and keys.
type pair interface {
	name() string
	// encode fills a random value and returns the key both paths write,
	// failing t if they differ.
	encode(t *testing.T, rng *rand.Rand) []byte
	// decode reads key both ways and fails t if they differ.
	decode(t *testing.T, key []byte)
}

type twin[G any, R any, PG interface {
	*G
	AppendTupleKey([]byte) ([]byte, error)
	UnmarshalTupleKey([]byte) (int, error)
	MarshalTupleKey() ([]byte, error)
	TupleKeySchema() string
}] struct {
	label string
	plan  *tuple.Plan[R]
	gplan *tuple.Plan[G] // the plan of G itself, which uses the generated methods
	conv  func(*G) *R
}

func newTwin[G any, R any, PG interface {
	*G
	AppendTupleKey([]byte) ([]byte, error)
	UnmarshalTupleKey([]byte) (int, error)
	MarshalTupleKey() ([]byte, error)
	TupleKeySchema() string
}](t testing.TB, label string, conv func(*G) *R) *twin[G, R, PG] {
	plan, err := tuple.NewPlan[R](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	gplan, err := tuple.NewPlan[G](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	// The schema the generator wrote is the plan's of the reflective twin,
	// so that NewPlan's check of it (ErrStaleGenerated) holds.
	if got, want := PG(new(G)).TupleKeySchema(), plan.Schema(); got != want {
		t.Fatalf("%s: TupleKeySchema %s, the plan's schema %s", label, got, want)
	}
	return &twin[G, R, PG]{label: label, plan: plan, gplan: gplan, conv: conv}
}

func (p *twin[G, R, PG]) name() string { return p.label }

func (p *twin[G, R, PG]) encode(t *testing.T, rng *rand.Rand) []byte {
	t.Helper()
	var g G
	fill(rng, reflect.ValueOf(&g).Elem())
	prefix := []byte("prefix")
	got, gerr := PG(&g).AppendTupleKey(prefix)
	want, werr := p.plan.Append(prefix, p.conv(&g))
	sameError(t, p.label+" AppendTupleKey", gerr, werr)
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: AppendTupleKey of %+v\n got %x\nwant %x", p.label, g, got, want)
	}
	viaPlan, perr := p.gplan.Marshal(&g)
	sameError(t, p.label+" Plan.Marshal with generated methods", perr, werr)
	marshalled, merr := PG(&g).MarshalTupleKey()
	sameError(t, p.label+" MarshalTupleKey", merr, werr)
	if werr != nil {
		return nil
	}
	if !bytes.Equal(viaPlan, want[len(prefix):]) || !bytes.Equal(marshalled, want[len(prefix):]) {
		t.Fatalf("%s: Plan.Marshal %x, MarshalTupleKey %x, want %x", p.label, viaPlan, marshalled, want[len(prefix):])
	}
	return want[len(prefix):]
}

func (p *twin[G, R, PG]) decode(t *testing.T, key []byte) {
	t.Helper()
	var g G
	n, gerr := PG(&g).UnmarshalTupleKey(key)
	var r R
	rest, werr := p.plan.UnmarshalPrefix(key, &r)
	sameError(t, p.label+" UnmarshalTupleKey", gerr, werr)
	var viaPlan G
	_, perr := p.gplan.UnmarshalPrefix(key, &viaPlan)
	sameError(t, p.label+" Plan.UnmarshalPrefix with generated methods", perr, werr)
	// Under a prefix, the generated path's offsets count from the key's
	// first byte, as the plan's do.
	underKey := append([]byte("app/"), key...)
	var ug G
	var ur R
	_, uerr := p.gplan.Under([]byte("app/")).UnmarshalPrefix(underKey, &ug)
	_, wuerr := p.plan.Under([]byte("app/")).UnmarshalPrefix(underKey, &ur)
	sameError(t, p.label+" PlanUnder.UnmarshalPrefix with generated methods", uerr, wuerr)
	if werr != nil {
		return
	}
	if n != len(key)-len(rest) {
		t.Fatalf("%s: UnmarshalTupleKey(%x) read %d bytes, the plan %d", p.label, key, n, len(key)-len(rest))
	}
	// The values agree when they write the same key (the encoding is
	// injective, floats bit for bit), and nothing aliases the key.
	want, err := p.plan.Marshal(&r)
	if err != nil {
		t.Fatalf("%s: the plan cannot write what it read from %x: %v", p.label, key, err)
	}
	for _, v := range []*G{&g, &viaPlan} {
		got, err := p.plan.Marshal(p.conv(v))
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: decoded %x to %+v (key %x, %v), the plan to %+v (key %x)", p.label, key, *v, got, err, r, want)
		}
	}
}

// sameError fails t unless got and want are both nil or have the same
// sentinel, field and offset; an encoding error the same type and error
// text (a custom type's refusal wraps its sentinel in a new error).
func sameError(t *testing.T, what string, got, want error) {
	t.Helper()
	if (got == nil) != (want == nil) {
		t.Fatalf("%s: error %v, the plan's %v", what, got, want)
	}
	if got == nil {
		return
	}
	var gd, wd *tuple.DecodeError
	if errors.As(want, &wd) {
		if !errors.As(got, &gd) || gd.Err != wd.Err || gd.Field != wd.Field || gd.Offset != wd.Offset {
			t.Fatalf("%s:\n got %v (field %q)\nwant %v (field %q)", what, got, fieldOf(gd), want, wd.Field)
		}
		return
	}
	var ge, we *tuple.EncodeError
	if !errors.As(want, &we) || !errors.As(got, &ge) || ge.Err.Error() != we.Err.Error() || ge.Field != we.Field || ge.Type != we.Type {
		t.Fatalf("%s:\n got %v (type %v)\nwant %v (type %v)", what, got, typeOf(ge), want, typeOf(we))
	}
}

func typeOf(e *tuple.EncodeError) reflect.Type {
	if e == nil {
		return nil
	}
	return e.Type
}

func fieldOf(e *tuple.DecodeError) string {
	if e == nil {
		return ""
	}
	return e.Field
}

func pairs(t testing.TB) []pair {
	return []pair{
		newTwin[genkeys.W1](t, "W1", func(v *genkeys.W1) *w1Reflect { return (*w1Reflect)(v) }),
		newTwin[genkeys.W1Const](t, "W1Const", func(v *genkeys.W1Const) *w1ConstReflect { return (*w1ConstReflect)(v) }),
		newTwin[genkeys.Kinds](t, "Kinds", func(v *genkeys.Kinds) *kindsReflect { return (*kindsReflect)(v) }),
		newTwin[genkeys.Descs](t, "Descs", func(v *genkeys.Descs) *descsReflect { return (*descsReflect)(v) }),
		newTwin[genkeys.Mixed](t, "Mixed", func(v *genkeys.Mixed) *mixedReflect { return (*mixedReflect)(v) }),
		newTwin[genkeys.Times](t, "Times", func(v *genkeys.Times) *timesReflect { return (*timesReflect)(v) }),
		newTwin[genkeys.Customs](t, "Customs", func(v *genkeys.Customs) *customsReflect { return (*customsReflect)(v) }),
		newTwin[genkeys.Embeds](t, "Embeds", func(v *genkeys.Embeds) *embedsReflect { return (*embedsReflect)(v) }),
		newTwin[genkeys.Event](t, "Event", func(v *genkeys.Event) *eventReflect { return (*eventReflect)(v) }),
	}
}

// check runs one round on every pair: a random value, its key, the key
// mutated, and raw as a key.
func check(t *testing.T, ps []pair, rng *rand.Rand, raw []byte) {
	for _, p := range ps {
		p.decode(t, raw)
		key := p.encode(t, rng)
		if key == nil {
			continue
		}
		p.decode(t, key)
		for range 8 {
			p.decode(t, mutate(rng, key))
		}
	}
}

func TestGeneratedMatchesPlan(t *testing.T) {
	ps := pairs(t)
	rng := rand.New(rand.NewPCG(28, 1))
	for range 3000 {
		raw := make([]byte, rng.IntN(40))
		for i := range raw {
			raw[i] = interesting(rng)
		}
		check(t, ps, rng, raw)
	}
}

// FuzzGenerated: the generated methods and the reflective plan agree on
// bytes and errors, for random values (seeded by the input), the input
// as a key, and mutations of valid keys.
func FuzzGenerated(f *testing.F) {
	f.Add(uint64(1), []byte{})
	f.Add(uint64(2), []byte("\x02user\x00"))
	f.Add(uint64(3), []byte("\x05\x02a\x00\x00\xff\x05\x15\x01\x27\x00\x00"))
	f.Add(uint64(4), []byte("\x4f\xfd\xff\xff\x02b\x00"))
	ps := pairs(f)
	f.Fuzz(func(t *testing.T, seed uint64, raw []byte) {
		check(t, ps, rand.New(rand.NewPCG(seed, uint64(len(raw)))), raw)
	})
}

// interesting returns a byte that is often a type code or a framing byte.
func interesting(rng *rand.Rand) byte {
	codes := []byte{0x00, 0xFF, 0x01, 0x02, 0x05, 0x0B, 0x0C, 0x13, 0x14, 0x15, 0x1C, 0x1D, 0x20, 0x21, 0x26, 0x27, 0x30, 0x33, 0x4F, 0x40, 0x03, 0xC3, 0x80}
	if rng.IntN(3) == 0 {
		return byte(rng.Uint32())
	}
	return codes[rng.IntN(len(codes))]
}

// mutate returns a copy of key with one random change.
func mutate(rng *rand.Rand, key []byte) []byte {
	k := bytes.Clone(key)
	if len(k) == 0 {
		return []byte{interesting(rng)}
	}
	i := rng.IntN(len(k))
	switch rng.IntN(5) {
	case 0:
		k[i] = interesting(rng)
	case 1:
		k[i] ^= 1 << rng.IntN(8)
	case 2:
		k = append(k[:i], k[i+1:]...)
	case 3:
		k = append(k[:i], append([]byte{interesting(rng)}, k[i:]...)...)
	default:
		k = k[:i]
	}
	return k
}

// fill sets v to a random value: every kind the key structs hold, with
// the edge values that matter (zeros to escape, invalid UTF-8, integers
// at the limits of their sizes, NaNs, nil pointers).
func fill(rng *rand.Rand, v reflect.Value) {
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
			if v.Type().Field(i).IsExported() {
				fill(rng, v.Field(i))
			}
		}
	case reflect.Pointer:
		if rng.IntN(3) == 0 {
			v.SetZero()
			return
		}
		p := reflect.New(v.Type().Elem())
		fill(rng, p.Elem())
		v.Set(p)
	case reflect.String:
		v.SetString(string(randomBytes(rng)))
	case reflect.Slice:
		v.SetBytes(randomBytes(rng))
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
		panic("fill: " + v.Type().String())
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

// reflectValue is the value *p for fill.
func reflectValue[T any](p *T) reflect.Value { return reflect.ValueOf(p).Elem() }
