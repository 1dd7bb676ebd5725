package types

import "fmt"

// Code is a tuple-layer type code: the first byte of every encoded element.
// Its numeric value orders elements of different kinds, which is why the
// constants below are spelled as the bytes themselves.
type Code byte

// Standard codes, written and read by every official binding.
const (
	CodeNull    Code = 0x00 // null; inside a nested tuple it is written 00 FF
	CodeBytes   Code = 0x01 // byte string, 00 escaped as 00 FF, terminated by 00
	CodeString  Code = 0x02 // UTF-8 string, escaped and terminated like CodeBytes
	CodeNested  Code = 0x05 // nested tuple, terminated by a bare 00
	CodeNegBig  Code = 0x0B // negative integer of 9 to 255 magnitude bytes
	CodeNeg8    Code = 0x0C // negative integer, 8 magnitude bytes
	CodeNeg1    Code = 0x13 // negative integer, 1 magnitude byte
	CodeZero    Code = 0x14 // the integer zero
	CodePos1    Code = 0x15 // positive integer, 1 magnitude byte
	CodePos8    Code = 0x1C // positive integer, 8 magnitude bytes
	CodePosBig  Code = 0x1D // positive integer of 9 to 255 magnitude bytes
	CodeFloat32 Code = 0x20 // IEEE 754 binary32, order-transformed
	CodeFloat64 Code = 0x21 // IEEE 754 binary64, order-transformed
	CodeFalse   Code = 0x26 // boolean false
	CodeTrue    Code = 0x27 // boolean true
	CodeUUID    Code = 0x30 // RFC 4122 UUID, 16 bytes in network order
	// CodeVersionstamp is the 96-bit versionstamp: 10 bytes of transaction
	// version and 2 bytes of user version.
	CodeVersionstamp Code = 0x33
)

// Codes the register reserves or deprecates. No official binding writes
// them, and the decoder in package tuple rejects them.
const (
	CodeNestedStartOld  Code = 0x03 // deprecated nested-tuple start
	CodeNestedEndOld    Code = 0x04 // deprecated nested-tuple end
	CodeNegBigReserved  Code = 0x0A // reserved for negative big integers
	CodePosBigReserved  Code = 0x1E // reserved for positive big integers
	CodeLongDouble      Code = 0x22 // reserved 80-bit long double
	CodeDecimal         Code = 0x23 // reserved arbitrary-precision decimal
	CodeDecimalNegative Code = 0x24 // reserved arbitrary-precision decimal
	CodeTrueOld         Code = 0x25 // deprecated true
	CodeID64            Code = 0x31 // reserved 64-bit identifier
	CodeVersionstamp80  Code = 0x32 // reserved 80-bit versionstamp
	CodeBytesLen8       Code = 0x34 // reserved byte string with a 1-byte length
	CodeBytesLen16      Code = 0x35 // reserved byte string with a 2-byte length
	CodeUserFirst       Code = 0x40 // first code free for third-party types
	CodeUserLast        Code = 0x4F // last code free for third-party types
	CodeEndOfTuple      Code = 0xF0 // "what follows is not tuple data"
	CodeEscape          Code = 0xFF // escape byte; never a type code
)

// Status says what the register makes of a code.
type Status uint8

// The statuses a code can have.
const (
	StatusUnassigned Status = iota // not in the register at all
	StatusStandard                 // written and read by the official bindings
	StatusReserved                 // set aside, never written by the official bindings
	StatusDeprecated               // used by old layers, never to be written again
	StatusUser                     // 0x40–0x4F: free for third-party extensions
)

var statusNames = [...]string{"unassigned", "standard", "reserved", "deprecated", "user"}

// String returns the status in lower case, as used in error messages.
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status(%d)", uint8(s))
}

// codeNames names every code the register knows. Integer codes of a fixed
// width are named by a rule in Code.String instead.
var codeNames = map[Code]string{
	CodeNull:            "null",
	CodeBytes:           "bytes",
	CodeString:          "string",
	CodeNestedStartOld:  "old nested start",
	CodeNestedEndOld:    "old nested end",
	CodeNested:          "nested",
	CodeNegBigReserved:  "negative big integer",
	CodeNegBig:          "negative big integer",
	CodeZero:            "int zero",
	CodePosBig:          "positive big integer",
	CodePosBigReserved:  "positive big integer",
	CodeFloat32:         "float32",
	CodeFloat64:         "float64",
	CodeLongDouble:      "long double",
	CodeDecimal:         "decimal",
	CodeDecimalNegative: "decimal",
	CodeTrueOld:         "old true",
	CodeFalse:           "false",
	CodeTrue:            "true",
	CodeUUID:            "uuid",
	CodeID64:            "64-bit id",
	CodeVersionstamp80:  "80-bit versionstamp",
	CodeVersionstamp:    "versionstamp",
	CodeBytesLen8:       "length-prefixed bytes",
	CodeBytesLen16:      "length-prefixed bytes",
	CodeEndOfTuple:      "end of tuple",
	CodeEscape:          "escape byte",
}

// Status reports what the FoundationDB register says of c.
func (c Code) Status() Status {
	switch {
	case c.Kind() != KindInvalid:
		return StatusStandard
	case c == CodeNestedStartOld, c == CodeNestedEndOld, c == CodeTrueOld:
		return StatusDeprecated
	case c >= CodeUserFirst && c <= CodeUserLast:
		return StatusUser
	case codeNames[c] != "":
		return StatusReserved
	}
	return StatusUnassigned
}

// String names the code for humans: "string", "int +3 bytes",
// "decimal (reserved)", "user(0x42)" or, for a byte the register does not
// assign, "code(0x99)".
func (c Code) String() string {
	switch {
	case c > CodeNegBig && c < CodeZero:
		return fmt.Sprintf("int -%d bytes", int(CodeZero-c))
	case c > CodeZero && c < CodePosBig:
		return fmt.Sprintf("int +%d bytes", int(c-CodeZero))
	case c >= CodeUserFirst && c <= CodeUserLast:
		return fmt.Sprintf("user(0x%02x)", byte(c))
	}
	name, ok := codeNames[c]
	if !ok {
		return fmt.Sprintf("code(0x%02x)", byte(c))
	}
	switch c.Status() {
	case StatusReserved, StatusDeprecated:
		return name + " (" + c.Status().String() + ")"
	}
	return name
}

// IntLength reports, for a fixed-width integer code (0x0C–0x1C), the number
// of magnitude bytes that follow it and whether the integer is negative.
// For every other code it returns ok == false.
func (c Code) IntLength() (n int, negative, ok bool) {
	switch {
	case c >= CodeNeg8 && c < CodeZero:
		return int(CodeZero - c), true, true
	case c >= CodeZero && c <= CodePos8:
		return int(c - CodeZero), false, true
	}
	return 0, false, false
}
