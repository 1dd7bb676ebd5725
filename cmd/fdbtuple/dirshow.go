package main

import (
	"bufio"
	"errors"
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
func (t *dirTable) findProblems(rt fdb.ReadTransaction, top directory.Directory) error {
	findings, err := directory.Check(rt, top)
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

// row writes a directory at an indentation depth; dirs and keys are the
// -l counts (negative: not known), note a remark after them, after the
// problems check finds there.
func (t *dirTable) row(depth int, e directory.Entry, dirs, keys int, note string) {
	if ps := t.problems[directory.FormatPath(e.Path)]; len(ps) > 0 {
		note = strings.TrimSuffix("dir check finds: "+strings.Join(ps, ", ")+"; "+note, "; ")
	}
	t.header()
	kind := "dir"
	if e.Partition {
		kind = "partition"
	}
	name := strings.Repeat("  ", depth) + directory.QuoteName(e.Path[len(e.Path)-1])
	fmt.Fprintf(t.tw, "%s\t%s\t%x\t%s\t%s", name, kind, e.Prefix, tuple.Printable(e.Prefix), layerText(e.Layer))
	if t.long {
		fmt.Fprintf(t.tw, "\t%s\t%s", count(dirs), count(keys))
	}
	if note != "" {
		fmt.Fprintf(t.tw, "\t%s", note)
	}
	fmt.Fprintln(t.tw)
}

// failure writes the row of damaged metadata that hides what lies there
// (an entry whose name is not a string, a partition whose version this
// tool cannot read): ? for the name and the kind, empty cells, and the
// error last, where a row's note goes, so that it widens no column.
func (t *dirTable) failure(depth int, err error) {
	t.header()
	t.failed++
	empty := "\t\t\t"
	if t.long {
		empty += "\t\t"
	}
	fmt.Fprintf(t.tw, "%s\t?%s\t%s\n", strings.Repeat("  ", depth)+"?", empty, oneLine(err))
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

// entry writes the row of what the walk met at an indentation depth: a
// directory, with the -l counts if asked; a directory whose node was met
// before (a corrupt tree), not gone into; damaged metadata.
func (t *dirTable) entry(rt fdb.ReadTransaction, depth int, e directory.Entry, damaged error) error {
	switch {
	case damaged != nil:
		t.failure(depth, damaged)
		return nil
	case e.Seen:
		t.row(depth, e, -1, -1, "the node of "+directory.FormatPath(e.SeenAt)+", listed above: not descended")
		return nil
	}
	dirs, keys := -1, -1
	if t.long {
		dirs = countSubdirs(rt, e.Directory)
		var err error
		if keys, err = countKeys(rt, e.Prefix); err != nil {
			return err
		}
	}
	t.row(depth, e, dirs, keys, "")
	return nil
}

func runDirLs(e *env, o *options, store fdb.ReadTransactor, top directory.Directory, path []string) error {
	return showTree(e, o, store, top, path, 1)
}

func runDirTree(e *env, o *options, store fdb.ReadTransactor, top directory.Directory, path []string) error {
	return showTree(e, o, store, top, path, 0)
}

// showTree writes the rows of the directories below path, to maxDepth
// (0: all), indented by depth.
func showTree(e *env, o *options, store fdb.ReadTransactor, top directory.Directory, path []string, maxDepth int) error {
	t := newDirTable(e.stdout, o.long)
	err := readStore(store, func(rt fdb.ReadTransaction) error {
		if err := t.findProblems(rt, top); err != nil {
			return err
		}
		start, err := openPath(rt, top, path)
		if err != nil {
			return err
		}
		met := 0
		err = walk(rt, start, maxDepth, func(entry directory.Entry, damaged error) error {
			met++
			return t.entry(rt, entry.Depth-1, entry, damaged)
		})
		if err != nil {
			return err
		}
		if len(path) == 0 && met == 0 {
			return noLayerHint(e, rt, top)
		}
		return nil
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
func noLayerHint(e *env, rt fdb.ReadTransaction, top directory.Directory) error {
	s, err := directory.ReadLayerState(rt, top)
	var de *directory.Error
	switch {
	case errors.As(err, &de):
		return nil // metadata there, damaged: check says what
	case err != nil:
		return err
	case !s.Empty:
		return nil
	}
	_, err = fmt.Fprintf(e.stderr, "fdbtuple dir: no directory layer here: no key under the node subspace %x; a layer made with its own subspaces needs -node and -content\n", s.NodeSubspace)
	return err
}

// layerSummary counts the directories of one directory layer: the root's,
// or a partition's (whose own directory counts in its parent layer).
type layerSummary struct {
	dir        directory.Directory // the layer: the store's root, or the partition
	path       []string            // the partition's; nil for the root
	prefix     []byte              // the partition's
	partition  bool
	dirs       int
	partitions int
	listErr    error // the first listing that failed in the layer: the counts are partial
}

func runDirCheck(e *env, o *options, store fdb.ReadTransactor, top directory.Directory, _ []string) error {
	w := bufio.NewWriter(e.stdout)
	var problems int
	err := readStore(store, func(rt fdb.ReadTransaction) error {
		findings, err := directory.Check(rt, top)
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
			s, err := directory.ReadLayerState(rt, l.dir)
			var de *directory.Error
			if err != nil && !errors.As(err, &de) {
				return err
			}
			fmt.Fprintln(w, summaryLine(l, s, err))
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
// order of the walk. What cannot be read is left out: check reports it.
func summarize(rt fdb.ReadTransaction, top directory.Directory) ([]*layerSummary, error) {
	layers := []*layerSummary{{dir: top}}
	// holder[d] is the layer holding the subdirectories of the directory
	// at depth d on the walk's way down (the root at 0).
	holder := []*layerSummary{layers[0]}
	for e, err := range directory.Walk(rt, top, nil, &directory.WalkOptions{PageSize: walkPage}) {
		var de *directory.Error
		switch {
		case err != nil && !errors.As(err, &de):
			return nil, err
		case err != nil:
			if l := holder[max(e.Depth-1, 0)]; l.listErr == nil {
				l.listErr = err
			}
			continue
		case e.Seen:
			continue
		}
		parent := holder[e.Depth-1]
		parent.dirs++
		holder = append(holder[:e.Depth], parent)
		if e.Partition {
			parent.partitions++
			inner := &layerSummary{dir: e.Directory, path: e.Path, prefix: e.Prefix, partition: true}
			layers = append(layers, inner)
			holder[e.Depth] = inner
		}
	}
	return layers, nil
}

// summaryLine says what check found of one layer: its directories, its
// version, its allocator's newest window (or why its state could not be
// read).
func summaryLine(l *layerSummary, s directory.LayerState, stateErr error) string {
	var b strings.Builder
	b.WriteString("layer ")
	b.WriteString(directory.FormatPath(l.path))
	if l.partition {
		fmt.Fprintf(&b, " (partition %x)", l.prefix)
	}
	if stateErr == nil && s.Empty {
		fmt.Fprintf(&b, ": no key under the node subspace %x (a layer made with its own subspaces needs -node and -content)", s.NodeSubspace)
		return b.String()
	}
	fmt.Fprintf(&b, ": %d %s, %d %s; ", l.dirs, plural(l.dirs, "directory", "directories"), l.partitions, plural(l.partitions, "partition", "partitions"))
	if l.listErr != nil {
		fmt.Fprintf(&b, "not all listed (%s); ", oneLine(l.listErr))
	}
	if stateErr != nil {
		fmt.Fprintf(&b, "state not read (%s)", oneLine(stateErr))
		return b.String()
	}
	major, minor, micro, ok := s.VersionNumbers()
	switch {
	case s.Version == nil:
		b.WriteString("no version key")
	case ok:
		fmt.Fprintf(&b, "version %d.%d.%d", major, minor, micro)
	default:
		fmt.Fprintf(&b, "version %x (%d bytes)", s.Version, len(s.Version))
	}
	a := s.Allocator
	if a == nil {
		b.WriteString("; allocator unused")
		return b.String()
	}
	fmt.Fprintf(&b, "; allocator window [%d, %d): ", a.Start, a.Start+a.Size)
	if n, ok := a.Count(); ok {
		fmt.Fprintf(&b, "counter %d", n)
	} else {
		fmt.Fprintf(&b, "counter %x", a.Counter)
	}
	fmt.Fprintf(&b, ", %d recent %s", a.Recent, plural(a.Recent, "candidate", "candidates"))
	return b.String()
}

func runDirDump(e *env, _ *options, store fdb.ReadTransactor, _ directory.Directory, _ []string) error {
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
