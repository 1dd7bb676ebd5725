package tuple

// The scalars: strings, byte strings, integers (big ones included),
// floats, booleans, UUIDs and versionstamps, both ways, for every caller:
// the general dispatchers and the direct plans' (value.go), Scan's
// destinations (scan_into.go), Unpack's decoder (decode.go) and Pack's
// encoder (encode.go). Their wire forms are tuplewire's; what is here is
// how a Go value of such a row is read into and written from: with
// reflect's typed readers and setters where a caller's variable must stay
// on the stack, bit for bit where reflect would lose bits (a float32's
// signalling NaN), and with each destination's range checked.

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"reflect"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple/internal/schematext"
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// The scalar rows' facts (gotype.go's row), which rows (value.go)
// lists: an integer's schema says its width and sign, and an
// fdb.KeyConvertible's is the byte string it writes.
var (
	stringRow       = row{schema: word(schematext.String), reads: kinds(types.KindString)}
	bytesRow        = row{schema: word(schematext.Bytes), reads: kinds(types.KindBytes)}
	intRow          = row{schema: func(g *goType, _ unit) string { return schematext.Int(true, schemaBits(g.t)) }, reads: kinds(types.KindInt)}
	uintRow         = row{schema: func(g *goType, _ unit) string { return schematext.Int(false, schemaBits(g.t)) }, reads: kinds(types.KindInt)}
	bigIntRow       = row{types: []reflect.Type{bigIntType}, schema: word(schematext.BigInt), reads: kinds(types.KindInt)}
	float32Row      = row{schema: word(schematext.Float32), reads: kinds(types.KindFloat32)}
	float64Row      = row{schema: word(schematext.Float64), reads: kinds(types.KindFloat64)}
	boolRow         = row{schema: word(schematext.Bool), reads: kinds(types.KindBool)}
	uuidRow         = row{schema: word(schematext.UUID), reads: kinds(types.KindUUID)}
	versionstampRow = row{types: []reflect.Type{versionstampType}, schema: word(schematext.Versionstamp), reads: kinds(types.KindVersionstamp)}
	keyRow          = row{schema: word(schematext.Bytes), reads: kinds(types.KindBytes)}
)

// Strings: a string row (valid UTF-8 unless the codec allows any bytes),
// or a byte string for a string field tagged bytes.

// appendString appends rv, a value of a string row g, as a string
// element (valid UTF-8 unless the encoder writes strings raw) or, asBytes,
// as a byte string, with reflect's readers only (see appendScalar).
func (e *encoder) appendString(dst []byte, g *goType, rv reflect.Value, asBytes bool) ([]byte, error) {
	s := rv.String()
	if asBytes {
		return append(wirecore.AppendEscapedString(append(dst, byte(types.CodeBytes)), s), 0x00), nil
	}
	if !wirecore.TextStringOK(s, e.rawUTF8) {
		return dst, &EncodeError{Type: g.t, Err: ErrInvalidUTF8}
	}
	return tuplewire.AppendString(dst, s), nil
}

// appendLooseString appends rv, of a string row, for AppendElems: valid
// UTF-8 only, read with reflect's String.
func appendLooseString(dst []byte, g *goType, rv reflect.Value) ([]byte, error) {
	if s := rv.String(); wirecore.TextStringOK(s, false) {
		return tuplewire.AppendString(dst, s), nil
	}
	return dst, &EncodeError{Type: g.t, Err: ErrInvalidUTF8}
}

