package main

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/tuple"
	"pgregory.net/rapid"
)

// runIn runs the command in this process, as the built binary would run,
// and returns its standard output and error and its exit status.
func runIn(stdin string, args ...string) (stdout, stderr string, code int) {
	var out, errOut bytes.Buffer
	code = run(&env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errOut}, args)
	return out.String(), errOut.String(), code
}

// dirNames are names that collide and that a path notation can get
// wrong: empty, a slash, spaces, quotes, escapes, a 00 byte, a newline,
// a leading dash, NFC and NFD forms, non-BMP.
var dirNames = []string{"a", "b", "", "/", "a/b", "a b", `"`, `\`, "\x00x", "\n", "-l", "--", "café", "cafe\u0301", "日本", "\U0001F600", "(", `("a",)`}

// randomTree creates directories at random paths on db, through the
// default layer with a random source drawn by rapid: layers "" (most),
// "partition" and "x"; some removed again.
func randomTree(t *rapid.T, db *memstore.DB) {
	dl := directory.Root()
	var made [][]string
	for i, n := 0, rapid.IntRange(1, 14).Draw(t, "creates"); i < n; i++ {
		var parent []string
		if len(made) > 0 && rapid.IntRange(0, 2).Draw(t, "below an existing one") > 0 {
			parent = rapid.SampledFrom(made).Draw(t, "parent")
		}
		path := append(slices.Clone(parent), rapid.SampledFrom(dirNames).Draw(t, "name"))
		layer := []byte(rapid.SampledFrom([]string{"", "", "", "partition", "x"}).Draw(t, "layer"))
		_, err := dl.Create(db, path, layer)
		switch {
		case err == nil:
			made = append(made, path)
		case !errors.Is(err, directory.ErrDirAlreadyExists):
			t.Fatalf("create %q: %v", path, err)
		}
		if len(made) > 1 && rapid.IntRange(0, 6).Draw(t, "remove one") == 0 {
			gone := rapid.SampledFrom(made).Draw(t, "removed")
			if _, err := dl.Remove(db, gone); err != nil {
				t.Fatalf("remove %q: %v", gone, err)
			}
			made = slices.DeleteFunc(made, func(p []string) bool { return hasPathPrefix(p, gone) })
		}
	}
}

func hasPathPrefix(p, prefix []string) bool {
	return len(p) >= len(prefix) && slices.Equal(p[:len(prefix)], prefix)
}

// dumpText writes the store as dir dump does, one pair a line.
func dumpText(db *memstore.DB) string {
	var b strings.Builder
	for _, kv := range db.Dump() {
		if err := dumpLine(&b, kv); err != nil {
			panic(err)
		}
	}
	return b.String()
}

// treeRow is one row of tree's output, read back.
type treeRow struct {
	depth  int
	name   string
	kind   string
	prefix []byte
	layer  []byte
	rest   string // the note, if any
}

// parseTreeRows reads the rows of tree's or ls's output.
func parseTreeRows(t *rapid.T, out string) []treeRow {
	if out == "" {
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "NAME") {
		t.Fatalf("no header:\n%s", out)
	}
	var rows []treeRow
	for _, line := range lines[1:] {
		r, err := parseRow(line)
		if err != nil {
			t.Fatalf("row %q: %v", line, err)
		}
		rows = append(rows, r)
	}
	return rows
}

// parseRow reads a row: the indentation, the Go-quoted name, the kind,
// the prefix in hex, then the printable prefix (checked against the hex)
// and the layer as b"...", and what follows.
func parseRow(line string) (treeRow, error) {
	var r treeRow
	s := strings.TrimLeft(line, " ")
	r.depth = (len(line) - len(s)) / 2
	q, err := strconv.QuotedPrefix(s)
	if err != nil {
		return r, fmt.Errorf("no quoted name: %v", err)
	}
	r.name, _ = strconv.Unquote(q)
	fields := strings.Fields(s[len(q):])
	if len(fields) < 3 {
		return r, fmt.Errorf("too few cells")
	}
	r.kind = fields[0]
	if r.prefix, err = hex.DecodeString(fields[1]); err != nil {
		return r, fmt.Errorf("prefix: %v", err)
	}
	s = strings.TrimLeft(s[len(q):], " ")
	s = strings.TrimLeft(s[len(r.kind):], " ")
	s = strings.TrimLeft(s[len(fields[1]):], " ")
	p := tuple.Printable(r.prefix)
	if !strings.HasPrefix(s, p) {
		return r, fmt.Errorf("the printable prefix is not %s, the hex one's", p)
	}
	if back, err := tuple.ParsePrintable(p); err != nil || !bytes.Equal(back, r.prefix) {
		return r, fmt.Errorf("the printable prefix %s does not read back", p)
	}
	s = strings.TrimLeft(s[len(p):], " ")
	if !strings.HasPrefix(s, `b"`) {
		return r, fmt.Errorf("no layer")
	}
	lq, err := strconv.QuotedPrefix(s[1:])
	if err != nil {
		return r, fmt.Errorf("layer: %v", err)
	}
	layer, _ := strconv.Unquote(lq)
	r.layer = []byte(layer)
	r.rest = strings.TrimSpace(s[1+len(lq):])
	return r, nil
}

