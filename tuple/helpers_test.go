package tuple_test

import (
	"testing"

	"github.com/fdbtuple/fdbtuple/internal/testrows"
)

// dhex decodes hex written with spaces for readability: "15 2a".
func dhex(t testing.TB, s string) []byte { t.Helper(); return testrows.Hex(t, s) }
