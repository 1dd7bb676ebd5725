// Package genkeys holds key structs with methods written by `fdbtuple
// gen` (in tuplekeys_gen.go, regenerated and compared by CI): W1 for the
// benchmarks of generated codecs, and types covering every field kind and
// tag the generator writes, which the tests compare with tuple.Plan's
// reflective path.
package genkeys

import (
	"github.com/fdbtuple/fdbtuple/internal/workload"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
)

//go:generate go run github.com/fdbtuple/fdbtuple/cmd/fdbtuple gen -type W1,W1Const,Kinds,Descs,Mixed

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