// TestDirTreeProperty: on random trees of colliding names, tree's rows
// are the directories the layer's own List and Open give, in order, with
// their names (read back from the quoted form), layers, kinds and
// prefixes (a partition's is the prefix of its subdirectories', which
// add one integer); check finds nothing; and ls of each directory, by
// NAME arguments and by -path in directory.FormatPath's form (as this
// tool prints paths), lists what List lists.
func TestDirTreeProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		db := memstore.New(nil)
		randomTree(t, db)
		dump := dumpText(db)
		out, stderr, code := runIn(dump, "dir", "tree", "-dump", "-")
		if code != 0 {
			t.Fatalf("tree: exit %d: %s", code, stderr)
		}
		rows := parseTreeRows(t, out)

		wants := layerTree(t, db)
		if len(rows) != len(wants) {
			t.Fatalf("tree printed %d directories, the layer has %d:\n%s", len(rows), len(wants), out)
		}
		for i, w := range wants {
			r := rows[i]
			part := directory.IsPartition(w.dir)
			if r.depth != w.depth || r.name != w.path[len(w.path)-1] || !bytes.Equal(r.layer, w.dir.GetLayer()) ||
				(r.kind == "partition") != part || r.rest != "" {
				t.Fatalf("row %d is %+v, want %q with layer %q (partition %v)", i, r, w.path, w.dir.GetLayer(), part)
			}
			if !part && !bytes.Equal(r.prefix, w.dir.Bytes()) {
				t.Fatalf("%q: prefix %x, want %x", w.path, r.prefix, w.dir.Bytes())
			}
			if part {
				for _, c := range rows[i+1:] {
					if c.depth <= r.depth {
						break
					}
					if c.depth == r.depth+1 && !oneIntegerAfter(c.prefix, r.prefix) {
						t.Fatalf("%q: prefix %x of partition %x is not the partition's and one integer", c.name, c.prefix, r.prefix)
					}
				}
			}
		}

		if _, stderr, code := runIn(dump, "dir", "check", "-dump", "-"); code != 0 {
			t.Fatalf("check of a sound tree: exit %d: %s", code, stderr)
		}

		paths := [][]string{nil}
		for _, w := range wants {
			paths = append(paths, w.path)
		}
		path := rapid.SampledFrom(paths).Draw(t, "ls path")
		names, err := directory.Root().List(db, path)
		if err != nil {
			t.Fatal(err)
		}
		byNames, stderr, code := runIn(dump, append([]string{"dir", "ls", "-dump", "-", "--"}, path...)...)
		if code != 0 {
			t.Fatalf("ls %q: exit %d: %s", path, code, stderr)
		}
		var listed []string
		for _, r := range parseTreeRows(t, byNames) {
			listed = append(listed, r.name)
		}
		if !slices.Equal(listed, names) {
			t.Fatalf("ls %q lists %q, List %q", path, listed, names)
		}
		text := directory.FormatPath(path)
		byTuple, stderr, code := runIn(dump, "dir", "ls", "-dump", "-", "-path", text)
		if code != 0 || byTuple != byNames {
			t.Fatalf("ls -path %s: exit %d (%s), output\n%s\nls by names:\n%s", text, code, stderr, byTuple, byNames)
		}
	})
}

