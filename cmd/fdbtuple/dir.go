package main

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

var dirCommand = &command{
	summary: "list, draw and check the directory layer of a bbolt file or a dump",
	usage: `ls|tree|check|dump (-bolt FILE [-bucket NAME] | -dump FILE) [flags] [NAME...]

Reads FoundationDB's directory layer (as fdb/directory, or any official
binding, writes it) from a store, and never writes to it: a bbolt file
written through fdb/boltstore, opened read-only (-bolt; -bucket if the
keys are not in boltstore's default bucket), or a dump of key-value pairs
(-dump FILE, - for standard input), loaded into memory.

  ls [PATH]     the subdirectories of PATH (the root if none): name, kind
                (dir or partition), prefix in hex and printable, layer
  tree [PATH]   every directory below PATH, indented by depth, in name
                order; partitions are marked and descended into
  check         the directory layer's invariants (fdb/directory.Check):
                one line per problem, its path and its key; then a line
                per layer (the root's and each partition's): directories,
                partitions, version, the prefix allocator's window
  dump          every key-value pair of the store, in the dump format

With -l, ls and tree also count each directory's subdirectories (DIRS) and
the keys stored under its prefix (KEYS; for a partition, all of it: its
directories' keys and its metadata).

PATH is NAME arguments, one directory name each, from the root:
  fdbtuple dir ls -bolt app.db dynodb orders     lists ("dynodb", "orders")
Each argument is one name as typed, so a/b is one name holding a slash
(names may hold any character), '' is the empty name, and non-ASCII names
are typed in UTF-8; put -- before a name starting with -. Or -path TUPLE:
a tuple of strings in the text form, as this tool prints paths, so that a
path from check's output can be pasted back, with Go escapes for any
character: -path '("dynodb", "a/b", "caf\u00e9")'. Neither is the root.
Names print Go-quoted, as fdb/directory prints them ("a/b", "", "café"),
with \u escapes where a character could make two names look alike: the
NFD form of "café" prints as "cafe\u0301" (combining marks, Hangul jamo
and the characters NFC replaces are escaped), layers as byte strings of the text form (b"partition"), paths as tuples
of names. A row of ls or tree ends with what check finds at that
directory, if anything ("dir check finds: dangling entry").

A dump has one pair a line, as dir dump writes it: KEY = VALUE, both in
hex (KEY = for an empty value; spaces, tabs and | may split the digits, #
starts a comment, so fdb/directory's annotated layout vectors are
dumps). Lines of fdbcli's getrange output, ` + "`KEY' is `VALUE'" + `, are
read too: a dump taken with fdbcli (getrange \x00 \xff 1000000) works.
Blank lines and lines starting with # are skipped; a key may appear once.

A directory layer made with NewDirectoryLayer takes its subspaces: -node
and -content, each a key (hex or printable) or tuple text, and -manual if
it allows manual prefixes. The default is FoundationDB's: node subspace
fe, contents anywhere.

Exit status: 0 ok; 1 when check finds a problem, a directory does not
exist, a subdirectory cannot be opened, or the store cannot be read;
2 usage error.

examples:
  fdbtuple dir tree -bolt app.db
  NAME        KIND       PREFIX    PRINTABLE         LAYER
  "dynodb"    dir        1505      \x15\x05          b""
    "a/b"     dir        1507      \x15\x07          b""
    "orders"  partition  1512      \x15\x12          b"partition"
      "i"     dir        15121502  \x15\x12\x15\x02  b""
  fdbtuple dir ls -l -bolt app.db -bucket kv dynodb
  fdbtuple dir ls -dump dump.txt -path '("dynodb", "orders")'
  fdbtuple dir check -bolt app.db
  fdbtuple dir dump -bolt app.db > dump.txt
  fdbtuple dir check -dump dump.txt -node '("dirs",)' -content '("data",)'`,
	flags:   []string{"bolt", "bucket", "dump", "node", "content", "manual", "dirpath", "l"},
	minArgs: 0, maxArgs: manyArgs,
	run: runDir,
}