// string decodes the string at in[pos] into the scanner's text, for
// the destination dst (named in errors).
func (s *scanner) string(pos int, dst any) (string, int, error) {
	if types.Code(s.in[pos]) != types.CodeString {
		return "", 0, s.wrongKind(pos, dst)
	}
	end, ascii := wirecore.ShortEndASCII(s.in, pos+1)
	next, esc := end+1, 0
	if end < 0 {
		var f wirecore.Fault
		if end, next, esc, f = wirecore.StringSpanLong(s.in, pos, s.lenient); f.Failed() {
			return "", 0, s.fault(f)
		}
	}
	var v string
	if esc == 0 {
		v = s.keep(pos, end)
	} else {
		s.growText(pos)
		start := s.text.Len()
		wirecore.WriteUnescaped(&s.text, s.in[:end], pos+1)
		v = s.text.String()[start:]
	}
	if !ascii && !wirecore.TextStringOK(v, s.codec.AllowInvalidUTF8) {
		return "", 0, s.fault(wirecore.FaultAt(pos, wirecore.FaultUTF8))
	}
	return v, next, nil
}

// keep returns a string of the content in[pos+1:end] of the string
// element at in[pos], written into the scanner's one allocation for
// strings.
func (s *scanner) keep(pos, end int) string {
	s.growText(pos)
	start := s.text.Len()
	s.text.Write(s.in[pos+1 : end])
	return s.text.String()[start:]
}

// growText makes the scanner's room for strings at the first string that
// does not wait, the one at in[pos]: textRoom, what the strings it reads
// hold from the first waiting string on, or from this one; the waiting
// strings move into it.
func (s *scanner) growText(pos int) {
	if s.text.Cap() == 0 {
		if s.nwaiting > 0 {
			pos = int(s.waiting[0].start) - 1 // the type code of the first waiting string
		}
		s.text.Grow(s.textRoom(pos))
		s.moveWaiting()
	}
}

// scanStringValue reads the string at in[pos] into rv, of a string row.
func (s *scanner) scanStringValue(pos int, rv reflect.Value, dst any) (int, error) {
	v, end, err := s.string(pos, dst)
	if err == nil {
		rv.SetString(v)
	}
	return end, err
}

// scanStringAsBytes reads the byte string at in[pos] into rv, a string
// tagged bytes.
func (s *scanner) scanStringAsBytes(pos int, rv reflect.Value, dst any) (int, error) {
	return s.bytes(pos, dst, func(b []byte) { rv.SetString(string(b)) })
}

// string decodes the string at in[pos], checking its UTF-8 unless the
// codec allows invalid UTF-8.
func (d *decoder) string(slot *any, pos int) (int, wirecore.Fault) {
	end, ascii := wirecore.ShortEndASCII(d.in, pos+1)
	next, esc := end+1, 0
	if end < 0 {
		var f wirecore.Fault
		if end, next, esc, f = wirecore.StringSpanLong(d.in, pos, d.lenient); f.Failed() {
			return 0, f
		}
	}
	if d.filling { // into the one string of all strings
		start := d.text.Len()
		if esc == 0 {
			d.text.Write(d.in[pos+1 : end])
		} else {
			wirecore.WriteUnescaped(&d.text, d.in[:end], pos+1)
		}
		v := d.text.String()[start:]
		if !ascii && !wirecore.TextStringOK(v, d.rawUTF8) {
			return 0, wirecore.FaultAt(pos, wirecore.FaultUTF8)
		}
		*slot = v
		return next, wirecore.Fault{}
	}
	content := d.in[pos+1 : end]
	if esc > 0 {
		d.spare = wirecore.Unescaped(d.spare[:0], content, esc)
		content = d.spare
	}
	if !ascii && !wirecore.TextOK(content, d.rawUTF8) {
		return 0, wirecore.FaultAt(pos, wirecore.FaultUTF8)
	}
	if !d.discard {
		*slot = string(content)
	}
	return next, wirecore.Fault{}
}

// Byte strings: a byte slice row, and an fdb.KeyConvertible written as
// the byte string of its key.

// appendKeyValue appends rv, an fdb.KeyConvertible that is no byte slice
// (a subspace, a directory), as the byte string of its key, as the
// official binding writes one: written, never read back.
func appendKeyValue(dst []byte, rv reflect.Value) []byte {
	return tuplewire.AppendBytes(dst, rv.Interface().(fdb.KeyConvertible).FDBKey())
}

