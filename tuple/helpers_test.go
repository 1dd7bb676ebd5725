package tuple_test

import (
	"encoding/hex"
	"strings"
	"testing"
)

// dhex decodes hex written with spaces for readability: "15 2a".
func dhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}
