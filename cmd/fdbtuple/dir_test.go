package main

import (
	"bytes"
	"crypto/sha256"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// scriptedDraws is the allocator's random source of the test trees: it
// serves the offsets given, in order, so that every prefix is known. In
// the first window, [0, 64), the offset c is the candidate c, whose
// prefix is the packed integer: 14 for 0, 15 c for 1 to 63.
type scriptedDraws struct {
	t    testing.TB
	next []int64
}

func (d *scriptedDraws) rand(n int64) int64 {
	if len(d.next) == 0 {
		d.t.Fatalf("an allocation with no scripted draw left (window %d)", n)
	}
	v := d.next[0]
	d.next = d.next[1:]
	return v
}

// dirTreeDraws and buildDirTree make the test tree, on the default
// layer's keys (node subspace FE, contents anywhere):
//
//	Create(("dynodb", "orders"), "partition")  deepest first: orders draws
//	                                           18 = 15 12, dynodb 5 = 15 05
//	Create(("dynodb", "orders", "i"))          in orders' own layer: 2, so
//	                                           15 12 | 15 02
//	Create(("dynodb", "orders", "m"))          0: 15 12 | 14
//	Create(("dynodb", "a/b"))                  7 = 15 07
//	Create(("",))                              9 = 15 09
//	Create(("café",), "x")                     10 = 15 0a
//
// and three keys of data in i.
var dirTreeDraws = []int64{18, 5, 2, 0, 7, 9, 10}

func buildDirTree(t testing.TB, db fdb.Transactor) {
	t.Helper()
	draws := &scriptedDraws{t: t, next: dirTreeDraws}
	dl := directory.NewDirectoryLayerWith(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(), directory.Options{Rand: draws.rand})
	creates := []struct {
		path  []string
		layer string
	}{
		{[]string{"dynodb", "orders"}, "partition"},
		{[]string{"dynodb", "orders", "i"}, ""},
		{[]string{"dynodb", "orders", "m"}, ""},
		{[]string{"dynodb", "a/b"}, ""},
		{[]string{""}, ""},
		{[]string{"café"}, "x"},
	}
	for _, c := range creates {
		var layer []byte
		if c.layer != "" {
			layer = []byte(c.layer)
		}
		d, err := dl.Create(db, c.path, layer)
		if err != nil {
			t.Fatalf("create %q: %v", c.path, err)
		}
		if c.path[len(c.path)-1] == "i" {
			_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
				for k := range 3 {
					if err := tr.Set(d.Pack(tuple.Tuple{"item", int64(k)}), []byte("v")); err != nil {
						return nil, err
					}
				}
				return nil, nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(draws.next) > 0 {
		t.Fatalf("draws left unused: %v", draws.next)
	}
}

// boltFixture writes the test tree into a new bbolt file, in bucket
// (boltstore's default if empty), then changes it with plant, if any
// (raw writes, to corrupt it), and returns the file's path.
func boltFixture(t testing.TB, bucket string, plant func(tr fdb.Transaction) error) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "app.db")
	db, err := boltstore.Open(path, &boltstore.Options{Bucket: bucket})
	if err != nil {
		t.Fatal(err)
	}
	buildDirTree(t, db)
	if plant != nil {
		if _, err := db.Transact(func(tr fdb.Transaction) (any, error) { return nil, plant(tr) }); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// The test tree as tree prints it: the prefixes are those of
// buildDirTree's draws, names in UTF-8 byte order ("" < "café" <
// "dynodb", "a/b" < "orders"), each level indented by two spaces.
const dirTreeOutput = "" +
	`NAME        KIND       PREFIX    PRINTABLE         LAYER` + "\n" +
	`""          dir        1509      \x15\x09          b""` + "\n" +
	`"café"      dir        150a      \x15\x0a          b"x"` + "\n" +
	`"dynodb"    dir        1505      \x15\x05          b""` + "\n" +
	`  "a/b"     dir        1507      \x15\x07          b""` + "\n" +
	`  "orders"  partition  1512      \x15\x12          b"partition"` + "\n" +
	`    "i"     dir        15121502  \x15\x12\x15\x02  b""` + "\n" +
	`    "m"     dir        151214    \x15\x12\x14      b""` + "\n"

// TestDirGolden: ls, tree and check over the test tree in a bbolt file,
// and the errors of each way of calling them wrongly.
func TestDirGolden(t *testing.T) {
	db := boltFixture(t, "", nil)
	kv := boltFixture(t, "kv", nil)
	tests := []golden{
		{name: "tree", args: []string{"dir", "tree", "-bolt", db}, stdout: dirTreeOutput},
		{name: "tree -l", args: []string{"dir", "tree", "-l", "-bolt", db}, stdout: "" +
			// DIRS: the subdirectories; KEYS: the keys under the prefix:
			// for orders, its layer's metadata (the layer keys of i and
			// m, their two entries, the version, the allocator's counter
			// and two recent candidates: 8) and i's 3 items.
			`NAME        KIND       PREFIX    PRINTABLE         LAYER         DIRS  KEYS` + "\n" +
			`""          dir        1509      \x15\x09          b""           0     0` + "\n" +
			`"café"      dir        150a      \x15\x0a          b"x"          0     0` + "\n" +
			`"dynodb"    dir        1505      \x15\x05          b""           2     0` + "\n" +
			`  "a/b"     dir        1507      \x15\x07          b""           0     0` + "\n" +
			`  "orders"  partition  1512      \x15\x12          b"partition"  2     11` + "\n" +
			`    "i"     dir        15121502  \x15\x12\x15\x02  b""           0     3` + "\n" +
			`    "m"     dir        151214    \x15\x12\x14      b""           0     0` + "\n"},
		{name: "tree below a path", args: []string{"dir", "tree", "-bolt", db, "dynodb"}, stdout: "" +
			`NAME      KIND       PREFIX    PRINTABLE         LAYER` + "\n" +
			`"a/b"     dir        1507      \x15\x07          b""` + "\n" +
			`"orders"  partition  1512      \x15\x12          b"partition"` + "\n" +
			`  "i"     dir        15121502  \x15\x12\x15\x02  b""` + "\n" +
			`  "m"     dir        151214    \x15\x12\x14      b""` + "\n"},
		{name: "ls of the root", args: []string{"dir", "ls", "-bolt", db}, stdout: "" +
			`NAME      KIND  PREFIX  PRINTABLE  LAYER` + "\n" +
			`""        dir   1509    \x15\x09   b""` + "\n" +
			`"café"    dir   150a    \x15\x0a   b"x"` + "\n" +
			`"dynodb"  dir   1505    \x15\x05   b""` + "\n"},
		{name: "ls inside a partition, by names", args: []string{"dir", "ls", "-bolt", db, "dynodb", "orders"}, stdout: "" +
			`NAME  KIND  PREFIX    PRINTABLE         LAYER` + "\n" +
			`"i"   dir   15121502  \x15\x12\x15\x02  b""` + "\n" +
			`"m"   dir   151214    \x15\x12\x14      b""` + "\n"},
		{name: "ls by -path", args: []string{"dir", "ls", "-bolt", db, "-path", `("dynodb", "orders")`}, stdout: "" +
			`NAME  KIND  PREFIX    PRINTABLE         LAYER` + "\n" +
			`"i"   dir   15121502  \x15\x12\x15\x02  b""` + "\n" +
			`"m"   dir   151214    \x15\x12\x14      b""` + "\n"},
		{name: "ls -l", args: []string{"dir", "ls", "-l", "-bolt", db, "dynodb"}, stdout: "" +
			`NAME      KIND       PREFIX  PRINTABLE  LAYER         DIRS  KEYS` + "\n" +
			`"a/b"     dir        1507    \x15\x07   b""           0     0` + "\n" +
			`"orders"  partition  1512    \x15\x12   b"partition"  2     11` + "\n"},
		{name: "ls of a path as check prints it (one name, no comma)", args: []string{"dir", "ls", "-bolt", db, "-path", `("dynodb")`}, stdout: "" +
			`NAME      KIND       PREFIX  PRINTABLE  LAYER` + "\n" +
			`"a/b"     dir        1507    \x15\x07   b""` + "\n" +
			`"orders"  partition  1512    \x15\x12   b"partition"` + "\n"},
		{name: "a name with a slash is one name", args: []string{"dir", "ls", "-bolt", db, "dynodb", "a/b"}},
		{name: "a/b is not a path of two", args: []string{"dir", "ls", "-bolt", db, "dynodb/a/b"}, code: 1,
			stderr: `fdbtuple dir: directory: open ("dynodb/a/b"): the directory does not exist`},
		{name: "the empty name", args: []string{"dir", "ls", "-bolt", db, ""}},
		{name: "the empty name by -path", args: []string{"dir", "ls", "-bolt", db, "-path", `("",)`}},
		{name: "a non-ASCII name", args: []string{"dir", "ls", "-bolt", db, "café"}},
		{name: "a non-ASCII name, escaped", args: []string{"dir", "ls", "-bolt", db, "-path", `("caf\u00e9",)`}},
		{name: "NFD is another name", args: []string{"dir", "ls", "-bolt", db, "cafe\u0301"}, code: 1,
			stderr: `fdbtuple dir: directory: open ("cafe\u0301"): the directory does not exist`},
		{name: "a path under a missing directory", args: []string{"dir", "tree", "-bolt", db, "dynodb", "nope", "x"}, code: 1,
			stderr: `directory: open ("dynodb", "nope"): the directory does not exist`},
		{name: "another bucket", args: []string{"dir", "ls", "-bolt", kv, "-bucket", "kv", "dynodb", "orders"}, stdout: "" +
			`NAME  KIND  PREFIX    PRINTABLE         LAYER` + "\n" +
			`"i"   dir   15121502  \x15\x12\x15\x02  b""` + "\n" +
			`"m"   dir   151214    \x15\x12\x14      b""` + "\n"},
		{name: "the wrong bucket", args: []string{"dir", "ls", "-bolt", kv}, code: 1,
			stderr: `the read-only database has no bucket "fdb"; the file's buckets are "kv": name one with -bucket`},
		{name: "check, clean", args: []string{"dir", "check", "-bolt", db}, stdout: "" +
			// The root layer holds 5 directories ("", café, dynodb, a/b,
			// orders), orders 2; each allocator drew once per directory.
			`layer (): 5 directories, 1 partition; version 1.0.0; allocator window [0, 64): counter 5, 5 recent candidates` + "\n" +
			`layer ("dynodb", "orders") (partition 1512): 2 directories, 0 partitions; version 1.0.0; allocator window [0, 64): counter 2, 2 recent candidates` + "\n" +
			"no problems\n"},

		// usage
		{name: "no subcommand", args: []string{"dir"}, code: 2, stderr: "missing the subcommand"},
		{name: "unknown subcommand", args: []string{"dir", "rm", "-bolt", db}, code: 2, stderr: `dir knows ls, tree, check and dump, not "rm"`},
		{name: "no store", args: []string{"dir", "ls"}, code: 2, stderr: "name the store: -bolt FILE"},
		{name: "two stores", args: []string{"dir", "ls", "-bolt", db, "-dump", "-"}, code: 2, stderr: "not both"},
		{name: "a path to check", args: []string{"dir", "check", "-bolt", db, "dynodb"}, code: 2, stderr: "check takes no PATH"},
		{name: "-l to check", args: []string{"dir", "check", "-l", "-bolt", db}, code: 2, stderr: "-l goes with ls and tree"},
		{name: "names and -path", args: []string{"dir", "ls", "-bolt", db, "-path", `("a",)`, "b"}, code: 2, stderr: "not both"},
		{name: "-path not strings", args: []string{"dir", "ls", "-bolt", db, "-path", `("a", 1)`}, code: 2, stderr: "-path: element 1 is (1,), not a string"},
		{name: "-path not a tuple", args: []string{"dir", "ls", "-bolt", db, "-path", `a/b`}, code: 2, stderr: "-path: "},
		{name: "-bucket with a dump", args: []string{"dir", "ls", "-dump", "-", "-bucket", "kv"}, code: 2, stderr: "-bucket goes with -bolt"},
		{name: "-node to dump", args: []string{"dir", "dump", "-bolt", db, "-node", "fe"}, code: 2, stderr: "do not apply"},
		{name: "a missing file", args: []string{"dir", "ls", "-bolt", db + ".none"}, code: 1, stderr: "no such file"},
		{name: "an empty file", args: []string{"dir", "ls", "-bolt", os.DevNull}, code: 1, stderr: "is empty, not a bbolt file"},
	}
	for _, g := range tests {
		g.run(t)
	}
}

// TestDirReadOnly: no subcommand changes the file, and each works on a
// file that cannot be written; a file a writer holds open is refused
// with the reason, within bbolt's lock timeout.
func TestDirReadOnly(t *testing.T) {
	db := boltFixture(t, "", nil)
	before, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(db, 0o444); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"ls", "tree", "check", "dump"} {
		out, err := exec.Command(binary, "dir", sub, "-bolt", db).CombinedOutput()
		if err != nil {
			t.Errorf("dir %s on a read-only file: %v\n%s", sub, err, out)
		}
	}
	after, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	if sha256.Sum256(before) != sha256.Sum256(after) {
		t.Errorf("the file changed")
	}
	if err := os.Chmod(db, 0o644); err != nil {
		t.Fatal(err)
	}
	writer, err := boltstore.Open(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer writer.Close()
	golden{name: "a file open for writing", args: []string{"dir", "ls", "-bolt", db}, code: 1,
		stderr: "another process holds the file open for writing"}.run(t)
}

// The keys of the test tree's metadata that the planted corruptions
// change (layout notes 1.1-1.4): the root node FE 01 FE 00, a
// directory's node FE 01 <prefix> 00, its layer key under 01 "layer" 00,
// its entries under 14 02 <name> 00.
const (
	rootNodeKey = "\xFE\x01\xFE\x00"
	versionKey  = rootNodeKey + "\x01version\x00"
	dynodbNode  = "\xFE\x01\x15\x05\x00"
)

// TestDirCheckPlanted: check reports each planted corruption on one line
// with the problem, the path and the key at fault, then the summary, and
// exits with status 1.
func TestDirCheckPlanted(t *testing.T) {
	set := func(kvs ...string) func(tr fdb.Transaction) error {
		return func(tr fdb.Transaction) error {
			for i := 0; i < len(kvs); i += 2 {
				if err := tr.Set(fdb.Key(kvs[i]), []byte(kvs[i+1])); err != nil {
					return err
				}
			}
			return nil
		}
	}
	cases := []struct {
		name  string
		plant func(tr fdb.Transaction) error
		lines []string // the finding lines, each a prefix and a suffix
	}{
		{"a dangling entry", set(rootNodeKey+"\x14\x02ghost\x00", "\x15\x30"),
			[]string{`dangling entry: ("ghost"): `, ` (key \xfe\x01\xfe\x00\x14\x02ghost\x00)`}},
		{"an orphan node", set("\xFE\x01\x15\x31\x00\x01layer\x00", ""),
			[]string{`orphan node: (): `, ` (key \xfe\x01\x151\x00\x01layer\x00)`}},
		{"prefixes that are not prefix-free", set(dynodbNode+"\x14\x02inner\x00", "\x15\x05\x01", "\xFE\x01\x15\x05\x01\x00\x01layer\x00", ""),
			[]string{`prefix: ("dynodb", "inner"): `, ` (key \xfe\x01\x15\x05\x00\x14\x02inner\x00)`}},
		{"a version of 2.0.0", set(versionKey, "\x02\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"),
			[]string{`version: (): `, ` (key \xfe\x01\xfe\x00\x01version\x00)`}},
	}
	for _, c := range cases {
		db := boltFixture(t, "", c.plant)
		out, stderr, code := runBinary(t, "dir", "check", "-bolt", db)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != exitData || !strings.Contains(stderr, "fdbtuple dir: check found 1 problem\n") {
			t.Errorf("%s: exit %d, stderr %q", c.name, code, stderr)
		}
		if len(lines) < 2 || !strings.HasPrefix(lines[0], c.lines[0]) || !strings.HasSuffix(lines[0], c.lines[1]) {
			t.Errorf("%s: the finding is not on the first line, with its path and key:\n%s", c.name, out)
		}
		if !strings.HasPrefix(lines[1], "layer (): ") || strings.Contains(out, "no problems") {
			t.Errorf("%s: no summary after the finding, or it says no problems:\n%s", c.name, out)
		}
	}
}

// TestDirSharedNode: an entry that names its own ancestor (a corrupt
// tree with a cycle) is shown once, not descended into, and tree ends;
// its row says what check finds there. The dangling entry's row too.
func TestDirSharedNode(t *testing.T) {
	db := boltFixture(t, "", func(tr fdb.Transaction) error {
		if err := tr.Set(fdb.Key(dynodbNode+"\x14\x02ghost\x00"), []byte("\x15\x30")); err != nil {
			return err
		}
		return tr.Set(fdb.Key(dynodbNode+"\x14\x02loop\x00"), []byte("\x15\x05"))
	})
	out, stderr, code := runBinary(t, "dir", "tree", "-bolt", db, "dynodb")
	want := "" +
		`NAME      KIND       PREFIX    PRINTABLE         LAYER` + "\n" +
		`"a/b"     dir        1507      \x15\x07          b""` + "\n" +
		`"ghost"   dir        1530      \x150             b""  dir check finds: dangling entry` + "\n" +
		`"loop"    dir        1505      \x15\x05          b""  dir check finds: shared node; the node of ("dynodb"), listed above: not descended` + "\n" +
		`"orders"  partition  1512      \x15\x12          b"partition"` + "\n" +
		`  "i"     dir        15121502  \x15\x12\x15\x02  b""` + "\n" +
		`  "m"     dir        151214    \x15\x12\x14      b""` + "\n"
	if code != 0 || out != want {
		t.Errorf("tree of a cycle: exit %d, stderr %q\n got:\n%s\nwant:\n%s", code, stderr, out, want)
	}
}

// runBinary runs the built command and returns its standard output and
// error and its exit status.
func runBinary(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), code
}

// TestDirLayoutVectors: fdb/directory's annotated layout vectors are
// dumps, and tree and check show in them what their comments say (the
// prefixes of the official Java layer's runs, layout notes 1.1-1.7).
func TestDirLayoutVectors(t *testing.T) {
	vector := func(name string) string { return filepath.Join("..", "..", "fdb", "directory", "testdata", name) }
	tests := []golden{
		// partitions.txt: p = 15 1A, a partition; in it x = 15 1A | 15 1A
		// and the partition q = 15 1A | 15 0D; in q, r = 15 1A 15 0D | 15 02.
		{name: "partitions", args: []string{"dir", "tree", "-dump", vector("partitions.txt")}, stdout: "" +
			`NAME     KIND       PREFIX        PRINTABLE                 LAYER` + "\n" +
			`"p"      partition  151a          \x15\x1a                  b"partition"` + "\n" +
			`  "q"    partition  151a150d      \x15\x1a\x15\x0d          b"partition"` + "\n" +
			`    "r"  dir        151a150d1502  \x15\x1a\x15\x0d\x15\x02  b""` + "\n" +
			`  "x"    dir        151a151a      \x15\x1a\x15\x1a          b""` + "\n"},
		{name: "partitions, check", args: []string{"dir", "check", "-dump", vector("partitions.txt")}, stdout: "" +
			`layer (): 1 directory, 1 partition; version 1.0.0; allocator window [0, 64): counter 1, 1 recent candidate` + "\n" +
			`layer ("p") (partition 151a): 2 directories, 1 partition; version 1.0.0; allocator window [0, 64): counter 2, 2 recent candidates` + "\n" +
			`layer ("p", "q") (partition 151a150d): 1 directory, 0 partitions; version 1.0.0; allocator window [0, 64): counter 1, 1 recent candidate` + "\n" +
			"no problems\n"},
		// create-uvw.txt: w = 15 15 with layer "L", v = 15 2A, u = 15 3D.
		{name: "create u v w", args: []string{"dir", "tree", "-dump", vector("create-uvw.txt")}, stdout: "" +
			`NAME     KIND  PREFIX  PRINTABLE  LAYER` + "\n" +
			`"u"      dir   153d    \x15=      b""` + "\n" +
			`  "v"    dir   152a    \x15*      b""` + "\n" +
			`    "w"  dir   1515    \x15\x15   b"L"` + "\n"},
		// custom-subspaces.txt: node subspace ("dirs",), content ("data",);
		// x = 02 64 61 74 61 00 | 15 02.
		{name: "custom subspaces", args: []string{"dir", "ls", "-dump", vector("custom-subspaces.txt"), "-node", `("dirs",)`, "-content", `("data",)`}, stdout: "" +
			`NAME  KIND  PREFIX            PRINTABLE             LAYER` + "\n" +
			`"x"   dir   0264617461001502  \x02data\x00\x15\x02  b""` + "\n"},
		{name: "custom subspaces, node in hex", args: []string{"dir", "check", "-dump", vector("custom-subspaces.txt"), "-node", "02 64 69 72 73 00", "-content", `\x02data\x00`}, stdout: "" +
			`layer (): 1 directory, 0 partitions; version 1.0.0; allocator window [0, 64): counter 1, 1 recent candidate` + "\n" +
			"no problems\n"},
		{name: "custom subspaces, without -node", args: []string{"dir", "ls", "-dump", vector("custom-subspaces.txt")},
			stderr: "no directory layer here: no key under the node subspace fe; a layer made with its own subspaces needs -node and -content"},
		{name: "custom subspaces, check without -node", args: []string{"dir", "check", "-dump", vector("custom-subspaces.txt")}, stdout: "" +
			`layer (): no key under the node subspace fe (a layer made with its own subspaces needs -node and -content)` + "\n" +
			"no problems\n"},
		// manual-prefixes.txt: a = 15 2E (allocated), b = 70 and c = 6F 00
		// (manual, in the content subspace, which is every key).
		{name: "manual prefixes", args: []string{"dir", "tree", "-manual", "-dump", vector("manual-prefixes.txt")}, stdout: "" +
			`NAME  KIND  PREFIX  PRINTABLE  LAYER` + "\n" +
			`"a"   dir   152e    \x15.      b""` + "\n" +
			`"b"   dir   70      p          b""` + "\n" +
			`"c"   dir   6f00    o\x00      b""` + "\n"},
		// window-advance.txt: 32 creates, the last in the window [64, 128),
		// whose counter is 1 and recent candidate 120 (d31 = 15 78).
		{name: "window advance", args: []string{"dir", "check", "-dump", vector("window-advance.txt")}, stdout: "" +
			`layer (): 32 directories, 0 partitions; version 1.0.0; allocator window [64, 128): counter 1, 1 recent candidate` + "\n" +
			"no problems\n"},
	}
	for _, g := range tests {
		g.run(t)
	}
}

// TestDirDamagedRows: an entry whose name is not a string (a null name,
// which Java can write) is a row of its own, in key order, and the
// directories beside it are listed; tree exits 1, saying some could not
// be opened. A counter key that is not an integer leaves its layer's
// state unread in check's summary, which says why. A partition whose
// layer has version 2.0.0 is listed, with no count of its subdirectories,
// and a row says why its inside is not.
func TestDirDamagedRows(t *testing.T) {
	db := boltFixture(t, "", func(tr fdb.Transaction) error {
		if err := tr.Set(fdb.Key(rootNodeKey+"\x14\x00"), []byte("\x15\x30")); err != nil {
			return err
		}
		return tr.Set(fdb.Key(rootNodeKey+"\x01hca\x00\x14\x40"), []byte{1, 0, 0, 0, 0, 0, 0, 0})
	})
	out, stderr, code := runBinary(t, "dir", "tree", "-bolt", db)
	want := "" +
		`NAME        KIND       PREFIX    PRINTABLE         LAYER` + "\n" +
		`?           ?                                        directory: walk (): a subdirectory entry whose name is not a valid UTF-8 string (key \xfe\x01\xfe\x00\x14\x00)` + "\n" +
		`""          dir        1509      \x15\x09          b""` + "\n" +
		`"café"      dir        150a      \x15\x0a          b"x"` + "\n" +
		`"dynodb"    dir        1505      \x15\x05          b""` + "\n" +
		`  "a/b"     dir        1507      \x15\x07          b""` + "\n" +
		`  "orders"  partition  1512      \x15\x12          b"partition"` + "\n" +
		`    "i"     dir        15121502  \x15\x12\x15\x02  b""` + "\n" +
		`    "m"     dir        151214    \x15\x12\x14      b""` + "\n"
	if code != exitData || out != want || !strings.Contains(stderr, "1 directory could not be opened") {
		t.Errorf("tree with a null name: exit %d, stderr %q\n got:\n%s\nwant:\n%s", code, stderr, out, want)
	}
	out, _, code = runBinary(t, "dir", "check", "-bolt", db)
	if code != exitData || !strings.Contains(out, "\nlayer (): 5 directories, 1 partition; not all listed (directory: walk (): a subdirectory entry whose name is not a valid UTF-8 string (key \\xfe\\x01\\xfe\\x00\\x14\\x00)); state not read (directory: layer state (): an allocator counter key that is not one integer (key \\xfe\\x01\\xfe\\x00\\x01hca\\x00\\x14@))\n") ||
		!strings.Contains(out, "\nlayer (\"dynodb\", \"orders\") (partition 1512): 2 directories, 0 partitions; version 1.0.0; allocator window [0, 64): counter 2, 2 recent candidates\n") {
		t.Errorf("check with a null name and a bad counter key: exit %d\n%s", code, out)
	}
}

// TestDirDamagedPartition: see TestDirDamagedRows.
func TestDirDamagedPartition(t *testing.T) {
	db := boltFixture(t, "", func(tr fdb.Transaction) error {
		return tr.Set(fdb.Key("\x15\x12\xFE\x01\x15\x12\xFE\x00\x01version\x00"), []byte{2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	})
	out, _, code := runBinary(t, "dir", "tree", "-l", "-bolt", db, "dynodb")
	want := "" +
		`NAME      KIND       PREFIX  PRINTABLE  LAYER         DIRS  KEYS` + "\n" +
		`"a/b"     dir        1507    \x15\x07   b""           0     0` + "\n" +
		`"orders"  partition  1512    \x15\x12   b"partition"  ?     11  dir check finds: version` + "\n" +
		`  ?       ?                                                     directory: walk ("dynodb", "orders"): cannot load directory with version 2.0.0 using directory layer 1.0.0` + "\n"
	if code != exitData || out != want {
		t.Errorf("tree -l of a partition of version 2.0.0: exit %d\n got:\n%s\nwant:\n%s", code, out, want)
	}
}
