package compat

// The vector sections of a check: each file of the cross-language vectors,
// row by row, asked of the peer and compared with this codec's answer.

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/vectors"
)

func (c *checker) packRows() error {
	return runFile(c, "pack.jsonl", func(r vectors.PackRow) (string, outcome, error) {
		t, skip, err := c.decode(r.Tuple)
		if err != nil || skip {
			return r.Name, outcome{skipped: skip}, err
		}
		want, _ := hex.DecodeString(r.Packed)
		return r.Name, both(c.expectPack(t, want), c.expectUnpack(want, t)), nil
	})
}

// peerOrder reports the peer's order of a and b: its compare operation if
// it has one, otherwise the order of the bytes it packs them to. refused
// is the peer's refusal to compare or pack one of them, an answer like
// any other; fault is a peer fault.
func (c *checker) peerOrder(a, b tuple.Tuple) (order int, refused string, fault error) {
	if c.report.Peer.supports(OpCompare) {
		ra, err := EncodeTuple(a)
		if err != nil {
			return 0, "", err
		}
		rb, err := EncodeTuple(b)
		if err != nil {
			return 0, "", err
		}
		resp, err := c.peer.Call(c.ctx, Request{Op: OpCompare, A: ra, B: rb})
		switch {
		case err != nil:
			return 0, "", err
		case resp.Error != "":
			return 0, "compare refused: " + resp.Error, nil
		case resp.Result == nil:
			return 0, "", errors.New("response has neither result nor error")
		}
		return *resp.Result, "", nil
	}
	var packed [2][]byte
	for i, t := range []tuple.Tuple{a, b} {
		p, refused, err := c.peerPack(t)
		if err != nil || refused != "" {
			return 0, refused, err
		}
		packed[i] = p
	}
	return bytes.Compare(packed[0], packed[1]), "", nil
}

