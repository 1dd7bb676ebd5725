package tuplegen

// The helper packages of the temporary module: packages whose names are
// those of the generated file's imports and variables (key, types, tuple,
// reflect, pos), and custom element types, generic ones among them.

var genHelpers = map[string]string{
	"key/key.go": `// Package key is named as UnmarshalTupleKey's parameter.
package key

type ID int64

type Name string

type Part struct {
	A int64
	B string
}

type Bytes []byte
`,
	"h/types/types.go": `// Package types is named as fdbtuple's types package.
package types

type Code uint16

type Inner struct {
	X int8
	Y string
}
`,
	"h/tuple/tuple.go": `// Package tuple is named as fdbtuple's tuple package.
package tuple

type Elem string
`,
	"h/reflect/reflect.go": `// Package reflect is named as the standard library's.
package reflect

type Kind uint8
`,
	"pos/pos.go": `// Package pos is named as a variable of the generated methods.
package pos

type Pos int32
`,
	"other/other.go": `// Package other has a struct whose unexported field the generated
// file cannot spell, one that embeds a pointer, and one that embeds an
// unexported struct.
package other

type Hidden struct {
	A int64
	b int64 ` + "`tuple:\"-\"`" + `
}

type Zone struct {
	Z string
}

type Place struct {
	*Zone
	Shelf uint8
}

type inner struct {
	A int64
	B string
}

// Wrap embeds an unexported struct, whose fields a plan inlines and
// another package reaches only as promoted fields.
type Wrap struct {
	inner
	C int8
}
`,
	"elems/elems.go": `// Package elems has custom element types: on the value and on the
// pointer, a string one, generic ones, and two with one method only.
package elems

import (
	"errors"

	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

var errUnlucky = errors.New("elems: unlucky")

// Cents writes an integer; -13 is an error, and reads one, 13 and -13
// an error.
type Cents int64

func (c Cents) AppendTupleElement(dst []byte) ([]byte, error) {
	if c == -13 {
		return dst, errUnlucky
	}
	return tuplewire.AppendInt(dst, int64(c)), nil
}

func (c *Cents) ScanTupleElement(elem []byte) error {
	v, _, err := tuplewire.ConsumeInt(elem)
	if err == nil && (v == 13 || v == -13) {
		return errUnlucky
	}
	*c = Cents(v)
	return err
}

// Label is a string, both methods on the pointer.
type Label struct{ Text string }

func (l *Label) AppendTupleElement(dst []byte) ([]byte, error) {
	return tuplewire.AppendStringChecked(dst, l.Text)
}

func (l *Label) ScanTupleElement(elem []byte) error {
	s, _, err := tuplewire.ConsumeString(elem)
	l.Text = s
	return err
}

// Code is a custom element whose underlying type is string: it writes
// itself upper-cased in a byte string.
type Code string

func (c Code) AppendTupleElement(dst []byte) ([]byte, error) {
	return tuplewire.AppendBytes(dst, []byte("C:"+string(c))), nil
}

func (c *Code) ScanTupleElement(elem []byte) error {
	b, _, err := tuplewire.ConsumeBytes(elem)
	if len(b) < 2 || string(b[:2]) != "C:" {
		return errors.Join(err, errUnlucky)
	}
	*c = Code(b[2:])
	return err
}

// Box is a generic custom element: a string.
type Box[T any] struct{ S string }

func (b Box[T]) AppendTupleElement(dst []byte) ([]byte, error) {
	return tuplewire.AppendStringChecked(dst, b.S)
}

func (b *Box[T]) ScanTupleElement(elem []byte) error {
	s, _, err := tuplewire.ConsumeString(elem)
	b.S = s
	return err
}

// ScanOnly can be read, not written.
type ScanOnly int64

func (s *ScanOnly) ScanTupleElement(elem []byte) error { return nil }

// AppendOnly can be written, not read.
type AppendOnly int64

func (a AppendOnly) AppendTupleElement(dst []byte) ([]byte, error) {
	return tuplewire.AppendInt(dst, int64(a)), nil
}
`,
}
