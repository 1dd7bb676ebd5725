package main

import (
	"bufio"
	bin "encoding/binary" // as bin: the tests call the built command binary
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// dirTable writes the rows of ls and tree, in aligned columns: NAME (by
// depth), KIND, PREFIX (hex), PRINTABLE, LAYER, and with -l DIRS and
// KEYS. The header is written before the first row, so an empty
// directory prints nothing.
type dirTable struct {
	tw      *tabwriter.Writer
	long    bool
	started bool
	failed  int // rows of directories that could not be opened
	// problems names, by path (FormatPath), the kinds of problem that
	// directory.Check found at each directory, so that a row of a corrupt
	// directory says so.
	problems map[string][]string
}

func newDirTable(w io.Writer, long bool) *dirTable {
	return &dirTable{tw: tabwriter.NewWriter(w, 0, 0, 2, ' ', 0), long: long}
}

func (t *dirTable) header() {
	if t.started {
		return
	}
	t.started = true
	if t.long {
		fmt.Fprintln(t.tw, "NAME\tKIND\tPREFIX\tPRINTABLE\tLAYER\tDIRS\tKEYS")
	} else {
		fmt.Fprintln(t.tw, "NAME\tKIND\tPREFIX\tPRINTABLE\tLAYER")
	}
}

// findProblems runs directory.Check, for the rows' notes.
func (t *dirTable) findProblems(rt fdb.ReadTransaction, top dirNode) error {
	findings, err := directory.Check(rt, top.dir)
	if err != nil {
		return err
	}
	t.problems = map[string][]string{}
	for _, f := range findings {
		at := directory.FormatPath(f.Path)
		if p := f.Problem.String(); !slices.Contains(t.problems[at], p) {
			t.problems[at] = append(t.problems[at], p)
		}
	}
	return nil
}

// row writes a directory; dirs and keys are the -l counts (negative: not
// known), note a remark after them, after the problems check finds there.
func (t *dirTable) row(depth int, n dirNode, dirs, keys int, note string) {
	if ps := t.problems[directory.FormatPath(n.path)]; len(ps) > 0 {
		note = strings.TrimSuffix("dir check finds: "+strings.Join(ps, ", ")+"; "+note, "; ")
	}
	t.header()
	kind := "dir"
	if n.partition {
		kind = "partition"
	}
	name := strings.Repeat("  ", depth) + directory.QuoteName(n.path[len(n.path)-1])
	fmt.Fprintf(t.tw, "%s\t%s\t%x\t%s\t%s", name, kind, n.prefix, tuple.Printable(n.prefix), layerText(n.layer))
	if t.long {
		fmt.Fprintf(t.tw, "\t%s\t%s", count(dirs), count(keys))
	}
	if note != "" {
		fmt.Fprintf(t.tw, "\t%s", note)
	}
	fmt.Fprintln(t.tw)
}

// failure writes the row of a subdirectory that could not be opened or
// listed; the error is the last cell, which does not widen a column.
func (t *dirTable) failure(depth int, name string, err error) {
	t.header()
	t.failed++
	fmt.Fprintf(t.tw, "%s\t?\t%s\n", strings.Repeat("  ", depth)+name, oneLine(err))
}

// end flushes the rows, and says how many failed.
func (t *dirTable) end() error {
	if err := t.tw.Flush(); err != nil {
		return err
	}
	if t.failed > 0 {
		return notOpened(t.failed)
	}
	return nil
}

func count(n int) string {
	if n < 0 {
		return "?"
	}
	return strconv.Itoa(n)
}

// dirRow writes the row of the directory c, whose subdirectories are
// names (or could not be listed: listErr), with the -l counts if asked.
func (t *dirTable) dirRow(rt fdb.ReadTransaction, depth int, c dirNode, names []string, listErr error) error {
	dirs, keys := -1, -1
	if t.long {
		if listErr == nil {
			dirs = len(names)
		}
		var err error
		if keys, err = countKeys(rt, c.prefix); err != nil {
			return err
		}
	}
	t.row(depth, c, dirs, keys, "")
	return nil
}

func runDirLs(e *env, o *options, store fdb.ReadTransactor, top dirNode, path []string) error {
	t := newDirTable(e.stdout, o.long)
	err := readStore(store, func(rt fdb.ReadTransaction) error {
		if err := t.findProblems(rt, top); err != nil {
			return err
		}
		n, err := top.resolve(rt, path)
		if err != nil {
			return err
		}
		names, err := n.children(rt)
		if err != nil {
			return err
		}
		if err := noLayerHint(e, rt, top, path, names); err != nil {
			return err
		}
		for _, name := range names {
			c, err := n.child(rt, name)
			if err != nil {
				t.failure(0, directory.QuoteName(name), err)
				continue
			}
			var below []string
			var listErr error
			if o.long {
				below, listErr = c.children(rt)
			}
			if err := t.dirRow(rt, 0, c, below, listErr); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return t.end()
}

func runDirTree(e *env, o *options, store fdb.ReadTransactor, top dirNode, path []string) error {
	t := newDirTable(e.stdout, o.long)
	err := readStore(store, func(rt fdb.ReadTransaction) error {
		if err := t.findProblems(rt, top); err != nil {
			return err
		}
		start, err := top.resolve(rt, path)
		if err != nil {
			return err
		}
		names, err := start.children(rt)
		if err != nil {
			return err
		}
		if err := noLayerHint(e, rt, top, path, names); err != nil {
			return err
		}
		return walkTree(rt, start, names, func(depth int, c dirNode, names []string, listErr error, seenAt []string) error {
			switch {
			case seenAt != nil:
				t.row(depth, c, -1, -1, "the node of "+directory.FormatPath(seenAt)+", listed above: not descended")
				return nil
			case c.path == nil:
				t.failure(depth, "?", listErr) // a listing that failed
				return nil
			}
			return t.dirRow(rt, depth, c, names, listErr)
		}, func(depth int, name string, err error) {
			t.failure(depth, directory.QuoteName(name), err)
		})
	})
	if err != nil {
		return err
	}
	return t.end()
}

// noLayerHint says on standard error, when the root lists nothing,
// whether the layer's node subspace holds no key at all: then the store
// has no directory layer there, and the one it has may need -node and
// -content.
func noLayerHint(e *env, rt fdb.ReadTransaction, top dirNode, path, names []string) error {
	if len(path) > 0 || len(names) > 0 {
		return nil
	}
	end, err := fdb.Strinc(top.nodeSS)
	if err != nil {
		return err
	}
	kvs, err := rt.GetRange(fdb.KeyRange{Begin: fdb.Key(top.nodeSS), End: fdb.Key(end)}, fdb.RangeOptions{Limit: 1})
	if err != nil || len(kvs) > 0 {
		return err
	}
	_, err = fmt.Fprintf(e.stderr, "fdbtuple dir: no directory layer here: no key under the node subspace %x; a layer made with its own subspaces needs -node and -content\n", top.nodeSS)
	return err
}

// walkTree visits every directory below start, depth first in name
// order (names are start's subdirectories): visit gets each directory
// with its subdirectories' names (or the error of listing them), before
// them; a directory whose node was visited before (a corrupt tree where
// two entries name one node) with the path it was visited at, and is not
// descended into; a listing that failed with a zero dirNode. failed gets
// the subdirectories that could not be opened.
func walkTree(rt fdb.ReadTransaction, start dirNode, names []string,
	visit func(depth int, n dirNode, names []string, listErr error, seenAt []string) error,
	failed func(depth int, name string, err error)) error {
	seen := map[nodeID][]string{start.key(): slices.Clone(start.path)}
	var walk func(n dirNode, names []string, depth int) error
	walk = func(n dirNode, names []string, depth int) error {
		for _, name := range names {
			c, err := n.child(rt, name)
			if err != nil {
				failed(depth, name, err)
				continue
			}
			if at, ok := seen[c.key()]; ok {
				if err := visit(depth, c, nil, nil, at); err != nil {
					return err
				}
				continue
			}
			seen[c.key()] = c.path
			below, listErr := c.children(rt)
			if err := visit(depth, c, below, listErr, nil); err != nil {
				return err
			}
			if listErr != nil {
				if err := visit(depth+1, dirNode{}, nil, listErr, nil); err != nil {
					return err
				}
				continue
			}
			if err := walk(c, below, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(start, names, 0)
}

// layerSummary counts the directories of one directory layer: the root's,
// or a partition's (whose own directory counts in its parent layer).
type layerSummary struct {
	top        dirNode // the layer's root: the store's root, or the partition
	dirs       int
	partitions int
	listErr    error // the first listing that failed in the layer: the counts are partial
}

func runDirCheck(e *env, o *options, store fdb.ReadTransactor, top dirNode, _ []string) error {
	w := bufio.NewWriter(e.stdout)
	var problems int
	err := readStore(store, func(rt fdb.ReadTransaction) error {
		findings, err := directory.Check(rt, top.dir)
		if err != nil {
			return err
		}
		problems = len(findings)
		for _, f := range findings {
			fmt.Fprintln(w, strings.ReplaceAll(f.String(), "\n", `\n`))
		}
		layers, err := summarize(rt, top)
		if err != nil {
			return err
		}
		for _, l := range layers {
			s, err := readLayerState(rt, l.top.nodeSS)
			if err != nil {
				return err
			}
			fmt.Fprintln(w, summaryLine(l, s))
		}
		if problems == 0 {
			fmt.Fprintln(w, "no problems")
		}
		return nil
	})
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	switch {
	case err != nil:
		return err
	case problems > 0:
		return fmt.Errorf("check found %d %s", problems, plural(problems, "problem", "problems"))
	}
	return nil
}

// summarize walks the tree from the root and counts each layer's
// directories, the root's layer first, then each partition's in the
// order of the walk. What cannot be opened is left out: check reports
// it.
func summarize(rt fdb.ReadTransaction, top dirNode) ([]*layerSummary, error) {
	layers := []*layerSummary{{top: top}}
	byKey := map[string]*layerSummary{top.layerKey(): layers[0]}
	names, err := top.children(rt)
	if err != nil {
		layers[0].listErr = err
		return layers, nil
	}
	err = walkTree(rt, top, names, func(_ int, n dirNode, _ []string, listErr error, seenAt []string) error {
		if n.path == nil || seenAt != nil {
			return nil
		}
		parent := byKey[string(n.entrySS)]
		if n.partition {
			inner := &layerSummary{top: n}
			layers = append(layers, inner)
			byKey[n.layerKey()] = inner
		}
		if parent != nil {
			parent.dirs++
			if n.partition {
				parent.partitions++
			}
		}
		if l := byKey[n.layerKey()]; listErr != nil && l != nil && l.listErr == nil {
			l.listErr = listErr
		}
		return nil
	}, func(int, string, error) {})
	return layers, err
}

// summaryLine says what check found of one layer: its directories, its
// version, its allocator's newest window.
func summaryLine(l *layerSummary, s layerState) string {
	var b strings.Builder
	b.WriteString("layer ")
	b.WriteString(directory.FormatPath(l.top.path))
	if l.top.partition {
		fmt.Fprintf(&b, " (partition %x)", l.top.prefix)
	}
	if s.empty {
		fmt.Fprintf(&b, ": no key under the node subspace %x (a layer made with its own subspaces needs -node and -content)", l.top.nodeSS)
		return b.String()
	}
	fmt.Fprintf(&b, ": %d %s, %d %s; ", l.dirs, plural(l.dirs, "directory", "directories"), l.partitions, plural(l.partitions, "partition", "partitions"))
	if l.listErr != nil {
		fmt.Fprintf(&b, "not all listed (%s); ", oneLine(l.listErr))
	}
	switch {
	case s.version == nil:
		b.WriteString("no version key")
	case len(s.version) == 12:
		fmt.Fprintf(&b, "version %d.%d.%d", bin.LittleEndian.Uint32(s.version), bin.LittleEndian.Uint32(s.version[4:]), bin.LittleEndian.Uint32(s.version[8:]))
	default:
		fmt.Fprintf(&b, "version %x (%d bytes)", s.version, len(s.version))
	}
	if !s.counters {
		b.WriteString("; allocator unused")
		return b.String()
	}
	fmt.Fprintf(&b, "; allocator window [%d, %d): ", s.start, s.start+s.window)
	if len(s.count) == 8 {
		fmt.Fprintf(&b, "counter %d", int64(bin.LittleEndian.Uint64(s.count)))
	} else {
		fmt.Fprintf(&b, "counter %x", s.count)
	}
	fmt.Fprintf(&b, ", %d recent %s", s.recentInWindow, plural(s.recentInWindow, "candidate", "candidates"))
	return b.String()
}

func runDirDump(e *env, _ *options, store fdb.ReadTransactor, _ dirNode, _ []string) error {
	w := bufio.NewWriter(e.stdout)
	err := readStore(store, func(rt fdb.ReadTransaction) error {
		begin, end := fdb.Key{}, fdb.Key{0xFF}
		const page = 10000
		for {
			kvs, err := rt.GetRange(fdb.KeyRange{Begin: begin, End: end}, fdb.RangeOptions{Limit: page})
			if err != nil {
				return err
			}
			for _, kv := range kvs {
				if err := dumpLine(w, kv); err != nil {
					return err
				}
			}
			if len(kvs) < page {
				return nil
			}
			begin = append(slices.Clip(kvs[len(kvs)-1].Key), 0)
		}
	})
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	return err
}
