package tuple

// The errors of the package and their wording: the sentinels (the
// decoding ones are tuplewire's, re-exported), the error types, and the
// functions that build them for every path. The wire faults' own words
// (a string without its terminator, a non-minimal integer) are
// wirecore's (fault.go there); an error that only one family meets is
// worded in its family's file, with the fix it names.

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// Sentinel errors. Decoding errors arrive wrapped in a *DecodeError and
// encoding errors in an *EncodeError; test for them with errors.Is. The
// decoding sentinels are tuplewire's, re-exported by value, so that
// errors.Is(err, tuple.ErrTruncated) and errors.Is(err,
// tuplewire.ErrTruncated) are the same test.
var (
	// ErrTruncated: the input ends inside a fixed-size element.
	ErrTruncated = tuplewire.ErrTruncated
	// ErrInvalidCode: a type code that is unknown, reserved, deprecated or a
	// user code the codec has no extension for.
	ErrInvalidCode = tuplewire.ErrInvalidCode
	// ErrUnterminated: a byte string, string or nested tuple with no
	// terminating 00 byte (accepted only by the lenient decoder).
	ErrUnterminated = tuplewire.ErrUnterminated
	// ErrInvalidUTF8: a string element, or a Go string being packed, that is
	// not valid UTF-8.
	ErrInvalidUTF8 = tuplewire.ErrInvalidUTF8
	// ErrNonCanonical: an integer written in a longer form than its minimal
	// one, which no encoder produces (accepted only by the lenient decoder).
	ErrNonCanonical = tuplewire.ErrNonCanonical
	// ErrTooDeep: nested tuples deeper than the depth limit
	// (tuplewire.MaxDepth).
	ErrTooDeep = tuplewire.ErrTooDeep
	// ErrTooLarge: an integer whose magnitude needs more than 255 bytes.
	ErrTooLarge = tuplewire.ErrTooLarge
	// ErrUnsupportedType: a Go value the tuple layer cannot encode.
	ErrUnsupportedType = errors.New("tuple: unsupported element type")
	// ErrIncompleteVersionstamp: plain packing met an incomplete
	// versionstamp; use PackWithVersionstamp.
	ErrIncompleteVersionstamp = errors.New("tuple: incomplete versionstamp outside PackWithVersionstamp")
	// ErrNoIncompleteVersionstamp: PackWithVersionstamp was given a tuple
	// without an incomplete versionstamp.
	ErrNoIncompleteVersionstamp = errors.New("tuple: no incomplete versionstamp included in tuple pack with versionstamp")
	// ErrMultipleIncompleteVersionstamps: a tuple with more than one
	// incomplete versionstamp.
	ErrMultipleIncompleteVersionstamps = errors.New("tuple: tuple can only contain one incomplete versionstamp")
	// ErrVersionstampPosition: the stamp's position does not fit the
	// 2-byte offset of API versions below 520.
	ErrVersionstampPosition = errors.New("tuple: versionstamp position too large")
	// ErrOffsetSize: AppendWithVersionstamp was given a width that is
	// neither Offset2 nor Offset4.
	ErrOffsetSize = errors.New("tuple: versionstamp offset size must be 2 or 4")
	// ErrWrongType: a Consume function, Scan or a Plan met an element of
	// another kind.
	ErrWrongType = tuplewire.ErrWrongType
	// ErrTooFewElements: Scan or a Plan met the end of a tuple before
	// every destination or field had its element.
	ErrTooFewElements = errors.New("tuple: too few elements")
	// ErrTooManyElements: Scan or a Plan found elements after the last
	// destination or field.
	ErrTooManyElements = errors.New("tuple: too many elements")
	// ErrConstMismatch: an element that Scan or a Plan expects to be a
	// constant is something else.
	ErrConstMismatch = errors.New("tuple: element is not the constant expected")
	// ErrOutOfRange: an integer that does not fit the Go type asked for.
	ErrOutOfRange = tuplewire.ErrOutOfRange
	// ErrNoPrefixEnd: PrefixEnd was given a prefix of only 0xFF bytes. It
	// is fdb.ErrNoStrinc.
	ErrNoPrefixEnd = fdb.ErrNoStrinc
	// ErrSyntax: text that Parse or ParsePrintable cannot read.
	ErrSyntax = errors.New("tuple: syntax error")
	// ErrInvalidCodec: a Codec whose extensions use codes outside
	// 0x40–0x4F or share a code (see Codec.Check).
	ErrInvalidCodec = errors.New("tuple: invalid codec")
)

