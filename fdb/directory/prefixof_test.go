package directory_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb/directory"
)

// TestPrefix: a directory's prefix is its Bytes; a partition's is the
// prefix its subdirectories' prefixes start with (15 07 here, drawn 7),
// opened or created, nested or not; a layer has none.
func TestPrefix(t *testing.T) {
	s := newStore()
	dl := defaultLayer(script(t, 5, 7, 2, 3), false)
	a := must(t)(dl.Create(s, []string{"a"}, nil))                 // 15 05
	p := must(t)(dl.Create(s, []string{"p"}, []byte("partition"))) // 15 07
	q := must(t)(p.Create(s, []string{"q"}, []byte("partition")))  // 15 07 | 15 02
	x := must(t)(dl.Create(s, []string{"p", "q", "x"}, nil))       // 15 07 15 02 | 15 03
	opened := must(t)(dl.Open(s, []string{"p", "q"}, nil))
	for _, c := range []struct {
		name string
		d    directory.Directory
		want []byte
	}{
		{"a directory", a, []byte{0x15, 0x05}},
		{"a partition", p, []byte{0x15, 0x07}},
		{"a partition in a partition", q, []byte{0x15, 0x07, 0x15, 0x02}},
		{"the same, opened", opened, []byte{0x15, 0x07, 0x15, 0x02}},
		{"a directory in it", x, []byte{0x15, 0x07, 0x15, 0x02, 0x15, 0x03}},
	} {
		got, err := directory.Prefix(c.d)
		if err != nil || !bytes.Equal(got, c.want) {
			t.Errorf("%s: Prefix = %X, %v; want %X", c.name, got, err, c.want)
		}
		got[0] = 0 // the caller's memory
		if again, _ := directory.Prefix(c.d); again[0] != c.want[0] {
			t.Errorf("%s: the prefix returned shares memory with the directory", c.name)
		}
	}
	if !bytes.Equal(x.Bytes(), []byte{0x15, 0x07, 0x15, 0x02, 0x15, 0x03}) {
		t.Errorf("x.Bytes() = %X", x.Bytes())
	}
	for _, d := range []directory.Directory{dl, directory.Root()} {
		if got, err := directory.Prefix(d); !errors.Is(err, directory.ErrRootDirectory) || got != nil {
			t.Errorf("Prefix of a layer: %X, %v", got, err)
		}
	}
	if _, err := directory.Prefix(nil); !errors.Is(err, directory.ErrInvalidArgument) {
		t.Errorf("Prefix(nil): %v", err)
	}
}

// must returns the directory, failing the test on an error.
func must(t *testing.T) func(directory.DirectorySubspace, error) directory.DirectorySubspace {
	return func(d directory.DirectorySubspace, err error) directory.DirectorySubspace {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
}