// layerDir is a directory as the layer's own List and Open give it.
type layerDir struct {
	depth int
	path  []string
	dir   directory.DirectorySubspace
}

// layerTree is every directory of the default layer, depth first in
// List's order.
func layerTree(t *rapid.T, db *memstore.DB) []layerDir {
	var dirs []layerDir
	var walk func(d directory.Directory, path []string, depth int)
	walk = func(d directory.Directory, path []string, depth int) {
		names, err := d.List(db, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			sub, err := d.Open(db, []string{name}, nil)
			if err != nil {
				t.Fatal(err)
			}
			p := append(slices.Clone(path), name)
			dirs = append(dirs, layerDir{depth, p, sub})
			walk(sub, p, depth+1)
		}
	}
	walk(directory.Root(), nil, 0)
	return dirs
}

// oneIntegerAfter reports whether p is prefix followed by one packed
// integer: what a partition's layer allocates.
func oneIntegerAfter(p, prefix []byte) bool {
	if !bytes.HasPrefix(p, prefix) {
		return false
	}
	t, err := tuple.Unpack(p[len(prefix):])
	if err != nil || len(t) != 1 {
		return false
	}
	_, isInt := t[0].(int64)
	return isInt
}

// TestDirCheckProperty: on random trees with one random change to their
// keys (a key removed, a value replaced, a key added under the node
// subspace), check prints exactly directory.Check's findings, one a line,
// and exits 1 if there are any and 0 if not; tree ends, whatever the
// damage (an entry naming its ancestor included), exits 0 or 1, and
// never panics.
func TestDirCheckProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		db := memstore.New(nil)
		randomTree(t, db)
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))
		change := fdb.KeyValue{Key: fdb.Key{0xFE, 0x01, 0xFE, 0x00, 0x14, 0x02, 'z', 0x00}, Value: randomBytes(rng)}
		if loop, ok := loopEntry(t, db); ok && rapid.IntRange(0, 3).Draw(t, "a loop") == 0 {
			change = loop
		} else if pairs := db.Dump(); len(pairs) > 0 {
			victim := pairs[rapid.IntRange(0, len(pairs)-1).Draw(t, "victim")]
			switch rapid.IntRange(0, 2).Draw(t, "change") {
			case 0:
				change = fdb.KeyValue{Key: victim.Key} // nil: removed
			case 1:
				change = fdb.KeyValue{Key: victim.Key, Value: pickValue(t, rng, pairs)}
			}
		}
		_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
			if change.Value == nil {
				return nil, tr.Clear(change.Key)
			}
			return nil, tr.Set(change.Key, change.Value)
		})
		if err != nil {
			t.Fatal(err)
		}
		findings, err := directory.Check(db, directory.Root())
		if err != nil {
			t.Fatal(err)
		}
		dump := dumpText(db)
		out, stderr, code := runIn(dump, "dir", "check", "-dump", "-")
		lines := strings.Split(out, "\n")
		if len(lines) < len(findings) {
			t.Fatalf("check printed %d lines for %d findings:\n%s", len(lines), len(findings), out)
		}
		for i, f := range findings {
			if lines[i] != f.String() {
				t.Fatalf("line %d is %q, the finding %q", i+1, lines[i], f.String())
			}
		}
		if wantCode := min(len(findings), 1); code != wantCode || (code == 1) != strings.Contains(stderr, fmt.Sprintf("check found %d problem", len(findings))) {
			t.Fatalf("check: exit %d with %d findings, stderr %q", code, len(findings), stderr)
		}
		if strings.Contains(lines[len(findings)], "problem") || !strings.HasPrefix(lines[len(findings)], "layer (): ") {
			t.Fatalf("no summary after the findings:\n%s", out)
		}
		type result struct {
			stderr string
			code   int
		}
		done := make(chan result, 1)
		go func() {
			_, stderr, code := runIn(dump, "dir", "tree", "-dump", "-")
			done <- result{stderr, code}
		}()
		select {
		case r := <-done:
			if r.code > 1 {
				t.Fatalf("tree of a damaged tree: exit %d: %s", r.code, r.stderr)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("tree of a damaged tree did not end within 10 s")
		}
	})
}