func (c *checker) expectOrder(a, b tuple.Tuple) outcome {
	want := tuple.Compare(a, b)
	got, refused, fault := c.peerOrder(a, b)
	o := outcome{op: "order", in: a, in2: b, gotOrder: sign(got), refused: refused != ""}
	switch {
	case fault != nil:
		o.problem, o.got = "order: peer fault", fault.Error()
		o.fault = true
	case refused != "":
		o.problem, o.got = "order: peer refused", refused
	case sign(got) != want:
		o.problem, o.got = "order: peer orders differently", fmt.Sprint(got)
		o.cause = "at " + firstOrderKind(a, b)
	default:
		return pass()
	}
	o.input, o.want, o.size = a.Text()+" vs "+b.Text(), fmt.Sprint(want), packedSize(a)+packedSize(b)
	return o
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

func (c *checker) orderRows() error {
	return runFile(c, "order.jsonl", func(r vectors.OrderRow) (string, outcome, error) {
		var ts []tuple.Tuple
		for _, raw := range r.Sorted {
			t, skip, err := c.decode(raw)
			if err != nil || skip {
				return r.Name, outcome{skipped: skip}, err
			}
			ts = append(ts, t)
		}
		o := pass()
		for i := 1; i < len(ts) && o.ok; i++ {
			o = c.expectOrder(ts[i-1], ts[i])
		}
		return r.Name, o, nil
	})
}

func (c *checker) invalidRows() error {
	return runFile(c, "invalid.jsonl", func(r vectors.InvalidRow) (string, outcome, error) {
		b, _ := hex.DecodeString(r.Packed)
		return r.Name, c.expectUnpack(b, nil), nil
	})
}

func (c *checker) versionstampRows() error {
	return runFile(c, "versionstamp.jsonl", func(r vectors.VersionstampRow) (string, outcome, error) {
		t, skip, err := c.decode(r.Tuple)
		if err != nil || skip || !c.report.Peer.supports(OpPackVersionstamp) {
			return r.Name, outcome{skipped: err == nil}, err
		}
		prefix, _ := hex.DecodeString(r.Prefix)
		want, wantErr := t.AppendWithVersionstamp(append([]byte{}, prefix...), tuple.OffsetSizeForAPIVersion(r.APIVersion))
		resp, fault := c.peer.Call(c.ctx, Request{Op: OpPackVersionstamp, Tuple: r.Tuple, Prefix: r.Prefix, APIVersion: r.APIVersion})
		o := outcome{input: t.Text(), want: hexOr(want, "an error"), op: "pack_versionstamp", in: t,
			refused: fault == nil && resp.Error != "", size: packedSize(t)}
		if fault == nil && resp.Packed != nil {
			o.gotBytes, _ = hex.DecodeString(*resp.Packed)
		}
		if wantErr != nil {
			o.want = "an error: " + wantErr.Error()
			want = nil
		}
		switch {
		case fault != nil:
			o.problem, o.got = "pack_versionstamp: peer fault", fault.Error()
			o.fault = true
		case want == nil && resp.Error == "":
			o.problem, o.got = "pack_versionstamp: peer accepted what this codec refuses", deref(resp.Packed)
		case want != nil && resp.Error != "":
			o.problem, o.got = "pack_versionstamp: peer refused", resp.Error
		case want != nil && deref(resp.Packed) != hex.EncodeToString(want):
			o.problem, o.got = "pack_versionstamp: bytes differ", deref(resp.Packed)
		case want == nil && resp.ErrorKind != "" && resp.ErrorKind != errorKind(wantErr):
			o.problem, o.got = "pack_versionstamp: wrong kind of error", resp.ErrorKind
		default:
			o = pass()
		}
		return r.Name, o, nil
	})
}

// ourUnpack is this codec's strict answer for b: the tuple, or nil.
func ourUnpack(b []byte) tuple.Tuple {
	t, err := tuple.Unpack(b)
	if err != nil {
		return nil
	}
	return t
}

func (c *checker) lenientRows() error {
	return runFile(c, "decode_lenient.jsonl", c.lenientRow)
}

// generatedLenientRows runs the lenient rows regenerated from the Python
// binding (vectors/generated/decode_lenient.jsonl).
func (c *checker) generatedLenientRows() error {
	return runFileFrom(c, vectors.Generated, "generated/decode_lenient.jsonl", c.lenientRow)
}

// lenientRow checks bytes that no encoder writes and the reference
// decodes. The answer expected is this codec's strict one (a refusal where
// it refuses), unless the peer declares the lenient reading the row needs:
// then it is this codec's lenient decoding, which is the reference's.
func (c *checker) lenientRow(r vectors.LenientRow) (string, outcome, error) {
	b, _ := hex.DecodeString(r.Packed)
	reference, err := DecodeTuple(r.Tuple)
	if err != nil {
		return r.Name, outcome{}, err
	}
	if !c.report.Peer.holds(reference) {
		return r.Name, outcome{skipped: true}, nil
	}
	want := ourUnpack(b)
	if reading := lenientReading(b); reading != "" && c.report.Peer.lenient(reading) {
		if want, err = (tuple.Codec{Lenient: true}).Unpack(b); err != nil {
			return r.Name, outcome{}, fmt.Errorf("the lenient codec refuses it: %w", err)
		}
	}
	o := c.expectUnpack(b, want)
	o.asReference = o.gotTuple != nil && vectors.Identical(o.gotTuple, reference)
	return r.Name, o, nil
}

func (c *checker) divergentRows() error {
	return runFile(c, "divergent.jsonl", func(r vectors.DivergentRow) (string, outcome, error) {
		t, skip, err := c.decode(r.Tuple)
		if err != nil || skip {
			return r.Name, outcome{skipped: skip}, err
		}
		ours, _ := (tuple.Codec{}).Pack(t) // nil where this codec refuses
		o := c.expectPack(t, ours)
		python, _ := hex.DecodeString(r.PackedPython)
		o.asReference = o.gotBytes != nil && bytes.Equal(o.gotBytes, python)
		for _, form := range []string{r.PackedPython, deref(r.PackedGoJava)} {
			if form == "" || !o.ok {
				continue
			}
			b, _ := hex.DecodeString(form)
			o = c.expectUnpack(b, ourUnpack(b))
		}
		return r.Name, o, nil
	})
}

// runFile checks every row of a vector file with check, which gives the
// row's name and outcome, and records them in a section named after the
// file. An error is a fault in the vectors, not in the peer.
func runFile[T any](c *checker, file string, check func(T) (string, outcome, error)) error {
	return runFileFrom(c, vectors.FS, file, check)
}

// runFileFrom is runFile for a file of fsys.
func runFileFrom[T any](c *checker, fsys fs.FS, file string, check func(T) (string, outcome, error)) error {
	rows, err := vectors.ReadRowsFrom[T](fsys, file)
	if err != nil {
		return err
	}
	s := c.section(file)
	for _, r := range rows {
		name, o, err := check(r)
		if err != nil {
			return fmt.Errorf("%s %s: %w", file, name, err)
		}
		c.record(s, name, o)
	}
	return nil
}

// decode reads a row's tuple and reports whether the peer lacks one of
// its types, in which case the row is skipped.
func (c *checker) decode(raw json.RawMessage) (t tuple.Tuple, skip bool, err error) {
	t, err = DecodeTuple(raw)
	if err != nil {
		return nil, false, err
	}
	return t, !c.report.Peer.holds(t), nil
}

// errorKind is the protocol's error_kind for a pack_versionstamp error.
func errorKind(err error) string {
	switch {
	case errors.Is(err, tuple.ErrNoIncompleteVersionstamp):
		return "no_incomplete"
	case errors.Is(err, tuple.ErrMultipleIncompleteVersionstamps):
		return "multiple_incomplete"
	}
	return ""
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
