package types

import "fmt"

// Kind is the semantic type of an element. Several codes can share a kind:
// every integer code is KindInt, and both boolean codes are KindBool.
// Kinds are numbered in the tuple layer's cross-type order, so comparing two
// kinds with < gives the order of elements of those kinds.
type Kind uint8

// The kinds of standard elements, in cross-type order.
const (
	KindInvalid      Kind = iota // not a standard element
	KindNull                     // nil
	KindBytes                    // []byte
	KindString                   // string
	KindTuple                    // nested tuple
	KindInt                      // integer of any size
	KindFloat32                  // float32
	KindFloat64                  // float64
	KindBool                     // bool
	KindUUID                     // uuid.UUID
	KindVersionstamp             // Versionstamp
)

var kindNames = [...]string{
	KindInvalid:      "invalid",
	KindNull:         "null",
	KindBytes:        "bytes",
	KindString:       "string",
	KindTuple:        "tuple",
	KindInt:          "int",
	KindFloat32:      "float32",
	KindFloat64:      "float64",
	KindBool:         "bool",
	KindUUID:         "uuid",
	KindVersionstamp: "versionstamp",
}

// String returns the kind's lower-case name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Kind maps a standard code to its kind, and any other code to KindInvalid.
func (c Code) Kind() Kind { return kindOf[c] }

// kindOf is Code.Kind for every byte, computed once: decoders ask for a
// code's kind for every element.
var kindOf = func() (t [256]Kind) {
	for c := range t {
		t[c] = kindOfCode(Code(c))
	}
	return t
}()

func kindOfCode(c Code) Kind {
	switch {
	case c == CodeNull:
		return KindNull
	case c == CodeBytes:
		return KindBytes
	case c == CodeString:
		return KindString
	case c == CodeNested:
		return KindTuple
	case c >= CodeNegBig && c <= CodePosBig:
		return KindInt
	case c == CodeFloat32:
		return KindFloat32
	case c == CodeFloat64:
		return KindFloat64
	case c == CodeFalse, c == CodeTrue:
		return KindBool
	case c == CodeUUID:
		return KindUUID
	case c == CodeVersionstamp:
		return KindVersionstamp
	}
	return KindInvalid
}