// The configuration errors of NewPlan, NewDynamicPlan and the typed
// paths, for errors.Is. (A field of a type no element holds wraps
// ErrUnsupportedType, whatever the path.)
var (
	// ErrNotStruct: a plan was asked for a type that is not a struct.
	ErrNotStruct = errors.New("tuple: a plan is for a struct type")
	// ErrBadTag: a field's tuple tag has an unknown or malformed option,
	// or one its type does not take.
	ErrBadTag = errors.New("tuple: invalid tuple tag")
	// ErrDuplicateName: two fields of one key (or of one nested struct),
	// counting the fields of embedded structs, have one name, by their
	// Go names or their tags.
	ErrDuplicateName = errors.New("tuple: two fields share the name")
	// ErrNoExtension: a field's ext= tag names a code the codec has no
	// extension for.
	ErrNoExtension = errors.New("tuple: no extension for the code")
	// ErrStaleGenerated: *T has the methods `fdbtuple gen` writes, but
	// for another key schema than T's (T changed since the generator
	// ran): NewPlan refuses them rather than use T's old layout.
	ErrStaleGenerated = errors.New("tuple: generated methods of another key schema")
	// ErrInexact: a time or duration that is not a whole number of its
	// field's unit (it is never rounded).
	ErrInexact = errors.New("tuple: value is not a whole number of the field's unit")
	// ErrNotPointer: a Scan destination that is neither a pointer nor
	// another destination Scan knows (a forgotten &); a constant is
	// passed as Const(v).
	ErrNotPointer = errors.New("tuple: Scan destination is not a pointer")
)

// ErrNotUnderPrefix: a PlanUnder was given a key that does not start
// with its prefix.
var ErrNotUnderPrefix = errors.New("tuple: key is not under the prefix")

// ErrOptionalGap: a plan's optional field is set and an optional field
// before it is nil. The key ends at the nil one, so it cannot hold the
// set one, whose element would be read as the nil one's.
var ErrOptionalGap = errors.New("tuple: an optional field is set after a nil one")

// DecodeError reports bytes that are not a valid packed tuple: where
// (Offset, counted from the start of the whole key: for UnpackAfter, the
// prefix included), the path of element indices into nested tuples, the
// type code, the sentinel and a detail; for a Plan, the field. It is
// tuplewire's type, so errors.As finds it under either name.
type DecodeError = tuplewire.DecodeError

// EncodeError reports a value that cannot be packed: where (its path)
// and its Go type. It keeps the type, not the value, so that encoding
// plain variables through an interface does not move them to the heap.
type EncodeError struct {
	// Path holds the element indices leading to the value, as in DecodeError.
	Path []int
	// Type is the Go type of the offending value; nil for a nil value.
	Type reflect.Type
	// Field names the struct field and its Go type, for a Plan: "Post
	// (int64)"; empty otherwise.
	Field string
	// Err is the sentinel that classifies the fault.
	Err error
	// Detail says more, for humans; it may be empty.
	Detail string
}

// Encoding errors: an *EncodeError names the value's Go type, its path
// and, in a plan, its field.

// encodeError is the *EncodeError of value v.
func encodeError(v any, err error) *EncodeError {
	return &EncodeError{Type: reflect.TypeOf(v), Err: err}
}