// loopEntry returns a change that makes a subdirectory entry name the
// node of its own directory or of an ancestor in the same layer: a cycle.
// It creates the subdirectory "loop" of a random directory D through the
// layer, finds the entry that names it (the pair whose value is its
// prefix), and points it at D or one of D's ancestors.
func loopEntry(t *rapid.T, db *memstore.DB) (fdb.KeyValue, bool) {
	all := layerTree(t, db)
	byPath := map[string]layerDir{}
	var plain []layerDir
	for _, d := range all {
		byPath[directory.FormatPath(d.path)] = d
		if !directory.IsPartition(d.dir) {
			plain = append(plain, d)
		}
	}
	if len(plain) == 0 {
		return fdb.KeyValue{}, false
	}
	d := rapid.SampledFrom(plain).Draw(t, "loop's directory")
	// d and its ancestors up to the nearest partition: the directories of
	// d's layer that lie above the new entry.
	targets := [][]byte{d.dir.Bytes()}
	for n := len(d.path) - 1; n >= 1; n-- {
		a := byPath[directory.FormatPath(d.path[:n])]
		if directory.IsPartition(a.dir) {
			break
		}
		targets = append(targets, a.dir.Bytes())
	}
	target := rapid.SampledFrom(targets).Draw(t, "loop's target")
	loop, err := d.dir.Create(db, []string{"loop"}, nil)
	if err != nil {
		return fdb.KeyValue{}, false // d has a subdirectory named loop already
	}
	for _, kv := range db.Dump() {
		if bytes.Equal(kv.Value, loop.Bytes()) {
			return fdb.KeyValue{Key: kv.Key, Value: target}, true
		}
	}
	t.Fatalf("no entry names %x", loop.Bytes())
	return fdb.KeyValue{}, false
}

// pickValue is a replacement value: often another stored value (a prefix
// another entry names: a shared node, a loop), else random bytes.
func pickValue(t *rapid.T, rng *rand.Rand, pairs []fdb.KeyValue) []byte {
	if rapid.Bool().Draw(t, "another pair's value") {
		return slices.Clone(pairs[rapid.IntRange(0, len(pairs)-1).Draw(t, "other")].Value)
	}
	return randomBytes(rng)
}

func randomBytes(rng *rand.Rand) []byte {
	b := make([]byte, rng.IntN(13))
	for i := range b {
		b[i] = byte(rng.IntN(256))
	}
	return b
}

// TestDirDumpProperty: any store's pairs, written in either line format
// of the dump (KEY = VALUE with random spacing, case, | and comments;
// fdbcli's lines), in any order, read back by -dump and written by dir
// dump, are the same pairs, in key order, one line each as dumpLine
// writes them; a key given twice is refused with both line numbers.
func TestDirDumpProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		keyGen := rapid.SliceOfN(rapid.Byte(), 1, 12).Filter(func(k []byte) bool { return k[0] != 0xFF })
		keys := rapid.SliceOfNDistinct(keyGen, 0, 20, func(k []byte) string { return string(k) }).Draw(t, "keys")
		var pairs []fdb.KeyValue
		var lines []string
		for i, k := range keys {
			v := rapid.SliceOfN(rapid.Byte(), 0, 12).Draw(t, fmt.Sprintf("value %d", i))
			pairs = append(pairs, fdb.KeyValue{Key: k, Value: v})
			lines = append(lines, writeDumpLine(t, k, v))
		}
		shuffled := rapid.Permutation(lines).Draw(t, "order")
		text := strings.Join(shuffled, "\n") + "\n# a comment\n\n"

		slices.SortFunc(pairs, func(a, b fdb.KeyValue) int { return bytes.Compare(a.Key, b.Key) })
		var want strings.Builder
		for _, kv := range pairs {
			fmt.Fprintf(&want, "%x =", []byte(kv.Key))
			if len(kv.Value) > 0 {
				fmt.Fprintf(&want, " %x", kv.Value)
			}
			want.WriteString("\n")
		}
		out, stderr, code := runIn(text, "dir", "dump", "-dump", "-")
		if code != 0 || out != want.String() {
			t.Fatalf("dump of\n%s\nexit %d (%s):\n%s\nwant:\n%s", text, code, stderr, out, want.String())
		}
		if again, _, _ := runIn(out, "dir", "dump", "-dump", "-"); again != out {
			t.Fatalf("the dump read back is\n%s", again)
		}
		if len(shuffled) > 0 {
			i := rapid.IntRange(0, len(shuffled)-1).Draw(t, "repeated")
			_, stderr, code := runIn(text+shuffled[i]+"\n", "dir", "dump", "-dump", "-")
			if code != 1 || !strings.Contains(stderr, fmt.Sprintf("line %d: key ", len(shuffled)+3)) || !strings.Contains(stderr, fmt.Sprintf("again (first on line %d)", i+1)) {
				t.Fatalf("a key given twice: exit %d: %s", code, stderr)
			}
		}
	})
}