// bytes decodes the byte string at in[pos] into new memory.
func (s *scanner) bytes(pos int, dst any, set func([]byte)) (int, error) {
	if types.Code(s.in[pos]) != types.CodeBytes {
		return 0, s.wrongKind(pos, dst)
	}
	end, next, esc, f := wirecore.StringSpan(s.in, pos, s.lenient)
	if f.Failed() {
		return 0, s.fault(f)
	}
	raw := s.in[pos+1 : end]
	set(wirecore.Unescaped(make([]byte, 0, len(raw)-esc), raw, esc))
	return next, nil
}

// scanBytesValue reads the byte string at in[pos] into rv, of a byte
// slice row.
func (s *scanner) scanBytesValue(pos int, rv reflect.Value, dst any) (int, error) {
	return s.bytes(pos, dst, func(v []byte) { rv.SetBytes(v) })
}

// bytes decodes the byte string at in[pos] into new memory.
func (d *decoder) bytes(slot *any, pos int) (int, wirecore.Fault) {
	if d.filling { // the shape pass found the terminator: one read
		out, end := wirecore.AppendUnescaped(d.blob[:0], d.in, pos+1)
		d.blob = d.blob[len(out):]
		*slot = out[:len(out):len(out)]
		return end + 1, wirecore.Fault{}
	}
	end, next, esc, f := wirecore.StringSpan(d.in, pos, d.lenient)
	if f.Failed() || d.discard {
		return next, f
	}
	raw := d.in[pos+1 : end]
	*slot = wirecore.Unescaped(make([]byte, 0, len(raw)-esc), raw, esc)
	return next, f
}

// Integers: every integer kind (a destination too narrow for a value is
// ErrOutOfRange, never a wrap) and big.Int, of any size up to 255 bytes.

// intOf and bigIntValue make an wirecore.IntValue of v.
func intOf(v int64) wirecore.IntValue {
	if v < 0 {
		return wirecore.IntValue{Mag: uint64(-v), Neg: true} // -MinInt64 wraps to its magnitude
	}
	return wirecore.IntValue{Mag: uint64(v)}
}

func bigIntValue(v *big.Int) wirecore.IntValue {
	if v.IsInt64() {
		return intOf(v.Int64())
	}
	if v.IsUint64() {
		return wirecore.IntValue{Mag: v.Uint64()}
	}
	return wirecore.IntValue{Big: v, Neg: v.Sign() < 0}
}

// appendIntValue appends an integer of any size.
func appendIntValue(dst []byte, iv wirecore.IntValue) ([]byte, error) {
	switch {
	case iv.Big != nil:
		return tuplewire.AppendBigInt(dst, iv.Big)
	case iv.Neg:
		if v, ok := iv.Int64(); ok {
			return tuplewire.AppendInt(dst, v), nil
		}
		return tuplewire.AppendBigInt(dst, new(big.Int).Neg(new(big.Int).SetUint64(iv.Mag)))
	}
	return tuplewire.AppendUint(dst, iv.Mag), nil
}

// appendBig appends v, a big integer given to Pack or AppendElems, or
// returns dst and the error of one too large for an element.
func appendBig(dst []byte, v *big.Int) ([]byte, error) {
	out, err := tuplewire.AppendBigInt(dst, v)
	if err != nil {
		return dst, encodeError(v, err)
	}
	return out, nil
}

func sizeBig(v *big.Int) (int, error) {
	n := tuplewire.SizeBigInt(v)
	if n < 0 {
		return 0, encodeError(v, ErrTooLarge)
	}
	return n, nil
}

// appendBigValue appends rv, a big.Int of row g, as an integer element.
func appendBigValue(dst []byte, g *goType, rv reflect.Value) ([]byte, error) {
	v := addressable(rv).Addr().Interface().(*big.Int)
	out, err := tuplewire.AppendBigInt(dst, v)
	if err != nil {
		return dst, &EncodeError{Type: g.t, Err: err}
	}
	return out, nil
}

