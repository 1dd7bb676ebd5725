package compat

import (
	"encoding/hex"
	"encoding/json"
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
)

// AllTypes names the element types of the value notation, as a peer lists
// them in its hello response.
var AllTypes = []string{"null", "bytes", "string", "int", "float32", "float64", "bool", "uuid", "versionstamp", "tuple"}

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

	// hello
	Name     string   `json:"name,omitempty"`
	Version  string   `json:"version,omitempty"`
	Protocol int      `json:"protocol,omitempty"`
	Ops      []string `json:"ops,omitempty"`
	Types    []string `json:"types,omitempty"`
}

// Hello is what a peer says of itself.
type Hello struct {
	Name     string   `json:"name"`
	Version  string   `json:"version"`
	Protocol int      `json:"protocol"`
	Ops      []string `json:"ops"`
	Types    []string `json:"types"`
}

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
