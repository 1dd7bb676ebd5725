package compat

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// Serve answers protocol requests read from r, one JSON object per line,
// with this module's codec, writing one response line per request to w.
// It returns when r ends. A line that is not a request is answered with
// an error response (id 0), so that a peer checker sees the fault.
func Serve(r io.Reader, w io.Writer, version string) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 64<<20)
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	for sc.Scan() {
		var req Request
		var resp Response
		if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
			resp.Error = "malformed request: " + err.Error()
		} else {
			resp = answer(req, version)
		}
		if err := enc.Encode(resp); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil { // answer each line at once: peers wait for it
			return err
		}
	}
	return sc.Err()
}

// answer runs one request with this module's codec.
func answer(req Request, version string) Response {
	resp := Response{ID: req.ID}
	fail := func(err error) Response {
		resp.Error = err.Error()
		return resp
	}
	switch req.Op {
	case OpHello:
		resp.Name, resp.Version, resp.Protocol = "fdbtuple", version, ProtocolVersion
		resp.Ops = []string{OpHello, OpPack, OpUnpack, OpCompare, OpPackVersionstamp}
		resp.Types = AllTypes
	case OpPack:
		t, err := DecodeTuple(req.Tuple)
		if err != nil {
			return fail(err)
		}
		b, err := (tuple.Codec{}).Pack(t)
		if err != nil {
			return fail(err)
		}
		resp.Packed = Hex(b)
	case OpUnpack:
		if req.Packed == nil {
			return fail(errors.New("unpack needs packed"))
		}
		b, err := hex.DecodeString(*req.Packed)
		if err != nil {
			return fail(fmt.Errorf("packed is not hex: %w", err))
		}
		t, err := tuple.Unpack(b)
		if err != nil {
			return fail(err)
		}
		if resp.Tuple, err = EncodeTuple(t); err != nil {
			return fail(err)
		}
	case OpCompare:
		a, err := DecodeTuple(req.A)
		if err != nil {
			return fail(err)
		}
		b, err := DecodeTuple(req.B)
		if err != nil {
			return fail(err)
		}
		c := tuple.Compare(a, b)
		resp.Result = &c
	case OpPackVersionstamp:
		t, err := DecodeTuple(req.Tuple)
		if err != nil {
			return fail(err)
		}
		prefix, err := hex.DecodeString(req.Prefix)
		if err != nil {
			return fail(fmt.Errorf("prefix is not hex: %w", err))
		}
		api := req.APIVersion
		if api == 0 {
			api = 800
		}
		b, err := t.AppendWithVersionstamp(prefix, tuple.OffsetSizeForAPIVersion(api))
		if err != nil {
			resp.ErrorKind = errorKind(err)
			return fail(err)
		}
		resp.Packed = Hex(b)
	default:
		return fail(fmt.Errorf("unknown op %q", req.Op))
	}
	return resp
}
