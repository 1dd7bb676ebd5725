// Package genkeys holds key structs with methods written by `fdbtuple
// gen` (in tuplekeys_gen.go, regenerated and compared by CI): W1 for the
// benchmarks of generated codecs, and types covering every field kind and
// tag the generator writes, which the tests compare with tuple.Plan's
// reflective path.
//
// Place in the import DAG: above tuple, tuplewire and internal/workload,
// for tests and benchmarks only (its own and compat/gobinding's); no
// library package imports it.
package genkeys

import (
	"errors"
	"math/big"
	"time"

	"github.com/fdbtuple/fdbtuple/internal/workload"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/google/uuid"
)

//go:generate go run github.com/fdbtuple/fdbtuple/cmd/fdbtuple gen -type W1,W1Const,Kinds,Descs,Mixed,Times,Customs,Embeds,Event,Grows

// W1 is workload.W1Fields (the seed key as a struct of plain fields),
// whose plan takes the reflective path: here it has generated methods.
type W1 workload.W1Fields

// W1Const is workload.W1Const: W1 with its strings as constants.
type W1Const workload.W1Const

// Named types of every kind, which the generated code converts.
type (
	// ID is a named integer.
	ID int32
	// Name is a named string.
	Name string
	// Blob is a named byte slice.
	Blob []byte
	// ID16 is a 16-byte array other than uuid.UUID.
	ID16 [16]byte
	// Flag is a named bool.
	Flag bool
)

// Base is embedded in Kinds: its fields are inlined.
type Base struct {
	Tenant string
	Shard  uint16
}

// Inner is a nested tuple.
type Inner struct {
	A string
	B *int64
	C Deep
}

// Deep is a nested tuple inside a nested tuple.
type Deep struct {
	X int8
	Y Flag
}

// Kinds has a field of every kind the generator writes, with every tag
// but desc.
type Kinds struct {
	Base
	_     struct{} `tuple:"K,const"`
	_     int      `tuple:"-7,const"`
	S     string
	N     Name   `tuple:"name"`
	Raw   string `tuple:"raw,bytes"`
	B     []byte
	Blob  Blob
	T     Flag
	I     int
	I8    int8
	I16   int16
	I32   ID
	U     uint
	U8    uint8
	U32   uint32
	U64   uint64
	F32   float32
	F64   float64
	UUID  uuid.UUID
	Raw16 ID16
	VS    tuple.Versionstamp
	PS    *string
	PI    *int64
	PU    *uuid.UUID
	PN    *Name
	In    Inner
	PIn   *Inner
	Skip  int `tuple:"-"`
	Last  string
}

// Descs has descending fields of several kinds, and plain fields among
// them (where the descending code is of the wrong type, not invalid).
type Descs struct {
	Kind string
	A    string `tuple:",desc"`
	B    int64  `tuple:",desc"`
	C    []byte `tuple:",desc"`
	D    Inner  `tuple:",desc"`
	E    *string
	F    float64   `tuple:",desc"`
	G    uuid.UUID `tuple:",desc"`
	H    Name      `tuple:",desc,bytes"`
	I    uint8     `tuple:",desc"`
}

// Tagged is a nested tuple with constants, a byte string, a descending
// field and a nullable string of its own.
type Tagged struct {
	_    struct{} `tuple:"tag,const"`
	Name string   `tuple:"n,bytes"`
	_    int16    `tuple:"300,const"`
	Rank int32    `tuple:",desc"`
	Note *string
}

// Mixed nests Tagged directly, behind a pointer and inside a descending
// field, so that every framing and null of nested tuples is met.
type Mixed struct {
	ID   uint64
	T    Tagged
	PT   *Tagged
	DT   Deep `tuple:",desc"`
	Tail Name
}

// Times has times, durations and big integers in every unit and tag:
// nullable, descending, both, and in a nested tuple.
type Times struct {
	At   time.Time
	Ms   time.Time  `tuple:",unit=ms"`
	S    *time.Time `tuple:",unit=s"`
	D    time.Duration
	Us   time.Duration  `tuple:",unit=us"`
	PD   *time.Duration `tuple:",desc,unit=ms"`
	DT   time.Time      `tuple:",desc,unit=us"`
	Big  big.Int
	PBig *big.Int
	DBig *big.Int `tuple:",desc"`
	PS   *string  `tuple:",desc"`
	In   Stamped
}