// writeDumpLine writes a pair in a format of the dump drawn at random.
func writeDumpLine(t *rapid.T, k, v []byte) string {
	pk, pv := tuple.Printable(k), tuple.Printable(v)
	// fdbcli's form cannot hold a key whose printable form has ' is `
	// in it: the line would split there.
	if rapid.Bool().Draw(t, "fdbcli's form") && !strings.Contains(pk, "' is `") {
		return "`" + pk + "' is `" + pv + "'"
	}
	spaced := func(b []byte) string {
		var s strings.Builder
		for _, c := range b {
			s.WriteString(rapid.SampledFrom([]string{"", "", " ", " | ", "\t"}).Draw(t, "spacing"))
			s.WriteString(fmt.Sprintf(rapid.SampledFrom([]string{"%02x", "%02X"}).Draw(t, "case"), c))
		}
		return s.String()
	}
	line := spaced(k) + " = " + spaced(v)
	if len(v) == 0 && rapid.Bool().Draw(t, "'' for empty") {
		line += "''"
	}
	if rapid.Bool().Draw(t, "comment") {
		line += "  # a comment = with = signs"
	}
	return line
}

// FuzzDirDump: any text given as a dump is read without a panic, or
// refused with the line at fault; what is read and written again by dump
// reads back the same; and tree, ls -l and check over it end, with exit
// status 0 or 1, whatever the store holds. The seeds are the test tree
// and fdb/directory's layout vectors.
func FuzzDirDump(f *testing.F) {
	db := memstore.New(nil)
	buildDirTree(f, db)
	f.Add(dumpText(db))
	for _, name := range []string{"partitions.txt", "create-uvw.txt", "manual-prefixes.txt"} {
		text, err := os.ReadFile(filepath.Join("..", "..", "fdb", "directory", "testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(text))
	}
	f.Add("`\\xfe\\x01\\xfe\\x00\\x14\\x02a\\x00' is `\\x15\\x01'\n")
	f.Fuzz(func(t *testing.T, text string) {
		pairs, err := readDump(strings.NewReader(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "line ") {
				t.Fatalf("an error without its line: %v", err)
			}
			return
		}
		var b strings.Builder
		for _, kv := range pairs {
			if err := dumpLine(&b, kv); err != nil {
				t.Fatal(err)
			}
		}
		again, err := readDump(strings.NewReader(b.String()))
		if err != nil || len(again) != len(pairs) {
			t.Fatalf("the dump written does not read back: %v", err)
		}
		for i := range pairs {
			if !bytes.Equal(again[i].Key, pairs[i].Key) || !bytes.Equal(again[i].Value, pairs[i].Value) {
				t.Fatalf("pair %d reads back as %x = %x, not %x = %x", i, again[i].Key, again[i].Value, pairs[i].Key, pairs[i].Value)
			}
		}
		for _, args := range [][]string{{"dir", "tree", "-dump", "-"}, {"dir", "ls", "-l", "-dump", "-"}, {"dir", "check", "-dump", "-"}} {
			if _, stderr, code := runIn(b.String(), args...); code > 1 {
				t.Fatalf("%q: exit %d: %s", args, code, stderr)
			}
		}
	})
}
