package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
	"github.com/fdbtuple/fdbtuple/tuple"
	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// The store the dir commands read: a bbolt file opened read-only, or a
// dump loaded into memory (fdb/memstore). Neither is ever written: the
// file is opened with bbolt's ReadOnly option, and the dump's store lives
// only in this process.

// openDirStore opens the store -bolt or -dump names. close releases it.
func openDirStore(e *env, o *options) (store fdb.ReadTransactor, close func() error, err error) {
	switch {
	case o.bolt != "" && o.dump != "":
		return nil, nil, usagef("give one store: -bolt FILE or -dump FILE, not both")
	case o.bolt != "":
		return openBoltReadOnly(o.bolt, o.bucket)
	case o.dump != "":
		if o.bucket != boltstore.DefaultBucket {
			return nil, nil, usagef("-bucket goes with -bolt; a dump has no buckets")
		}
		pairs, err := readDumpFrom(e, o.dump)
		if err != nil {
			return nil, nil, err
		}
		db := memstore.New(nil)
		if err := db.Load(pairs); err != nil {
			return nil, nil, err // readDump checked every pair as Load does
		}
		return db, func() error { return nil }, nil
	}
	return nil, nil, usagef("name the store: -bolt FILE (a bbolt file) or -dump FILE (a dump; - reads standard input)")
}

// openBoltReadOnly opens a bbolt file with bbolt's ReadOnly option (a
// shared lock, no write ever), and the store's bucket in it.
func openBoltReadOnly(path, bucket string) (fdb.ReadTransactor, func() error, error) {
	// bbolt would initialize an empty file, and cannot in read-only mode:
	// say what the file is instead of bbolt's error.
	info, err := os.Stat(path)
	switch {
	case err != nil:
		return nil, nil, err
	case info.IsDir():
		return nil, nil, fmt.Errorf("%s is a directory, not a bbolt file", path)
	case info.Size() == 0:
		return nil, nil, fmt.Errorf("%s is empty, not a bbolt file", path)
	}
	b, err := bolt.Open(path, 0o400, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, nil, fmt.Errorf("%s: another process holds the file open for writing (bbolt's lock); stop it, or dump a copy taken while it was stopped", path)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	db, err := boltstore.New(b, &boltstore.Options{Bucket: bucket})
	if err != nil {
		if names := boltBuckets(b); len(names) > 0 {
			err = fmt.Errorf("%w; the file's buckets are %s: name one with -bucket", err, strings.Join(names, ", "))
		}
		return nil, nil, errors.Join(fmt.Errorf("%s: %w", path, err), b.Close())
	}
	return db, b.Close, nil
}

// boltBuckets names the top-level buckets of a bbolt file, quoted, for an
// error that says which -bucket to give.
func boltBuckets(b *bolt.DB) []string {
	var names []string
	err := b.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
			names = append(names, fmt.Sprintf("%q", name))
			return nil
		})
	})
	if err != nil {
		return nil
	}
	return names
}

// The dump format, which dir dump writes and -dump reads: one key-value
// pair a line, in key order when dir dump writes it (any order is read).
//
//	KEY = VALUE       the key and the value in hex; an empty value is
//	                  KEY = (or KEY = '')
//	`KEY' is `VALUE'  a line of fdbcli's getrange output, in its
//	                  printable form
//
// In a KEY = VALUE line, spaces, tabs and | may separate the hex digits,
// a 0x may lead them, and # starts a comment to the end of the line: the
// annotated form of fdb/directory's layout vectors (its testdata) is a
// dump. Blank lines, lines starting with #, and fdbcli's "Range limited
// to" notes are skipped. A key that appears twice is refused: a dump
// holds each key once.

// dumpLine writes one pair in the dump format.
func dumpLine(w io.Writer, kv fdb.KeyValue) error {
	var err error
	if len(kv.Value) == 0 {
		_, err = fmt.Fprintf(w, "%x =\n", []byte(kv.Key))
	} else {
		_, err = fmt.Fprintf(w, "%x = %x\n", []byte(kv.Key), kv.Value)
	}
	return err
}