// integer decodes the integer at in[pos] and hands it to set, which
// reports whether it fits the destination d.
func (s *scanner) integer(pos int, dst any, set func(wirecore.IntValue) bool) (int, error) {
	if types.Code(s.in[pos]).Kind() != types.KindInt {
		return 0, s.wrongKind(pos, dst)
	}
	iv, end, f := wirecore.ReadInt(s.in, pos, s.lenient)
	if f.Failed() {
		return 0, s.fault(f)
	}
	if !set(iv) {
		return 0, s.fail(pos, ErrOutOfRange, fmt.Sprintf("the value does not fit in %v", reflect.TypeOf(dst)))
	}
	return end, nil
}

// scanSigned and scanUnsigned scan an integer into *p: a minimal
// fixed-size one that fits without a call, anything else (big, padded,
// not an integer, out of range) through integer and its errors.
func scanSigned[T ~int | ~int8 | ~int16 | ~int32 | ~int64](s *scanner, p *T, pos int, dst any) (int, error) {
	if iv, n, ok := wirecore.FixedInt(s.in[pos:]); ok && iv.Big == nil {
		if v, ok := iv.Int64(); ok && int64(T(v)) == v {
			*p = T(v)
			return pos + n, nil
		}
	}
	return s.integer(pos, dst, func(iv wirecore.IntValue) bool { return setSigned(p, iv) })
}

func scanUnsigned[T ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr](s *scanner, p *T, pos int, dst any) (int, error) {
	if iv, n, ok := wirecore.FixedInt(s.in[pos:]); ok && !iv.Neg && uint64(T(iv.Mag)) == iv.Mag {
		*p = T(iv.Mag)
		return pos + n, nil
	}
	return s.integer(pos, dst, func(iv wirecore.IntValue) bool { return setUnsigned(p, iv) })
}

func setSigned[T ~int | ~int8 | ~int16 | ~int32 | ~int64](p *T, iv wirecore.IntValue) bool {
	v, ok := iv.Int64()
	if !ok || int64(T(v)) != v {
		return false
	}
	*p = T(v)
	return true
}

func setUnsigned[T ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr](p *T, iv wirecore.IntValue) bool {
	if iv.Big != nil || iv.Neg || uint64(T(iv.Mag)) != iv.Mag {
		return false
	}
	*p = T(iv.Mag)
	return true
}

// scanIntValue reads the integer at in[pos] into rv, of a signed
// integer row: ErrOutOfRange past its size.
func (s *scanner) scanIntValue(pos int, rv reflect.Value, dst any) (int, error) {
	return s.integer(pos, dst, func(iv wirecore.IntValue) bool {
		v, ok := iv.Int64()
		if ok = ok && !rv.OverflowInt(v); ok {
			rv.SetInt(v)
		}
		return ok
	})
}

// scanUintValue reads the integer at in[pos] into rv, of an unsigned
// integer row: ErrOutOfRange below zero or past its size.
func (s *scanner) scanUintValue(pos int, rv reflect.Value, dst any) (int, error) {
	return s.integer(pos, dst, func(iv wirecore.IntValue) bool {
		ok := iv.Big == nil && !iv.Neg && !rv.OverflowUint(iv.Mag)
		if ok {
			rv.SetUint(iv.Mag)
		}
		return ok
	})
}

// scanBig reads the integer at in[pos], of any size, into *p.
func (s *scanner) scanBig(p *big.Int, pos int, dst any) (int, error) {
	return s.integer(pos, dst, func(iv wirecore.IntValue) bool {
		v := iv.Big
		if v == nil {
			if v = new(big.Int).SetUint64(iv.Mag); iv.Neg {
				v.Neg(v)
			}
		}
		// A store, not p.Set: reusing p's memory would make every
		// destination of every Scan call escape to the heap.
		*p = *v
		return true
	})
}

