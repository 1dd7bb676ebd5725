// Package keys holds the struct types the generator's tests run on: one
// it writes, and one for each thing it refuses.
package keys

import (
	"math/big"
	"time"

	gotypes "go/types"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
)

type Good struct {
	_    struct{} `tuple:"user,const"`
	ID   int64
	Name string `tuple:",desc"`
}

type Ext struct {
	D tuple.Tuple `tuple:",ext=0x40"`
}

// Optional grew by optional fields, one reached through an embedded
// pointer.
type Optional struct {
	ID    int64
	Reply *int64 `tuple:",optional"`
	*Thread
}

type Thread struct {
	Topic *string `tuple:",optional"`
}

// OptionalNotPointer is optional and no pointer, which a plan refuses.
type OptionalNotPointer struct {
	A int64 `tuple:",optional"`
}

// OptionalThenRequired has a required field after an optional one, which
// a plan refuses.
type OptionalThenRequired struct {
	A *int64 `tuple:",optional"`
	B int64
}

// OptionalThenConstant has a constant after an optional field, which a
// plan refuses.
type OptionalThenConstant struct {
	A *int64   `tuple:",optional"`
	_ struct{} `tuple:"END,const"`
}

// OptionalNested has an optional field in a nested struct, which a plan
// refuses.
type OptionalNested struct {
	N struct {
		X *int64 `tuple:",optional"`
	}
}

// OptionalDesc is optional and desc, which a plan refuses.
type OptionalDesc struct {
	A *int64 `tuple:",optional,desc"`
}

type Time struct{ At time.Time }

type Duration struct{ D time.Duration }

type NullableDesc struct {
	P *int64 `tuple:",desc"`
}

type DescInDesc struct {
	In struct {
		A int64 `tuple:",desc"`
	} `tuple:",desc"`
}

type Map struct{ M map[string]int }

type Any struct{ A any }

type Big struct{ B *big.Int }

type Empty struct{ E struct{} }

type Unknown struct {
	A int64 `tuple:",sideways"`
}

// Twice gives an option twice, which a plan refuses too.
type Twice struct {
	A int64 `tuple:",desc,desc"`
}

type BytesInt struct {
	A int64 `tuple:",bytes"`
}

type UintConst struct {
	_ uint8 `tuple:"300,const"`
}

type NotStruct int

type Generic[T any] struct{ V T }

type Part struct{ A int64 }

type EmbeddedPointer struct {
	*Part
	B int64
}

type SameName struct{ K gotypes.BasicKind }

type Cents int64

func (c Cents) AppendTupleElement(dst []byte) ([]byte, error) { return append(dst, 0x14), nil }

func (c *Cents) ScanTupleElement(elem []byte) error { return nil }

type Custom struct{ C Cents }

// ByUUID names uuid.UUID where the generated code needs no conversion,
// and in the conversion that asserts its fields.
type ByUUID struct{ U uuid.UUID }

// OnlyScanner can be read but not written, which a plan refuses.
type OnlyScanner struct{ S scanOnly }

type scanOnly int64

func (s *scanOnly) ScanTupleElement(elem []byte) error { return nil }

// OnlyAppender can be written but not read back, which a plan refuses.
type OnlyAppender struct{ A appendOnly }

type appendOnly int64

func (a appendOnly) AppendTupleElement(dst []byte) ([]byte, error) { return append(dst, 0x14), nil }

// KeyConvertible is written as the byte string of its key, never read.
type KeyConvertible struct{ K subspace }

type subspace struct{ prefix []byte }

func (s subspace) FDBKey() fdb.Key { return s.prefix }

type UnitOnInt struct {
	A int64 `tuple:",unit=ms"`
}

type BadUnit struct {
	At time.Time `tuple:",unit=h"`
}

type PointerToPointer struct{ P **int64 }

type part struct{ A int64 }

// EmbeddedUnexportedPointer embeds a pointer to a struct decoding cannot
// allocate from another package.
type EmbeddedUnexportedPointer struct {
	*part
}

type nothing struct {
	n int64 `tuple:"-"`
}

// EmbeddedEmpty embeds a struct that adds no field: it would vanish.
type EmbeddedEmpty struct {
	nothing
	B int64
}

type TupleField struct{ T tuple.Tuple }
