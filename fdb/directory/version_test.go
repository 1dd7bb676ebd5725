package directory_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
)

var versionKey = fdb.Key("\xFE\x01\xFE\x00\x01version\x00")

func versionBytes(major, minor, micro uint32) []byte {
	b := make([]byte, 12)
	for i, v := range []uint32{major, minor, micro} {
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
	}
	return b
}

// TestVersionMatrix: every operation on every stored version (layout
// notes 1.2): absent, 1.0.0, 1.0.7 (micro ignored), 1.1.0 and 0.9.9 (a
// minor above 0 makes the store read-only, whatever the major), 2.0.0
// (refused), and 8 and 14 bytes (refused: exactly 12 bytes, as Python
// and FoundationDB's C++ layer read it).
func TestVersionMatrix(t *testing.T) {
	type outcome int
	const (
		ok outcome = iota
		errVersion
		errMetadata
	)
	values := []struct {
		name  string
		value []byte // nil: absent
		read  outcome
		write outcome
	}{
		{"absent", nil, ok, ok},
		{"1.0.0", versionBytes(1, 0, 0), ok, ok},
		{"1.0.7", versionBytes(1, 0, 7), ok, ok},
		{"1.1.0", versionBytes(1, 1, 0), ok, errVersion},
		{"0.9.9", versionBytes(0, 9, 9), ok, errVersion},
		{"2.0.0", versionBytes(2, 0, 0), errVersion, errVersion},
		{"8 bytes", versionBytes(1, 0, 0)[:8], errMetadata, errMetadata},
		{"14 bytes", append(versionBytes(1, 0, 0), 0, 0), errMetadata, errMetadata},
	}
	type op struct {
		name   string
		writes bool // checks with write access (may write the version)
		run    func(s testStore, dl directory.Directory) error
	}
	ops := []op{
		{"Open", false, func(s testStore, dl directory.Directory) error { _, err := dl.Open(s, []string{"a"}, nil); return err }},
		{"Exists", false, func(s testStore, dl directory.Directory) error { _, err := dl.Exists(s, []string{"a"}); return err }},
		{"List", false, func(s testStore, dl directory.Directory) error { _, err := dl.List(s, nil); return err }},
		{"ListPage", false, func(s testStore, dl directory.Directory) error {
			_, err := directory.ListPage(s, dl, nil, "", 10)
			return err
		}},
		{"CreateOrOpen that opens", false, func(s testStore, dl directory.Directory) error {
			_, err := dl.CreateOrOpen(s, []string{"a"}, nil)
			return err
		}},
		{"Cache.Open", false, func(s testStore, dl directory.Directory) error {
			_, err := directory.NewCache(dl, directory.CacheOptions{}).Open(s, []string{"a"}, nil)
			return err
		}},
		{"CreateOrOpen that creates", true, func(s testStore, dl directory.Directory) error {
			_, err := dl.CreateOrOpen(s, []string{"b"}, nil)
			return err
		}},
		{"Create", true, func(s testStore, dl directory.Directory) error {
			_, err := dl.Create(s, []string{"b"}, nil)
			return err
		}},
		{"CreatePrefix", true, func(s testStore, dl directory.Directory) error {
			_, err := dl.CreatePrefix(s, []string{"b"}, nil, []byte{0x70})
			return err
		}},
		{"Move", true, func(s testStore, dl directory.Directory) error {
			_, err := dl.Move(s, []string{"a"}, []string{"b"})
			return err
		}},
		{"Remove", true, func(s testStore, dl directory.Directory) error { _, err := dl.Remove(s, []string{"a"}); return err }},
		{"Remove of nothing", true, func(s testStore, dl directory.Directory) error {
			_, err := dl.Remove(s, []string{"zz"})
			return err
		}},
	}
	for _, v := range values {
		for _, o := range ops {
			t.Run(fmt.Sprintf("%s/%s", v.name, o.name), func(t *testing.T) {
				s := newStore()
				dl := defaultLayer(&draws{t: t, next: []int64{5, 6}}, true)
				if _, err := dl.Create(s, []string{"a"}, nil); err != nil {
					t.Fatal(err)
				}
				setVersion(t, s, v.value)
				err := o.run(s, dl)
				want := v.read
				if o.writes {
					want = v.write
				}
				switch want {
				case ok:
					if err != nil {
						t.Fatalf("error %v, want none", err)
					}
				case errVersion:
					if !errors.Is(err, directory.ErrVersion) {
						t.Fatalf("error %v, want ErrVersion", err)
					}
				case errMetadata:
					if !errors.Is(err, directory.ErrInvalidMetadata) {
						t.Fatalf("error %v, want ErrInvalidMetadata", err)
					}
				}
				got, present := getKey(t, s, versionKey)
				switch {
				case v.value == nil && o.writes && want == ok:
					if !present || !bytes.Equal(got, versionBytes(1, 0, 0)) {
						t.Errorf("version after a writing operation: %X (present %v), want 1.0.0 written", got, present)
					}
				case v.value == nil:
					if present {
						t.Errorf("version %X written by an operation that only reads", got)
					}
				default:
					if !present || !bytes.Equal(got, v.value) {
						t.Errorf("version changed from %X to %X", v.value, got)
					}
				}
			})
		}
	}
}

