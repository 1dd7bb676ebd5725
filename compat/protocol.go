package compat

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// ProtocolVersion is the version of the line protocol in PROTOCOL.md that
// this package speaks. A peer reports the version it speaks in its hello
// response; check refuses peers of another version.
const ProtocolVersion = 1

// The operations of the protocol.
const (
	OpHello            = "hello"
	OpPack             = "pack"
	OpUnpack           = "unpack"
	OpCompare          = "compare"
	OpPackVersionstamp = "pack_versionstamp"
	// OpRepr asks for the peer's own printed form of a tuple (Text) and
	// what the peer packs for the tuple it reads back from that text
	// (Packed): what tuple.Parse must read that text as. Optional; the
	// check does not send it, TestPythonText does.
	OpRepr = "repr"
)

// AllTypes names the element types of the value notation, as a peer lists
// them in its hello response. "int" is an integer of any size the format
// holds (up to 255 bytes); a peer limited to 64-bit signed integers lists
// TypeInt64 instead.
var AllTypes = []string{"null", "bytes", "string", "int", "float32", "float64", "bool", "uuid", "versionstamp", "tuple"}

// TypeInt64 is the type a peer lists in its hello instead of "int" when it
// holds only integers from -2^63 to 2^63-1 (a Java long, a JS number
// kept as a BigInt64): rows and random tuples with wider integers are
// skipped for it.
const TypeInt64 = "int64"

// The lenient readings a peer may declare in its hello's "lenient" list:
// bytes that no encoder writes but that the Python reference decodes, and
// that this codec rejects by default.
const (
	// LenientUnterminated: a byte string, string or nested tuple that
	// runs to the end of the key without its terminator.
	LenientUnterminated = "unterminated"
	// LenientNonMinimalInt: an integer written in a longer form than its
	// minimal one (15 00, 1d 01 05, 1c 00*8, ...).
	LenientNonMinimalInt = "non-minimal-int"
)

// Request is one line sent to a peer. Only the fields of its Op are set.
type Request struct {
	ID         int             `json:"id"`
	Op         string          `json:"op"`
	Tuple      json.RawMessage `json:"tuple,omitempty"`
	Packed     *string         `json:"packed,omitempty"`
	A          json.RawMessage `json:"a,omitempty"`
	B          json.RawMessage `json:"b,omitempty"`
	Prefix     string          `json:"prefix,omitempty"`
	APIVersion int             `json:"api_version,omitempty"`
}

// Response is one line a peer answers with: the result of its request's
// Op, or Error. ErrorKind may classify an error: "no_incomplete" and
// "multiple_incomplete" for pack_versionstamp.
type Response struct {
	ID        int             `json:"id"`
	Error     string          `json:"error,omitempty"`
	ErrorKind string          `json:"error_kind,omitempty"`
	Packed    *string         `json:"packed,omitempty"`
	Tuple     json.RawMessage `json:"tuple,omitempty"`
	Result    *int            `json:"result,omitempty"`
	Text      string          `json:"text,omitempty"` // repr

	// hello
	Name     string   `json:"name,omitempty"`
	Version  string   `json:"version,omitempty"`
	Protocol int      `json:"protocol,omitempty"`
	Ops      []string `json:"ops,omitempty"`
	Types    []string `json:"types,omitempty"`
	Lenient  []string `json:"lenient,omitempty"`
}

// Hello is what a peer says of itself: its ops, the element types it
// holds (AllTypes, or TypeInt64 for "int") and the lenient readings it
// does (LenientUnterminated, LenientNonMinimalInt). Rows and random tuples
// with a type it does not list are skipped; rows of a lenient reading it
// lists expect the reference's value instead of a refusal.
type Hello struct {
	Name     string   `json:"name"`
	Version  string   `json:"version"`
	Protocol int      `json:"protocol"`
	Ops      []string `json:"ops"`
	Types    []string `json:"types"`
	Lenient  []string `json:"lenient,omitempty"`
}

// validate reports a hello that names an op, a type or a lenient reading
// this checker does not know, or lacks a required op: a typo there would
// otherwise skip rows silently.
func (h Hello) validate() error {
	for _, op := range []string{OpHello, OpPack, OpUnpack} {
		if !h.supports(op) {
			return fmt.Errorf("hello: ops %q lacks the required op %q", h.Ops, op)
		}
	}
	for _, op := range h.Ops {
		if !slices.Contains([]string{OpHello, OpPack, OpUnpack, OpCompare, OpPackVersionstamp, OpRepr}, op) {
			return fmt.Errorf("hello: unknown op %q", op)
		}
	}
	for _, t := range h.Types {
		if !slices.Contains(AllTypes, t) && t != TypeInt64 {
			return fmt.Errorf("hello: unknown type %q (known: %s and %s)", t, strings.Join(AllTypes, ", "), TypeInt64)
		}
	}
	for _, l := range h.Lenient {
		if l != LenientUnterminated && l != LenientNonMinimalInt {
			return fmt.Errorf("hello: unknown lenient reading %q (known: %s, %s)", l, LenientUnterminated, LenientNonMinimalInt)
		}
	}
	return nil
}

func (h Hello) lenient(reading string) bool { return slices.Contains(h.Lenient, reading) }

func (h Hello) supports(op string) bool {
	for _, o := range h.Ops {
		if o == op {
			return true
		}
	}
	return false
}

func (h Hello) hasType(t string) bool {
	for _, o := range h.Types {
		if o == t {
			return true
		}
	}
	return false
}

// Hex returns a pointer to the hex form of b, for Request.Packed and
// Response.Packed, which are absent (nil) rather than empty when unset, so
// that the empty key "" is still sent.
func Hex(b []byte) *string {
	s := hex.EncodeToString(b)
	return &s
}