// scanBigValue reads the integer at in[pos], of any size, into rv, a
// big.Int.
func (s *scanner) scanBigValue(pos int, rv reflect.Value, dst any) (int, error) {
	return s.integer(pos, dst, func(iv wirecore.IntValue) bool {
		v := iv.Big
		if v == nil {
			if v = new(big.Int).SetUint64(iv.Mag); iv.Neg {
				v.Neg(v)
			}
		}
		rv.Set(reflect.ValueOf(v).Elem())
		return true
	})
}

// Floats, booleans, UUIDs and versionstamps: fixed-size elements, read
// bit for bit.

// fixed checks that in[pos] is a whole element of code and returns its end.
func (s *scanner) fixed(pos int, code types.Code, dst any) (int, error) {
	if types.Code(s.in[pos]) != code {
		return 0, s.wrongKind(pos, dst)
	}
	n := wirecore.FixedSize(byte(code))
	if n > len(s.in)-pos {
		return 0, s.fault(wirecore.FaultAt(pos, wirecore.FaultShort))
	}
	return pos + n, nil
}

// appendFloat32Value appends rv, of a float32 row, bit for bit: through a
// *float32, since reflect's Float widens to float64, which quiets a
// signalling NaN.
func appendFloat32Value(dst []byte, rv reflect.Value) []byte {
	return tuplewire.AppendFloat32(dst, *addressable(rv).Addr().Convert(float32PtrType).Interface().(*float32))
}

// appendLooseFloat32 appends rv, of a named float32 type, for
// AppendElems, which reads it through float64 and so refuses a NaN.
func appendLooseFloat32(dst []byte, g *goType, rv reflect.Value) ([]byte, error) {
	f := rv.Float()
	if math.IsNaN(f) {
		// reflect reads a float32 kind through float64, which has
		// already quieted a signalling NaN, and every way to read
		// its bits (Interface, Convert, Set) would move every
		// argument of every call to the heap: refuse rather than
		// write other bits than the caller's.
		return dst, &EncodeError{Type: g.t, Err: ErrUnsupportedType, Detail: fmt.Sprintf("AppendElems reads %s through float64, which would quiet a signalling NaN; pass float32(v), which keeps every bit, or pack it with Codec.Pack or as a Plan's field", withArticle(g.t.String()))}
	}
	return tuplewire.AppendFloat32(dst, float32(f)), nil
}

// scanFloat64 reads the float64 at in[pos] into *p.
func (s *scanner) scanFloat64(p *float64, pos int, dst any) (int, error) {
	end, err := s.fixed(pos, types.CodeFloat64, dst)
	if err == nil {
		*p = wirecore.DecodeFloat64(binary.BigEndian.Uint64(s.in[pos+1:]))
	}
	return end, err
}

// scanFloat32 reads the float32 at in[pos] into *p, bit for bit.
func (s *scanner) scanFloat32(p *float32, pos int, dst any) (int, error) {
	end, err := s.fixed(pos, types.CodeFloat32, dst)
	if err == nil {
		*p = wirecore.DecodeFloat32(binary.BigEndian.Uint32(s.in[pos+1:]))
	}
	return end, err
}

// scanFloat64Value reads the float64 at in[pos] into rv, of a float64
// row.
func (s *scanner) scanFloat64Value(pos, depth int, rv reflect.Value) (int, error) {
	var f float64
	end, err := s.one(&f, pos, depth)
	if err == nil {
		rv.SetFloat(f)
	}
	return end, err
}

// scanFloat32Value reads the float32 at in[pos] into rv, of a float32
// row, bit for bit: through a *float32, as appendFloat32Value writes it.
func (s *scanner) scanFloat32Value(pos, depth int, rv reflect.Value) (int, error) {
	var f float32
	end, err := s.one(&f, pos, depth)
	if err == nil {
		*rv.Addr().Convert(float32PtrType).Interface().(*float32) = f
	}
	return end, err
}