// TestVersionRemoveOnEmptyStore: Remove of nothing on an empty store
// reports false and commits the version key (as fdb-java 7.4.1, Python and the official Go do).
func TestVersionRemoveOnEmptyStore(t *testing.T) {
	s, dl := newDefault(t, false)
	removed, err := dl.Remove(s, []string{"x"})
	if err != nil || removed {
		t.Fatalf("Remove([x]) = %v, %v; want false, nil", removed, err)
	}
	got := formatDump(s.Dump())
	if want := fmt.Sprintf("%X = %X\n", []byte(versionKey), versionBytes(1, 0, 0)); got != want {
		t.Errorf("state after Remove([x]) on an empty store:\n%s\nwant:\n%s", got, want)
	}
}

// TestVersionOfPartitions: each partition has its own version key,
// checked for the operations inside it, written by its first write.
func TestVersionOfPartitions(t *testing.T) {
	s := newStore()
	dl := defaultLayer(script(t, 26, 26), false)
	if _, err := dl.Create(s, []string{"p"}, []byte("partition")); err != nil {
		t.Fatal(err)
	}
	pVersion := fdb.Key("\x15\x1A\xFE\x01\x15\x1A\xFE\x00\x01version\x00")
	if _, present := getKey(t, s, pVersion); present {
		t.Fatal("creating a partition wrote its version key")
	}
	if _, err := dl.Create(s, []string{"p", "x"}, nil); err != nil {
		t.Fatal(err)
	}
	if v, present := getKey(t, s, pVersion); !present || !bytes.Equal(v, versionBytes(1, 0, 0)) {
		t.Fatalf("the partition's version after its first write: %X, present %v", v, present)
	}
	setKey(t, s, pVersion, versionBytes(2, 0, 0))
	if _, err := dl.Open(s, []string{"p", "x"}, nil); !errors.Is(err, directory.ErrVersion) {
		t.Errorf("Open(p/x) under a partition at 2.0.0: %v, want ErrVersion", err)
	}
	if _, err := dl.List(s, []string{"p"}); !errors.Is(err, directory.ErrVersion) {
		t.Errorf("List(p) of a partition at 2.0.0: %v, want ErrVersion", err)
	}
	// The root layer's own operations do not read the partition's version.
	if ok, err := dl.Exists(s, []string{"p"}); err != nil || !ok {
		t.Errorf("Exists(p) = %v, %v", ok, err)
	}
	if _, err := dl.Open(s, []string{"p"}, nil); err != nil {
		t.Errorf("Open(p): %v", err)
	}
}

func getKey(t *testing.T, s fdb.ReadTransactor, key fdb.Key) ([]byte, bool) {
	t.Helper()
	var v []byte
	var present bool
	_, err := s.ReadTransact(func(tr fdb.ReadTransaction) (any, error) {
		var err error
		v, present, err = tr.Get(key)
		return nil, err
	})
	if err != nil {
		t.Fatal(err)
	}
	return v, present
}

// setKey stores value under key; a nil value clears it.
func setKey(t *testing.T, s fdb.Transactor, key fdb.Key, value []byte) {
	t.Helper()
	_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
		if value == nil {
			return nil, tr.Clear(key)
		}
		return nil, tr.Set(key, value)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func setVersion(t *testing.T, s fdb.Transactor, value []byte) { setKey(t, s, versionKey, value) }
