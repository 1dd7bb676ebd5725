package main

import (
	"errors"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
)

// The dir commands read the directory layer through fdb/directory's
// public API only: Open to find a path, Walk for the tree (paths,
// layers, prefixes, partitions), Children for -l's counts, Check and
// ReadLayerState for check. None of them knows the layer's keys.

// walkPage is the page of Walk and Children: the commands run in one
// read transaction, so it bounds the size of a read, not of a
// transaction.
const walkPage = 1000

// openPath opens the directory at path below top, one name at a time, so
// that an error names the first directory that is missing; top itself
// for the empty path.
func openPath(rt fdb.ReadTransaction, top directory.Directory, path []string) (directory.Directory, error) {
	d := top
	for _, name := range path {
		sub, err := d.Open(rt, []string{name}, nil)
		if err != nil {
			return nil, err
		}
		d = sub
	}
	return d, nil
}

// walk runs directory.Walk below start, to maxDepth (0: all), and hands
// visit each directory, or the error of damaged metadata below the start
// at the depth it lies at (an *directory.Error: the walk goes on). An
// error of the start or of the store ends the walk, and is returned.
func walk(rt fdb.ReadTransaction, start directory.Directory, maxDepth int, visit func(e directory.Entry, damaged error) error) error {
	for e, err := range directory.Walk(rt, start, nil, &directory.WalkOptions{PageSize: walkPage, MaxDepth: maxDepth}) {
		var de *directory.Error
		if err != nil && (e.Depth == 0 || !errors.As(err, &de)) {
			return err
		}
		if err := visit(e, err); err != nil {
			return err
		}
	}
	return nil
}

// countSubdirs counts the subdirectories of d, a page at a time; -1 if
// they cannot be listed.
func countSubdirs(rt fdb.ReadTransaction, d directory.Directory) int {
	n := 0
	for _, err := range directory.Children(rt, d, nil, walkPage) {
		if err != nil {
			return -1
		}
		n++
	}
	return n
}

// countKeys counts the keys under prefix, in reads of a page each.
func countKeys(rt fdb.ReadTransaction, prefix []byte) (int, error) {
	end, err := fdb.Strinc(prefix)
	if err != nil {
		return 0, err
	}
	begin, n := fdb.Key(prefix), 0
	const page = 10000
	for {
		kvs, err := rt.GetRange(fdb.KeyRange{Begin: begin, End: fdb.Key(end)}, fdb.RangeOptions{Limit: page})
		if err != nil {
			return n, err
		}
		n += len(kvs)
		if len(kvs) < page {
			return n, nil
		}
		begin = append(slices.Clip(kvs[len(kvs)-1].Key), 0)
	}
}
