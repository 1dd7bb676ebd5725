package tuple

import (
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// selfEncoded stands for a custom element type: a kind the direct
// functions know, with methods that must be called instead.
type selfEncoded int64

func (selfEncoded) AppendTupleElement(dst []byte) ([]byte, error) {
	return tuplewire.AppendInt(dst, 0), nil
}

func (*selfEncoded) ScanTupleElement([]byte) error { return nil }

// DirectEmbedded is reached through an embedded pointer, which decoding
// allocates.
type DirectEmbedded struct{ S string }

// directInner and directKey hold every kind of field a direct layout has.
type directInner struct {
	Name string
	ID   [16]byte
}

type directKey struct {
	_    struct{} `tuple:"USER,const"`
	S    string
	B    []byte
	N    int8
	U    uint64
	OK   bool
	F    float64
	At   int64  `tuple:",desc"`
	Raw  string `tuple:",bytes"`
	Sub  directInner
	Desc directInner `tuple:",desc"`
}

// TestDirectLayouts: which plans read and write the caller's struct
// directly, and which go through a copy (see plan_direct.go).
func TestDirectLayouts(t *testing.T) {
	direct := []bool{
		isDirectPlan[directKey](t),
		isDirectPlan[struct{ P *int64 }](t),
		isDirectPlan[struct{ F float32 }](t),
		isDirectPlan[struct{ A any }](t),
		isDirectPlan[struct{ T Tuple }](t),
		isDirectPlan[struct{ D time.Duration }](t),
		isDirectPlan[struct{ C selfEncoded }](t),
		isDirectPlan[struct{ In struct{ P *string } }](t),
		isDirectPlan[struct{ T time.Time }](t),
		isDirectPlan[struct {
			*DirectEmbedded
			N int64
		}](t),
	}
	want := []bool{true, false, false, false, false, false, false, false, false, false}
	for i := range want {
		if direct[i] != want[i] {
			t.Errorf("layout %d: direct %v, want %v", i, direct[i], want[i])
		}
	}
}

func isDirectPlan[T any](t *testing.T) bool {
	t.Helper()
	p, err := NewPlan[T](Codec{})
	if err != nil {
		t.Fatal(err)
	}
	return p.direct
}

// TestDirectRoundTrip: every kind of a direct layout reads back what it
// writes.
func TestDirectRoundTrip(t *testing.T) {
	p, err := NewPlan[directKey](Codec{})
	if err != nil || !p.direct {
		t.Fatalf("NewPlan: %v, direct %v", err, p != nil && p.direct)
	}
	in := directKey{S: "s\x00é", B: []byte{0, 1}, N: -3, U: 1 << 63, OK: true, F: -1.5, At: -7, Raw: "r\x00",
		Sub: directInner{Name: "a", ID: [16]byte{1}}, Desc: directInner{Name: "z", ID: [16]byte{2}}}
	b, err := p.Marshal(&in)
	if err != nil {
		t.Fatal(err)
	}
	want, err := p.Codec().Pack(Tuple{"USER", "s\x00é", []byte{0, 1}, int64(-3), uint64(1 << 63), true, -1.5, Desc{V: int64(-7)},
		[]byte("r\x00"), Tuple{"a", UUID{1}}, Desc{V: Tuple{"z", UUID{2}}}})
	if err != nil || string(b) != string(want) {
		t.Fatalf("Marshal = %x, Codec.Pack of the same elements = %x, %v", b, want, err)
	}
	var out directKey
	if err := p.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if out.S != in.S || string(out.B) != string(in.B) || out.N != in.N || out.U != in.U || out.OK != in.OK || out.F != in.F ||
		out.At != in.At || out.Raw != in.Raw || out.Sub != in.Sub || out.Desc != in.Desc {
		t.Errorf("Unmarshal(Marshal(%+v)) = %+v", in, out)
	}
	again, err := p.Marshal(&out)
	if err != nil || string(again) != string(b) {
		t.Errorf("Marshal again = %x, %v; want %x", again, err, b)
	}
}