// dirSubcommands are dir's subcommands, and whether each takes a PATH.
var dirSubcommands = map[string]struct {
	run      func(e *env, o *options, store fdb.ReadTransactor, top directory.Directory, path []string) error
	takesDir bool // PATH, -l, and the layer's subspaces
}{
	"ls":    {runDirLs, true},
	"tree":  {runDirTree, true},
	"check": {runDirCheck, false},
	"dump":  {runDirDump, false},
}

func runDir(e *env, o *options, args []string) error {
	if len(args) == 0 {
		return usagef("missing the subcommand: fdbtuple dir ls|tree|check|dump -bolt FILE (or -dump FILE)")
	}
	sub, ok := dirSubcommands[args[0]]
	if !ok {
		return usagef("dir knows ls, tree, check and dump, not %q", args[0])
	}
	names := args[1:]
	switch {
	case !sub.takesDir && (len(names) > 0 || o.dirPath != ""):
		return usagef("%s takes no PATH: it reads the whole store", args[0])
	case !sub.takesDir && o.long:
		return usagef("-l goes with ls and tree")
	case args[0] == "dump" && (o.node != "" || o.content != "" || o.manual):
		return usagef("dump writes every pair of the store: -node, -content and -manual do not apply")
	case len(names) > 0 && o.dirPath != "":
		return usagef("give the path as NAME arguments or as -path TUPLE, not both")
	}
	path := names
	if o.dirPath != "" {
		p, err := parseDirPath(o.dirPath)
		if err != nil {
			return err
		}
		path = p
	}
	top, err := dirLayer(o)
	if err != nil {
		return err
	}
	store, closeStore, err := openDirStore(e, o)
	if err != nil {
		return err
	}
	err = sub.run(e, o, store, top, path)
	if cerr := closeStore(); err == nil {
		err = cerr
	}
	return err
}

// parseDirPath reads -path: a tuple whose elements are all strings.
func parseDirPath(text string) ([]string, error) {
	t, err := tuple.Parse(text)
	if err != nil {
		return nil, usagef("-path: %v", err)
	}
	path := make([]string, len(t))
	for i, el := range t {
		s, ok := el.(string)
		if !ok {
			return nil, usagef("-path: element %d is %s, not a string: a path is a tuple of names such as (\"a\", \"b\")", i, tuple.Tuple{el}.Text())
		}
		path[i] = s
	}
	return path, nil
}

// dirLayer is the directory layer the flags describe: FoundationDB's
// default (Root) unless -node, -content or -manual say otherwise.
func dirLayer(o *options) (directory.Directory, error) {
	if o.node == "" && o.content == "" && !o.manual {
		return directory.Root(), nil
	}
	node := []byte{0xFE}
	if o.node != "" {
		b, err := packedOrKey(o.node, o)
		if err != nil {
			return nil, usagef("-node: %v", err)
		}
		node = b
	}
	var content []byte
	if o.content != "" {
		b, err := packedOrKey(o.content, o)
		if err != nil {
			return nil, usagef("-content: %v", err)
		}
		content = b
	}
	if len(node) == 0 {
		return nil, usagef("-node: the node subspace cannot be empty")
	}
	return directory.NewDirectoryLayer(subspace.FromBytes(node), subspace.FromBytes(content), o.manual), nil
}

// readStore runs f in one read transaction of the store, so that
// everything a subcommand prints comes from one consistent view.
func readStore(store fdb.ReadTransactor, f func(rt fdb.ReadTransaction) error) error {
	_, err := store.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		return nil, f(rt)
	})
	return err
}

// layerText writes a layer as a byte string of the text form.
func layerText(layer []byte) string {
	return tuple.Codec{}.FormatElement(layer)
}

// notOpened is the error of ls and tree when some subdirectories could
// not be opened (their rows say why).
func notOpened(n int) error {
	return fmt.Errorf("%d %s could not be opened (their rows say why); fdbtuple dir check lists the store's problems", n, plural(n, "directory", "directories"))
}