// readDumpFrom reads the dump in the file name, or standard input for -.
func readDumpFrom(e *env, name string) ([]fdb.KeyValue, error) {
	if name == "-" {
		pairs, err := readDump(e.stdin)
		if err != nil {
			return nil, fmt.Errorf("standard input: %w", err)
		}
		return pairs, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	pairs, err := readDump(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return pairs, nil
}

// errDumpLine is the error of a line that is not a pair.
var errDumpLine = errors.New("not a key-value pair: a dump line is KEY = VALUE in hex (KEY = for an empty value), or fdbcli's `KEY' is `VALUE'")

// readDump reads a dump: every pair, each checked as a store checks a
// Set (legal key, sizes), in key order. Errors give the line.
func readDump(r io.Reader) ([]fdb.KeyValue, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLineBytes)
	var pairs []fdb.KeyValue
	lineOf := map[string]int{}
	line := 1
	for ; sc.Scan(); line++ {
		text := strings.TrimSpace(string(sc.Bytes()))
		if text == "" || strings.HasPrefix(text, "#") || strings.HasPrefix(text, "Range limited to ") {
			continue
		}
		key, value, err := dumpPair(text)
		if err == nil && len(key) == 0 {
			err = errors.New("an empty key, which no directory layer writes (and bbolt cannot hold)")
		}
		if err == nil {
			err = storekit.CheckSet(key, value)
		}
		if err == nil {
			if first, seen := lineOf[string(key)]; seen {
				err = fmt.Errorf("key %s again (first on line %d): a dump holds each key once", tuple.Printable(key), first)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		lineOf[string(key)] = line
		pairs = append(pairs, fdb.KeyValue{Key: key, Value: value})
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("line %d: longer than %d MiB", line, maxLineBytes>>20)
		}
		return nil, fmt.Errorf("line %d: %w", line, err)
	}
	sort.Slice(pairs, func(i, j int) bool { return bytes.Compare(pairs[i].Key, pairs[j].Key) < 0 })
	return pairs, nil
}

// dumpPair reads one line of a dump.
func dumpPair(text string) (key, value []byte, err error) {
	key, value, isFdbcli, err := fdbcliLine(text)
	if isFdbcli || err != nil {
		return key, value, err
	}
	if i := strings.IndexByte(text, '#'); i >= 0 {
		text = text[:i]
	}
	k, v, found := strings.Cut(text, "=")
	if !found {
		return nil, nil, errDumpLine
	}
	if key, err = dumpHex(k); err != nil {
		return nil, nil, fmt.Errorf("the key: %w", err)
	}
	if value, err = dumpHex(v); err != nil {
		return nil, nil, fmt.Errorf("the value: %w", err)
	}
	return key, value, nil
}

// dumpSpacing is what may separate the hex digits of a KEY = VALUE line.
var dumpSpacing = strings.NewReplacer("|", " ", "\t", " ")

// dumpHex reads one side of a KEY = VALUE line: hex digits, with spaces,
// tabs, | and a leading 0x allowed; nothing, or two single quotes, is
// the empty string.
func dumpHex(s string) ([]byte, error) {
	t := strings.TrimSpace(dumpSpacing.Replace(s))
	if t == "" || t == "''" {
		return []byte{}, nil
	}
	if digits, ok := hexDigits(t); !ok || digits%2 == 1 {
		return nil, fmt.Errorf("%q is not hex bytes: %w", shorten(t), errDumpLine)
	}
	b, err := hex.DecodeString(strings.ReplaceAll(strings.TrimPrefix(strings.TrimPrefix(t, "0x"), "0X"), " ", ""))
	if err != nil {
		return nil, fmt.Errorf("%q: %v", shorten(t), err)
	}
	return b, nil
}
