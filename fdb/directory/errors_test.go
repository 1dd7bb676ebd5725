package directory_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
)

// wantErr checks that err is an *Error wrapping sentinel, for operation
// op on path (and to, for a move), with the exact message when msg is
// not empty.
func wantErr(t *testing.T, err, sentinel error, op string, path, to []string, msg string) {
	t.Helper()
	if !errors.Is(err, sentinel) {
		t.Errorf("error %v, want %v", err, sentinel)
		return
	}
	var e *directory.Error
	if !errors.As(err, &e) {
		t.Errorf("error %v is not a *directory.Error", err)
		return
	}
	if e.Op != op || !slices.Equal(e.Path, path) || !slices.Equal(e.To, to) {
		t.Errorf("error %q: op %q path %q to %q; want %q %q %q", err, e.Op, e.Path, e.To, op, path, to)
	}
	if msg != "" && err.Error() != msg {
		t.Errorf("message %q\n            want %q", err.Error(), msg)
	}
}

func TestErrors(t *testing.T) {
	s, dl := newDefault(t, false)
	p := func(names ...string) []string { return names }
	mustCreate := func(path []string, layer string) directory.DirectorySubspace {
		t.Helper()
		d, err := dl.Create(s, path, []byte(layer))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	a := mustCreate(p("a"), "x")
	mustCreate(p("a", "b"), "")
	mustCreate(p("pt"), "partition")
	mustCreate(p("pt", "q"), "partition")
	mustCreate(p("pt", "y"), "")

	_, err := dl.Open(s, p("a", "zz"), nil)
	wantErr(t, err, directory.ErrDirNotExists, "open", p("a", "zz"), nil, `directory: open ("a", "zz"): the directory does not exist`)
	_, err = dl.Open(s, p("zz", "b"), nil)
	wantErr(t, err, directory.ErrDirNotExists, "open", p("zz", "b"), nil, "")
	_, err = dl.Create(s, p("a", "b"), nil)
	wantErr(t, err, directory.ErrDirAlreadyExists, "create", p("a", "b"), nil, `directory: create ("a", "b"): the directory already exists`)
	_, err = dl.Open(s, p("a"), []byte("y"))
	wantErr(t, err, directory.ErrLayerMismatch, "open", p("a"), nil,
		`directory: open ("a"): the directory was created with an incompatible layer: stored "x", opened with "y"`)
	// Go's rule: an empty, non-nil layer must match too; nil opens anything.
	_, err = dl.CreateOrOpen(s, p("a"), []byte{})
	wantErr(t, err, directory.ErrLayerMismatch, "create or open", p("a"), nil, "")
	if _, err := dl.Open(s, p("a"), nil); err != nil {
		t.Errorf("Open(a, nil): %v", err)
	}
	if _, err := dl.Open(s, p("a", "b"), []byte{}); err != nil {
		t.Errorf("Open(a/b, empty layer) of a directory with the empty layer: %v", err)
	}

	// The root.
	_, err = dl.Open(s, nil, nil)
	wantErr(t, err, directory.ErrRootDirectory, "open", nil, nil, `directory: open (): the root directory cannot be opened`)
	_, err = dl.CreateOrOpen(s, nil, nil)
	wantErr(t, err, directory.ErrRootDirectory, "create or open", nil, nil, "")
	_, err = dl.Remove(s, nil)
	wantErr(t, err, directory.ErrRootDirectory, "remove", nil, nil, `directory: remove (): the root directory cannot be removed`)
	_, err = dl.MoveTo(s, p("z"))
	wantErr(t, err, directory.ErrRootDirectory, "move", nil, p("z"), `directory: move () to ("z"): the root directory cannot be moved`)
	_, err = dl.Move(s, nil, p("z"))
	wantErr(t, err, directory.ErrMoveIntoSubdirectory, "move", nil, p("z"), "")
	if ok, err := dl.Exists(s, nil); !ok || err != nil {
		t.Errorf("Exists(root) = %v, %v; want true", ok, err)
	}

	// Moves.
	_, err = dl.Move(s, p("a"), p("a", "c"))
	wantErr(t, err, directory.ErrMoveIntoSubdirectory, "move", p("a"), p("a", "c"),
		`directory: move ("a") to ("a", "c"): the destination directory cannot be a subdirectory of the source directory`)
	_, err = dl.Move(s, p("a"), p("a"))
	wantErr(t, err, directory.ErrMoveIntoSubdirectory, "move", p("a"), p("a"), "")
	_, err = dl.Move(s, p("a"), nil)
	wantErr(t, err, directory.ErrDirAlreadyExists, "move", p("a"), nil, "")
	_, err = dl.Move(s, p("zz"), p("c"))
	wantErr(t, err, directory.ErrDirNotExists, "move", p("zz"), p("c"), `directory: move ("zz") to ("c"): the source directory does not exist`)
	_, err = dl.Move(s, p("a", "b"), p("a"))
	wantErr(t, err, directory.ErrDirAlreadyExists, "move", p("a", "b"), p("a"), "")
	_, err = dl.Move(s, p("a", "b"), p("pt", "y"))
	wantErr(t, err, directory.ErrMoveBetweenPartitions, "move", p("a", "b"), p("pt", "y"), "")
	_, err = dl.Move(s, p("pt"), p("a"))
	wantErr(t, err, directory.ErrDirAlreadyExists, "move", p("pt"), p("a"), `directory: move ("pt") to ("a"): the destination directory already exists. Remove it first`)
	_, err = dl.Move(s, p("a", "b"), p("zz", "b"))
	wantErr(t, err, directory.ErrParentDirDoesNotExist, "move", p("a", "b"), p("zz", "b"),
		`directory: move ("a", "b") to ("zz", "b"): the parent of the destination directory does not exist. Create it first`)
	_, err = dl.Move(s, p("pt", "y"), p("pt", "q", "y"))
	wantErr(t, err, directory.ErrMoveBetweenPartitions, "move", p("pt", "y"), p("pt", "q", "y"), "")
	_, err = dl.Move(s, p("a"), p("pt", "a"))
	wantErr(t, err, directory.ErrMoveBetweenPartitions, "move", p("a"), p("pt", "a"), "")

	// MoveTo outside the directory's partition, by a path shorter than
	// the partition's (the official Go panics there).
	y, err := dl.Open(s, p("pt", "y"), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = y.MoveTo(s, p("z"))
	wantErr(t, err, directory.ErrMoveBetweenPartitions, "move", p("pt", "y"), p("z"), `directory: move ("pt", "y") to ("z"): cannot move between partitions`)
	_, err = y.MoveTo(s, nil)
	wantErr(t, err, directory.ErrMoveBetweenPartitions, "move", p("pt", "y"), nil, "")

	// Manual prefixes.
	_, err = dl.CreatePrefix(s, p("m"), nil, []byte{0x70})
	wantErr(t, err, directory.ErrManualPrefixes, "create", p("m"), nil,
		`directory: create ("m"): cannot specify a prefix unless manual prefixes are enabled`)
	pt, err := dl.Open(s, p("pt"), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = pt.CreatePrefix(s, p("m"), nil, []byte{0x70})
	wantErr(t, err, directory.ErrManualPrefixes, "create", p("pt", "m"), nil, `directory: create ("pt", "m"): cannot specify a prefix in a partition`)

	// Names.
	_, err = dl.Create(s, p("ok", "\xff"), nil)
	wantErr(t, err, directory.ErrInvalidName, "create", p("ok", "\xff"), nil, "")
	_, err = a.Move(s, p("b"), p("\xc3"))
	wantErr(t, err, directory.ErrInvalidName, "move", p("a", "b"), p("a", "\xc3"), "")
	_, err = directory.ListPage(s, dl, nil, "\xff", 3)
	wantErr(t, err, directory.ErrInvalidArgument, "list page", nil, nil, "")
	_, err = directory.ListPage(s, dl, nil, "", 0)
	wantErr(t, err, directory.ErrInvalidArgument, "list page", nil, nil, "")

	// Errors through a directory name absolute paths.
	_, err = a.Open(s, p("zz"), nil)
	wantErr(t, err, directory.ErrDirNotExists, "open", p("a", "zz"), nil, "")
	_, err = a.List(s, p("zz"))
	wantErr(t, err, directory.ErrDirNotExists, "list", p("a", "zz"), nil, "")
	_, err = pt.Open(s, p("zz"), nil)
	wantErr(t, err, directory.ErrDirNotExists, "open", p("pt", "zz"), nil, "")
	_, err = pt.Open(s, nil, nil)
	wantErr(t, err, directory.ErrRootDirectory, "open", p("pt"), nil, "")

	// A Directory that is not this package's.
	_, err = directory.ListPage(s, foreign{}, nil, "", 3)
	wantErr(t, err, directory.ErrInvalidArgument, "list page", nil, nil, "")
	_, err = directory.Check(s, a)
	wantErr(t, err, directory.ErrInvalidArgument, "check", nil, nil, "")
}

// foreign is a Directory of another package.
type foreign struct{ directory.Directory }

// TestPartitionRootAsSubspace: the Subspace methods of a partition's root
// panic with an *Error wrapping ErrPartitionRoot where their signatures
// cannot return an error, and return it where they can.
func TestPartitionRootAsSubspace(t *testing.T) {
	s, dl := newDefault(t, false)
	pt, err := dl.Create(s, []string{"pt"}, []byte("partition"))
	if err != nil {
		t.Fatal(err)
	}
	if !directory.IsPartition(pt) {
		t.Fatal("IsPartition(pt) = false")
	}
	if d, _ := dl.Create(s, []string{"d"}, nil); directory.IsPartition(d) || directory.IsPartition(dl) {
		t.Error("IsPartition true for a directory or a layer")
	}
	for name, f := range map[string]func(){
		"Sub":                  func() { pt.Sub("x") },
		"Bytes":                func() { pt.Bytes() },
		"Pack":                 func() { pt.Pack(nil) },
		"Contains":             func() { pt.Contains(fdb.Key("x")) },
		"FDBKey":               func() { pt.FDBKey() },
		"FDBRangeKeys":         func() { pt.FDBRangeKeys() },
		"FDBRangeKeySelectors": func() { pt.FDBRangeKeySelectors() },
	} {
		func() {
			defer func() {
				r := recover()
				err, _ := r.(error)
				if !errors.Is(err, directory.ErrPartitionRoot) {
					t.Errorf("%s: panic %v, want an error wrapping ErrPartitionRoot", name, r)
				}
			}()
			f()
		}()
	}
	if _, err := pt.Unpack(fdb.Key("x")); !errors.Is(err, directory.ErrPartitionRoot) {
		t.Errorf("Unpack: %v", err)
	}
	if _, err := pt.PackWithVersionstamp(nil); !errors.Is(err, directory.ErrPartitionRoot) {
		t.Errorf("PackWithVersionstamp: %v", err)
	}
	if got := pt.(interface{ String() string }).String(); !strings.HasPrefix(got, `DirectoryPartition((pt), \x15`) {
		t.Errorf("String() = %s", got)
	}
}

// TestNonStringNameReadBack: an entry whose name is not a string (Java
// writes a null name as 00) is an error naming the key for List and
// ListPage, where the official Go panics, and a finding of Check; the
// other names are still reachable by Open.
func TestNonStringNameReadBack(t *testing.T) {
	s := newStore()
	dl := defaultLayer(script(t, 5, 6), false)
	if _, err := dl.Create(s, []string{"a"}, nil); err != nil {
		t.Fatal(err)
	}
	nullEntry := fdb.Key("\xFE\x01\xFE\x00\x14\x00")
	setKey(t, s, nullEntry, []byte{0x15, 0x06})
	setKey(t, s, fdb.Key("\xFE\x01\x15\x06\x00\x01layer\x00"), []byte{})
	_, err := dl.List(s, nil)
	wantErr(t, err, directory.ErrInvalidMetadata, "list", nil, nil, "")
	var e *directory.Error
	if errors.As(err, &e) && string(e.Key) != string(nullEntry) {
		t.Errorf("the error names key %X, want %X", e.Key, nullEntry)
	}
	_, err = directory.ListPage(s, dl, nil, "", 10)
	wantErr(t, err, directory.ErrInvalidMetadata, "list page", nil, nil, "")
	if _, err := dl.Open(s, []string{"a"}, nil); err != nil {
		t.Errorf("Open(a): %v", err)
	}
	findings, err := directory.Check(s, dl)
	if err != nil || len(findings) != 1 || findings[0].Problem != directory.ProblemName || string(findings[0].Key) != string(nullEntry) {
		t.Errorf("Check: %v, %v; want one bad name at %X", findings, err, nullEntry)
	}
}