// Error reads, for example, "tuple: unsupported element type chan int (element [2])"
// (see the example).
func (e *EncodeError) Error() string {
	var b strings.Builder
	b.WriteString(e.Err.Error())
	if e.Err == ErrUnsupportedType { // a wrapped one names the type and the fix
		fmt.Fprintf(&b, " %v", e.Type)
	}
	// Each of the place and the field only when known: an empty path is
	// about the call or a value on its own (a generated codec's field),
	// not an element.
	switch {
	case len(e.Path) > 0 && e.Field != "":
		b.WriteString(" (element ")
		wirecore.WritePath(&b, e.Path)
		b.WriteString(", field " + e.Field + ")")
	case len(e.Path) > 0:
		b.WriteString(" (element ")
		wirecore.WritePath(&b, e.Path)
		b.WriteString(")")
	case e.Field != "":
		b.WriteString(" (field " + e.Field + ")")
	}
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	return b.String()
}

// Unwrap returns the sentinel, for errors.Is.
func (e *EncodeError) Unwrap() error { return e.Err }

// tupleError is the *EncodeError of a fault of tuple t as a whole, which
// no element path points into.
func tupleError(t Tuple, err error) *EncodeError {
	return &EncodeError{Type: reflect.TypeOf(t), Err: err}
}

// asEncodeError returns err if it is an *EncodeError, else wraps it in
// one for the value v.
func asEncodeError(v any, err error) error {
	if _, ok := err.(*EncodeError); ok {
		return err
	}
	return &EncodeError{Type: reflect.TypeOf(v), Err: err}
}

// unsupported is the error of a type no element holds, with the fix.
func unsupported(t reflect.Type, why string) error {
	return fmt.Errorf("%w %v: %s", ErrUnsupportedType, t, why)
}

// errNilEmbedded is the error of a nil embedded pointer a field is
// reached through.
var errNilEmbedded = errors.New("an embedded pointer on the way to the field is nil")

// named names the field f in an encoding error, once: at the deepest
// field, where the error happened.
func (e *encoder) named(err error, f *planField) error {
	var ee *EncodeError
	if errors.As(err, &ee) && ee.Field == "" {
		ee.Field = fmt.Sprintf("%s (%v)", f.name, f.typ)
	}
	return err
}

// placed records the path of an error from the encoder, once, at the
// entry point that returns it.
func (e *encoder) placed(err error) error { return e.trail.place(err) }

// A trail is the path of an error while it is built: each level of a
// walk (the decoder, the encoder, the text printer) adds its element
// index as the error passes out of it, innermost first, and the entry
// point records the path on the error once. Successful calls pay nothing
// for paths.
type trail []int

// add records that the error happened inside element i of a level.
func (t *trail) add(i int) { *t = append(*t, i) }

// path returns the indices from the top down, followed by inner, the
// path an error already had below the walk (from an extension).
func (t trail) path(inner []int) []int { return wirecore.TopDown(t, inner) }

// place records the path of an *EncodeError or a *DecodeError from a walk
// on a copy of the error: the error may be an extension's, which is not
// this package's to change. An error of another type (which the walks
// wrap before it gets here) passes unchanged.
func (t trail) place(err error) error {
	if len(t) == 0 {
		return err
	}
	switch e := err.(type) {
	case *EncodeError:
		c := *e
		c.Path = t.path(e.Path)
		return &c
	case *DecodeError:
		c := *e
		c.Path = t.path(e.Path)
		return &c
	}
	return err
}

// Decoding errors of Scan and the plans: a *DecodeError at the element's
// offset, naming the destination's Go type or the field; its path is
// recorded once, by trail.place, at the entry point.

// fail is the *DecodeError of the element at pos, with the path the
// scanner has come down.
func (s *scanner) fail(pos int, err error, detail string) error {
	e := &DecodeError{Offset: pos, Err: err, Detail: detail}
	if pos < len(s.in) {
		e.Code = types.Code(s.in[pos])
	}
	return e
}

