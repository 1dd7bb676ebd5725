package tuple

import (
	"encoding/hex"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"github.com/fdbtuple/fdbtuple/types"
)

// The constructors of the text form, name(...): keywords, float32(...),
// UUID(...), Versionstamp(...), and extension values such as desc(...).

// word reads a keyword or a constructor such as float32(...).
func (p *parser) word(depth int) (any, error) {
	start := p.pos
	end := p.pos
	for end < len(p.s) && isWordByte(p.s[end]) && p.s[end] != '-' {
		end++
	}
	w := p.s[start:end]
	p.pos = end
	switch w {
	case "nil", "None", "null", "<nil>":
		return nil, nil
	case "true", "True":
		return true, nil
	case "false", "False":
		return false, nil
	case "NaN": // the text form's: the NaN it prints so, math.NaN()
		return math.NaN(), nil
	case "nan": // Python's repr of float('nan'), which it packs as 7ff8000000000000
		return math.Float64frombits(pythonNaN), nil
	case "Inf", "inf", "Infinity":
		return math.Inf(1), nil
	}
	if !p.eat('(') {
		p.pos = start
		return nil, p.fail("expected an element, found %q", w)
	}
	switch w {
	case "float32", "SingleFloat":
		return p.float32Call(depth)
	case "float32bits", "float64bits":
		return p.floatBits(w == "float32bits")
	case "UUID":
		return p.uuidCall()
	case "Versionstamp", "fdb.tuple.Versionstamp":
		return p.versionstampCall()
	}
	for _, x := range p.codec.Extensions {
		if tp, ok := x.(TextParser); ok && x.Name() == w {
			return p.extensionCall(tp, start, depth)
		}
	}
	p.pos = start
	return nil, p.fail("unknown constructor %s(", w)
}

// extensionCall reads the argument of an extension's name(...) and hands
// it to the extension.
func (p *parser) extensionCall(tp TextParser, start, depth int) (any, error) {
	p.space()
	at := p.pos
	arg, err := p.elem(depth + 1)
	if err != nil {
		return nil, err
	}
	v, err := tp.ParseArg(arg, p.codec)
	if err != nil {
		p.pos = at
		return nil, p.failWith(syntaxSentinel(err), "%s: %v", p.s[start:at-1], err)
	}
	if err := p.expect(')', "to close "+p.s[start:at]); err != nil {
		return nil, err
	}
	return v, nil
}

// float32Call reads the number inside float32(...) and rounds its literal
// once, at 32 bits: a literal read as a float64 first and then converted
// could round twice and land one ulp off.
func (p *parser) float32Call(depth int) (any, error) {
	p.space()
	at := p.pos
	v, err := p.elem(depth + 1)
	if err != nil {
		return nil, err
	}
	var f float32
	switch v := v.(type) {
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			f = float32(v)
			break
		}
		f, err = parseFloatLiteral[float32](p.s[at:p.pos], 32)
	case int64, uint64, *big.Int: // SingleFloat(3) in Python
		f, err = parseFloatLiteral[float32](p.s[at:p.pos], 32)
	default:
		err = errNotANumber
	}
	if err != nil {
		p.pos = at
		return nil, p.failWith(syntaxSentinel(err), "float32( needs a number that fits a float32: %v", err)
	}
	if err := p.expect(')', "to close float32("); err != nil {
		return nil, err
	}
	return f, nil
}

func (p *parser) uuidCall() (any, error) {
	p.space()
	quote := byte(0)
	if p.pos < len(p.s) && (p.s[p.pos] == '"' || p.s[p.pos] == '\'') {
		quote = p.s[p.pos]
		p.pos++
	}
	if !bareUUID(p.rest()) {
		return nil, p.fail("expected a UUID in 8-4-4-4-12 hex form")
	}
	u, _ := uuid.Parse(p.s[p.pos : p.pos+36])
	p.pos += 36
	if quote != 0 && !p.eat(quote) {
		return nil, p.fail("expected %q to close the UUID", quote)
	}
	if err := p.expect(')', "to close UUID("); err != nil {
		return nil, err
	}
	return u, nil
}

func (p *parser) versionstampCall() (any, error) {
	open := p.pos // the official display's bytes start here, perhaps with a space
	p.space()
	var v types.Versionstamp
	rest := p.rest()
	switch {
	case strings.HasPrefix(rest, "b'"), strings.HasPrefix(rest, `b"`):
		p.pos++
		b, err := p.quoted(true)
		if err != nil {
			return nil, err
		}
		if len(b.([]byte)) != 10 {
			return nil, p.fail("a transaction version is 10 bytes, not %d", len(b.([]byte)))
		}
		copy(v.TransactionVersion[:], b.([]byte))
	case strings.HasPrefix(rest, "incomplete"), strings.HasPrefix(rest, "<incomplete>"):
		v = types.IncompleteVersionstamp(0)
		p.pos += strings.Index(rest, "incomplete") + len("incomplete")
		p.eat('>')
	case len(rest) >= 20 && isHexString(rest[:20]) && (len(rest) == 20 || !isHex(rest[20])):
		_, _ = hex.Decode(v.TransactionVersion[:], []byte(rest[:20]))
		p.pos += 20
	default:
		// The official Go binding prints the transaction version in
		// fdbcli-printable form, unquoted: \x00\x00\x01..., 7. It is
		// exactly 10 bytes, which may include ',', ')' or a leading space.
		p.pos = open
		raw, ok := p.printableBytes(10)
		if !ok {
			return nil, p.fail("expected a transaction version: 20 hex digits, incomplete, or 10 bytes")
		}
		copy(v.TransactionVersion[:], raw)
	}
	if err := p.expect(',', "before the user version"); err != nil {
		return nil, err
	}
	p.space()
	end := p.pos
	for end < len(p.s) && p.s[end] >= '0' && p.s[end] <= '9' {
		end++
	}
	uv, err := strconv.ParseUint(p.s[p.pos:end], 10, 16)
	if err != nil {
		return nil, p.fail("expected a user version from 0 to 65535")
	}
	v.UserVersion = uint16(uv)
	p.pos = end
	if err := p.expect(')', "to close Versionstamp("); err != nil {
		return nil, err
	}
	return v, nil
}

// printableBytes reads exactly n bytes written in FoundationDB's printable
// form (\\, \xNN, or a printable ASCII character for itself).
func (p *parser) printableBytes(n int) ([]byte, bool) {
	out := make([]byte, 0, n)
	pos := p.pos
	for len(out) < n && pos < len(p.s) {
		c := p.s[pos]
		switch {
		case c == '\\':
			b, n, ok := unescapePrintable(p.s, pos, false) // Printable writes no \"
			if !ok {
				return nil, false
			}
			out = append(out, b)
			pos += n
		case c >= 0x20 && c <= 0x7E:
			out = append(out, c)
			pos++
		default:
			return nil, false
		}
	}
	if len(out) < n {
		return nil, false
	}
	p.pos = pos
	return out, true
}