// Stamped is a nested tuple of a time, a nullable duration and a big
// integer, whose nulls are 00 FF.
type Stamped struct {
	At  time.Time `tuple:",unit=ms"`
	PD  *time.Duration
	Big *big.Int
}

// Customs has custom element types: a method on the type and on its
// pointer, nullable, descending, and in nested tuples.
type Customs struct {
	Price  Cents
	PPrice *Cents
	DPrice Cents `tuple:",desc"`
	L      Label
	PL     *Label
	In     Priced
	DIn    Priced `tuple:",desc"`
}

// Priced is a nested tuple of custom fields.
type Priced struct {
	P Cents
	L Label
}

// Cents is a custom element type: an integer element, whose methods
// refuse some values, as a type of a user's own may, to compare the
// errors of the generated code and of the plan. AppendTupleElement is on
// the type, ScanTupleElement on its pointer.
type Cents int64

// errUnlucky is the error of a Cents method that refuses a value.
var errUnlucky = errors.New("genkeys: unlucky cents")

// AppendTupleElement writes c as an integer element; -13 is an error,
// and a negative multiple of 5 writes two elements (not one element, which
// the plan refuses).
func (c Cents) AppendTupleElement(dst []byte) ([]byte, error) {
	switch {
	case c == -13:
		return dst, errUnlucky
	case c < 0 && c%5 == 0:
		return tuplewire.AppendInt(tuplewire.AppendInt(dst, int64(c)), 0), nil
	}
	return tuplewire.AppendInt(dst, int64(c)), nil
}

// ScanTupleElement reads an integer element; 13 and the values
// AppendTupleElement refuses are an error of its own, anything but an
// integer tuplewire's *DecodeError.
func (c *Cents) ScanTupleElement(elem []byte) error {
	v, _, err := tuplewire.ConsumeInt(elem)
	switch {
	case err != nil:
		return err
	case v == 13 || v == -13 || v < 0 && v%5 == 0:
		return errUnlucky
	}
	*c = Cents(v)
	return nil
}

// Label is a custom element type with both methods on its pointer: a
// string. (Writing a null for the empty label, as it once did, is refused:
// the null would read back as a nil pointer, not as Label{}.)
type Label struct {
	Text string
}

// AppendTupleElement writes the label's string.
func (l *Label) AppendTupleElement(dst []byte) ([]byte, error) {
	return tuplewire.AppendStringChecked(dst, l.Text)
}

// ScanTupleElement reads a string element.
func (l *Label) ScanTupleElement(elem []byte) error {
	s, _, err := tuplewire.ConsumeString(elem)
	if err != nil {
		return err
	}
	l.Text = s
	return nil
}

// Embeds reaches fields through embedded pointers to structs: the plan
// allocates them as it decodes and refuses a nil one as it encodes.
type Embeds struct {
	*Owner
	ID int64
	*Where
}

// Owner is embedded by pointer, with a constant.
type Owner struct {
	_   struct{} `tuple:"org,const"`
	Org string
}

// Where is embedded by pointer and embeds another pointer.
type Where struct {
	*Zone
	Shelf uint8
}

// Zone is reached through two embedded pointers.
type Zone struct {
	Z *string `tuple:",desc"`
}

// Event is a key of a string, a time and a duration in int64 range: its
// generated methods allocate only the decoded string.
type Event struct {
	Stream string
	At     time.Time `tuple:",unit=ms"`
	Took   time.Duration
}

// Grows is a key that grew by trailing optional fields, left out of the
// key when nil: of several kinds, a nested tuple and a custom element
// among them, the last ones reached through an embedded pointer. A
// descending field before them puts the descending code in the codec, of
// the wrong type where an optional field is.
type Grows struct {
	_      struct{} `tuple:"g,const"`
	Stream string
	Seq    int64      `tuple:",desc"`
	Reply  *int64     `tuple:",optional"`
	Topic  *Name      `tuple:",optional"`
	At     *time.Time `tuple:",optional,unit=ms"`
	*Grown
}

// Grown holds the optional fields Grows reaches through a pointer: the
// plan allocates it when the key holds one of them, and a nil Grown
// leaves them all out.
type Grown struct {
	Price *Cents `tuple:",optional"`
	In    *Inner `tuple:",optional"`
	Blob  *Blob  `tuple:",optional"`
}
