package tuple_test

import (
	"errors"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
)

// TestEncodeErrorsAreEncodeErrors: every encode failure, the versionstamp
// ones included, is an *EncodeError wrapping its sentinel.
func TestEncodeErrorsAreEncodeErrors(t *testing.T) {
	stamp := tuple.IncompleteVersionstamp(0)
	cases := map[string]struct {
		err  error
		want error
	}{}
	_, err := tuple.Tuple{"a"}.PackWithVersionstamp(nil)
	cases["no stamp"] = struct{ err, want error }{err, tuple.ErrNoIncompleteVersionstamp}
	_, err = tuple.Tuple{stamp, stamp}.PackWithVersionstamp(nil)
	cases["two stamps"] = struct{ err, want error }{err, tuple.ErrMultipleIncompleteVersionstamps}
	_, err = tuple.Tuple{stamp}.AppendWithVersionstamp(nil, 3)
	cases["offset size"] = struct{ err, want error }{err, tuple.ErrOffsetSize}
	_, err = tuple.Tuple{make([]byte, 70000), stamp}.AppendWithVersionstamp(nil, tuple.Offset2)
	cases["position"] = struct{ err, want error }{err, tuple.ErrVersionstampPosition}
	for name, c := range cases {
		var ee *tuple.EncodeError
		if !errors.As(c.err, &ee) || !errors.Is(c.err, c.want) {
			t.Errorf("%s: %v (%T), want an *EncodeError wrapping %v", name, c.err, c.err, c.want)
		}
	}
	if _, err := (tuple.Tuple{"a"}).PackWithVersionstamp(nil); err.Error() != tuple.ErrNoIncompleteVersionstamp.Error() {
		t.Errorf("message %q, want the sentinel's, as the official binding's", err)
	}
}

// refusing is an extension whose AppendElement returns the same
// *EncodeError every time.
type refusing struct{ err *tuple.EncodeError }

type refused struct{}

func (refusing) Code() types.Code { return 0x42 }
func (refusing) Name() string     { return "refusing" }
func (refusing) Owns(v any) bool  { _, ok := v.(refused); return ok }
func (x refusing) AppendElement(dst []byte, _ any, _ tuple.Codec) ([]byte, error) {
	return dst, x.err
}
func (refusing) ConsumeElement([]byte, tuple.Codec) (any, int, error) {
	return nil, 0, errors.New("never")
}
func (refusing) CompareValues(any, any, tuple.Codec) int            { return 0 }
func (refusing) AppendText(dst []byte, _ any, _ tuple.Codec) []byte { return dst }

// TestExtensionErrorsLeftAlone: the encoder places the path on a copy of
// an extension's error, never on the extension's own value.
func TestExtensionErrorsLeftAlone(t *testing.T) {
	own := &tuple.EncodeError{Err: tuple.ErrUnsupportedType}
	c := tuple.Codec{Extensions: []tuple.Extension{refusing{own}}}
	for range 2 {
		_, err := c.Pack(tuple.Tuple{"a", tuple.Tuple{refused{}}})
		var ee *tuple.EncodeError
		if !errors.As(err, &ee) || len(ee.Path) != 2 || ee.Path[0] != 1 || ee.Path[1] != 0 {
			t.Fatalf("Pack = %v, want the path [1 0]", err)
		}
	}
	if own.Path != nil {
		t.Errorf("the extension's own error was changed: path %v", own.Path)
	}
}