// fault turns a framing or decoding fault into an error.
func (s *scanner) fault(f wirecore.Fault) error {
	d := decoder{framer: s.framer}
	return d.describe(f)
}

// wrongKind is the error of an element that d cannot hold.
func (s *scanner) wrongKind(pos int, dst any) error {
	code := types.Code(s.in[pos])
	if code.Kind() == types.KindInvalid && (s.codec.extensionFor(code) == nil) {
		return s.fault(wirecore.FaultAt(pos, wirecore.FaultCode))
	}
	what := code.Kind().String()
	hint := ""
	if x := s.codec.extensionFor(code); x != nil && code.Kind() == types.KindInvalid {
		what = x.Name()
		if _, ok := x.(descExtension); ok {
			what, hint = "descending", ": Scan reads it into tuple.Desc{V: &v}, a Plan into a field tagged desc"
		}
	}
	return s.fail(pos, ErrWrongType, fmt.Sprintf("%s element cannot go into %v%s", withArticle(what), reflect.TypeOf(dst), hint))
}

// shifted places an error about in[pos:] in the key.
func (s *scanner) shifted(err error, pos int) error {
	if de, ok := err.(*DecodeError); ok {
		return de.Rebase(pos)
	}
	return &DecodeError{Offset: pos, Code: types.Code(s.in[pos]), Err: err, Detail: err.Error()}
}

// named adds the field to a decoding error's detail, once: at the
// deepest field, where the error happened. It names a copy, leaving the
// error it was given as it was.
func (s *scanner) named(err error, f *planField) error {
	de, ok := err.(*DecodeError)
	if !ok || de.Field != "" {
		return err
	}
	c := *de
	switch {
	case f.constant == nil:
		c.Field = fmt.Sprintf("%s (%v)", f.name, f.typ)
		c.Detail = "field " + c.Field + ": " + c.Detail
	case errors.Is(err, ErrConstMismatch): // which names the constant already
		c.Field = "constant " + f.constText
	default:
		c.Field = "constant " + f.constText
		c.Detail = "constant field " + f.constText + ": " + c.Detail
	}
	return &c
}

// A fault (wirecore.Fault) of Unpack's decoder becomes a *DecodeError in
// one place, decoder.error, which derives the numbers of its message from
// the input and records the element path once.

// error returns the *DecodeError of fault f. Its path is d.trail, which
// the decoder built on its way out of the levels it was in when it met
// the fault, innermost index first.
func (d *decoder) error(f wirecore.Fault) error {
	e := d.describe(f)
	e.Path = d.trail.path(e.Path)
	return e
}

// describe turns f into a *DecodeError without a path.
func (d *decoder) describe(f wirecore.Fault) *DecodeError {
	if f.Kind == wirecore.FaultExtension {
		return d.extensionError(f.Pos)
	}
	return decodeError(wirecore.Explain(d.in, f))
}

// withArticle puts "a" or "an" before a word, as English wants it: an
// int element, a string element.
func withArticle(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// SyntaxError reports text that is not a tuple: where and what was
// expected.
type SyntaxError struct {
	// Offset is the byte offset in the text where reading stopped.
	Offset int
	// Err is ErrSyntax, or a more precise sentinel (ErrInvalidUTF8,
	// ErrTooLarge, ErrTooDeep) for a well-formed literal whose value
	// cannot be a tuple element.
	Err error
	// Msg says what was found and what was expected.
	Msg string
}

// Error reads, for example,
// "tuple: syntax error at offset 5: expected ',' or ')' after an element, found 'x'"
// (see the example).
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%v at offset %d: %s", e.Err, e.Offset, e.Msg)
}

// Unwrap returns the sentinel, for errors.Is.
func (e *SyntaxError) Unwrap() error { return e.Err }