// scanLooseFloat32 reads the float32 at in[pos] into rv, of a named
// float32 type, for Scan, which sets it through float64 (SetFloat) and so
// refuses a signalling NaN rather than quiet it.
func (s *scanner) scanLooseFloat32(pos, depth int, rv reflect.Value) (int, error) {
	var f float32
	end, err := s.one(&f, pos, depth)
	if err != nil {
		return 0, err
	}
	if b := math.Float32bits(f); f != f && b&(1<<22) == 0 {
		// SetFloat goes through float64, which would quiet it.
		return 0, s.fail(pos, ErrUnsupportedType, fmt.Sprintf("a signalling NaN cannot go into %v bit for bit (reflect sets it through float64); scan into a *float32, (*float32)(&v), or use a Plan", rv.Type()))
	}
	rv.SetFloat(float64(f))
	return end, nil
}

// scanBool reads the boolean at in[pos] into *p.
func (s *scanner) scanBool(p *bool, pos int, dst any) (int, error) {
	if c := types.Code(s.in[pos]); c != types.CodeFalse && c != types.CodeTrue {
		return 0, s.wrongKind(pos, dst)
	}
	*p = types.Code(s.in[pos]) == types.CodeTrue
	return pos + 1, nil
}

// scanBoolValue reads the boolean at in[pos] into rv, of a bool row.
func (s *scanner) scanBoolValue(pos, depth int, rv reflect.Value) (int, error) {
	var b bool
	end, err := s.one(&b, pos, depth)
	if err == nil {
		rv.SetBool(b)
	}
	return end, err
}

// appendUUIDValue appends rv, an addressable array of 16 of a byte type,
// as a UUID element.
func appendUUIDValue(dst []byte, rv reflect.Value) []byte {
	return append(append(dst, byte(types.CodeUUID)), rv.Bytes()...)
}

// appendLooseUUID appends rv, an array of 16 of a byte type, for
// AppendElems, byte by byte with reflect's Index (Bytes needs an address).
func appendLooseUUID(dst []byte, rv reflect.Value) []byte {
	dst = append(dst, byte(types.CodeUUID))
	for i := range 16 {
		dst = append(dst, byte(rv.Index(i).Uint()))
	}
	return dst
}

// scanUUIDValue reads the UUID at in[pos] into rv, an array of 16 of any
// byte type.
func (s *scanner) scanUUIDValue(pos int, rv reflect.Value, dst any) (int, error) {
	end, err := s.fixed(pos, types.CodeUUID, dst)
	if err == nil {
		copy(rv.Bytes(), s.in[pos+1:end]) // the array itself, of any byte type
	}
	return end, err
}

// appendStamp appends a versionstamp. An incomplete one is refused but
// by PackWithVersionstamp's encoder, which counts them and notes where
// the first one's transaction version goes.
func (e *encoder) appendStamp(dst []byte, v Versionstamp) ([]byte, error) {
	if !v.IsComplete() {
		if !e.allowIncomplete {
			return dst, encodeError(v, ErrIncompleteVersionstamp)
		}
		e.stamps++
		if e.stamps == 1 {
			e.stampPos = len(dst) + 1
		}
	}
	return tuplewire.AppendVersionstamp(dst, v), nil
}

// scanStamp reads the versionstamp at in[pos] into *p.
func (s *scanner) scanStamp(p *Versionstamp, pos int, dst any) (int, error) {
	end, err := s.fixed(pos, types.CodeVersionstamp, dst)
	if err == nil {
		*p = wirecore.DecodeVersionstamp(s.in[pos+1 : end])
	}
	return end, err
}

// scanStampValue reads the versionstamp at in[pos] into rv.
func (s *scanner) scanStampValue(pos int, rv reflect.Value, dst any) (int, error) {
	end, err := s.fixed(pos, types.CodeVersionstamp, dst)
	if err == nil {
		rv.Set(reflect.ValueOf(wirecore.DecodeVersionstamp(s.in[pos+1 : end])))
	}
	return end, err
}
