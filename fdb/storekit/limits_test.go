package storekit

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
)

func wantCode(t *testing.T, what string, err error, code int) {
	t.Helper()
	if code == 0 {
		if err != nil {
			t.Errorf("%s: %v, want no error", what, err)
		}
		return
	}
	var fe fdb.Error
	if !errors.As(err, &fe) || fe.Code != code {
		t.Errorf("%s: %v, want Error{%d}", what, err, code)
	}
}

// TestChecks walks FoundationDB's legality and size rules at their
// boundaries, and their order (a key at or above FF is 2004 whatever its
// length).
func TestChecks(t *testing.T) {
	long := bytes.Repeat([]byte{'k'}, KeySizeLimit)
	for _, tt := range []struct {
		key  string
		code int
	}{{"", 0}, {"a", 0}, {"\xfe\xff\xff", 0}, {"\xff", 2004}, {"\xff\x00", 2004}, {"\xff\xff", 2004}} {
		wantCode(t, "CheckKey "+fdb.Printable([]byte(tt.key)), CheckKey(fdb.Key(tt.key)), tt.code)
		wantCode(t, "CheckSet "+fdb.Printable([]byte(tt.key)), CheckSet(fdb.Key(tt.key), nil), tt.code)
	}
	wantCode(t, "key of the limit", CheckSet(long, nil), 0)
	wantCode(t, "key over the limit", CheckSet(append(long, 'k'), nil), 2102)
	wantCode(t, "long key in the system keys", CheckSet(append(fdb.Key{0xff}, long...), nil), 2004)
	wantCode(t, "long key to CheckKey", CheckKey(append(long, 'k')), 0)
	wantCode(t, "value of the limit", CheckSet(fdb.Key("k"), make([]byte, ValueSizeLimit)), 0)
	wantCode(t, "value over the limit", CheckSet(fdb.Key("k"), make([]byte, ValueSizeLimit+1)), 2103)
	wantCode(t, "long key and long value", CheckSet(append(long, 'k'), make([]byte, ValueSizeLimit+1)), 2102)

	for _, tt := range []struct {
		b, e        string
		read, clear int
	}{
		{"", "\xff", 0, 0}, {"a", "b", 0, 0}, {"a", "a", 0, 0}, {"\xff", "\xff", 0, 0},
		{"b", "a", 0, 2005}, {"a", "\xff\x00", 2004, 2004}, {"\xff\x00", "\xff\x01", 2004, 2004}, {"\xff\x00", "a", 2004, 2004},
	} {
		what := fdb.Printable([]byte(tt.b)) + ".." + fdb.Printable([]byte(tt.e))
		wantCode(t, "CheckRange "+what, CheckRange(fdb.Key(tt.b), fdb.Key(tt.e)), tt.read)
		wantCode(t, "CheckClearRange "+what, CheckClearRange(fdb.Key(tt.b), fdb.Key(tt.e)), tt.clear)
	}
	wantCode(t, "limit -1", CheckLimit(-1), 2012)
	wantCode(t, "limit 0", CheckLimit(0), 0)
	wantCode(t, "size at the limit", CheckTransactionSize(TransactionSizeLimit), 0)
	wantCode(t, "size over the limit", CheckTransactionSize(TransactionSizeLimit+1), 2101)
}

// TestCheckMessages checks that a refusal names the key, printable, and
// cuts a long one.
func TestCheckMessages(t *testing.T) {
	err := CheckSet(fdb.Key("\x01user\xff"), make([]byte, ValueSizeLimit+1))
	if !strings.Contains(err.Error(), `key \x01user\xff`) || !strings.Contains(err.Error(), "100001 bytes") {
		t.Errorf("message %q does not name the key and the value's length", err)
	}
	err = CheckSet(bytes.Repeat([]byte{'k'}, 20000), nil)
	if len(err.Error()) > 300 || !strings.Contains(err.Error(), "(20000 bytes)") {
		t.Errorf("message for a 20000-byte key: %q", err)
	}
}
