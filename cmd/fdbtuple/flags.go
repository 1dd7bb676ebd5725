package main

import (
	"flag"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
	"github.com/fdbtuple/fdbtuple/types"
)

// options holds every flag any command takes; each command declares
// which of them it accepts.
type options struct {
	format  string // how keys are printed: hex, printable, raw
	input   string // how key arguments are read: auto, hex, printable
	raw     bool   // read one raw key from standard input
	lenient bool   // decode as the Python reference does
	ext     string // extensions to decode: decimal, desc
	prefix  string // a raw key prefix to check and strip
	values  bool   // decode fdbcli lines' values too
	path    bool   // unpack: print key paths as package nested does
	schema  string // pack, unpack: a key schema's text or file
	fail    bool   // describe: exit 1 if a key has a fault
	all     bool   // peers: fail unless every peer is built

	// check
	seed        int
	random      int
	timeout     time.Duration
	json        string
	divergences string
	replaceDivs bool
	examples    int

	// demo
	db string

	// matrix
	date string

	// gen
	types string

	// dir
	bolt    string // the bbolt file to read
	bucket  string // its bucket
	dump    string // or a dump to read
	node    string // the node subspace's prefix
	content string // the content subspace's prefix
	manual  bool   // the layer allows manual prefixes
	dirPath string // -path: the path as a tuple of strings
	long    bool   // -l: subdirectory and key counts
}

func newFlagSet(name string, o *options, names []string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	for _, n := range names {
		switch n {
		case "format":
			fs.StringVar(&o.format, "format", "hex", "print keys as `hex`, printable (fdbcli's \\x00 form) or raw bytes")
		case "input":
			fs.StringVar(&o.input, "input", "auto", "read KEY arguments as `auto` (hex if only hex digits and spaces; the key between fdbcli's quotes, `KEY'; else printable, with no space around it), hex or printable (the text as it is)")
		case "raw":
			fs.BoolVar(&o.raw, "raw", false, "read one key as raw bytes from standard input")
		case "seed":
			fs.IntVar(&o.seed, "seed", 1, "the seed `N` of the random run, to repeat it")
		case "random":
			fs.IntVar(&o.random, "random", 10000, "`N` random tuples (and N near-equal pairs) in the differential run")
		case "timeout":
			fs.DurationVar(&o.timeout, "timeout", 5*time.Second, "how long the peer may take to answer one request: `D`, a duration such as 5s or 500ms")
		case "json":
			fs.StringVar(&o.json, "json", "", "also write the report as JSON to `FILE` (- for standard output)")
		case "divergences":
			fs.StringVar(&o.divergences, "divergences", "", "add the known divergences of `FILE` (format: compat/PROTOCOL.md) to the built-in list")
		case "replace-divergences":
			fs.BoolVar(&o.replaceDivs, "replace-divergences", false, "use only the -divergences file's entries, not the built-in list")
		case "examples":
			fs.IntVar(&o.examples, "examples", 1, "show `N` failing rows of each group with both answers (the JSON report names every row)")
		case "ext":
			fs.StringVar(&o.ext, "ext", "", "use this module's extensions: `LIST` of decimal (code 0x40) and desc (code 0x4f), comma-separated")
		case "prefix":
			fs.StringVar(&o.prefix, "prefix", "", "each key starts with this raw `KEY` prefix (hex or printable, as -input says), which is checked and stripped")
		case "all":
			fs.BoolVar(&o.all, "all", false, "exit with status 1 unless every live peer is built")
		case "schema":
			fs.StringVar(&o.schema, "schema", "", "read and write keys by the key schema `S` (tuple.Plan's Schema): its text, or a file holding it such as a golden schema file; fields are NAME=VALUE pairs")
		case "path":
			fs.BoolVar(&o.path, "path", false, "print a key that starts with a key path (package nested) as the path, /user-7/post-10, then its fields")
		case "fail":
			fs.BoolVar(&o.fail, "fail", false, "exit with status 1 if a key has a fault (bytes that are not a tuple element, a missing prefix)")
		case "values":
			fs.BoolVar(&o.values, "values", false, "for fdbcli getrange lines on standard input, decode each value too")
		case "date":
			fs.StringVar(&o.date, "date", "", "the `DATE` to print (default: today, UTC)")
		case "db":
			fs.StringVar(&o.db, "db", "", "bbolt database `FILE` to use (default: a new one in a temporary directory)")
		case "type":
			fs.StringVar(&o.types, "type", "", "the key struct `TYPES` to write methods for, comma-separated")
		case "bolt":
			fs.StringVar(&o.bolt, "bolt", "", "read the bbolt `FILE` (written through fdb/boltstore), opened read-only")
		case "bucket":
			fs.StringVar(&o.bucket, "bucket", boltstore.DefaultBucket, "the bbolt bucket `NAME` that holds the keys")
		case "dump":
			fs.StringVar(&o.dump, "dump", "", "read a dump `FILE` (- for standard input): one pair a line, KEY = VALUE in hex, or a line of fdbcli's getrange output")
		case "node":
			fs.StringVar(&o.node, "node", "", "the node subspace of the directory layer: a `KEY` (hex or printable) or tuple text (default fe, FoundationDB's)")
		case "content":
			fs.StringVar(&o.content, "content", "", "the content subspace of the directory layer: a `KEY` (hex or printable) or tuple text (default: empty, every key)")
		case "manual":
			fs.BoolVar(&o.manual, "manual", false, "the directory layer allows manual prefixes, which may lie outside the content subspace")
		case "dirpath":
			fs.StringVar(&o.dirPath, "path", "", "the directory's path as a `TUPLE` of strings, as this tool prints paths: (\"a\", \"b/c\"); instead of NAME arguments")
		case "l":
			fs.BoolVar(&o.long, "l", false, "also count each directory's subdirectories and the keys under its prefix")
		case "lenient":
			fs.BoolVar(&o.lenient, "lenient", false, "decode what the Python reference decodes (unterminated strings, non-minimal integers)")
		}
	}
	return fs
}

// parseAndRun parses flags placed anywhere among the arguments (up to a
// "--"), checks the argument count, and runs the command.
func (c *command) parseAndRun(e *env, name string, args []string) error {
	o := &options{}
	fs := newFlagSet(name, o, c.flags)
	var flags, positional []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			positional = append(positional, args[i+1:]...)
			i = len(args)
		case a == "-h" || a == "-help" || a == "--help":
			return errHelp
		case strings.HasPrefix(a, "-") && len(a) > 1 && !isNumber(a):
			flags = append(flags, a)
			if f := fs.Lookup(strings.TrimLeft(a, "-")); f != nil && !strings.Contains(a, "=") && !isBool(f) && i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		default:
			positional = append(positional, a)
		}
	}
	if err := fs.Parse(flags); err != nil {
		return usagef("%v", err)
	}
	if err := o.check(); err != nil {
		return err
	}
	if len(positional) < c.minArgs && c.missing != "" {
		return usagef("%s", c.missing)
	}
	if len(positional) < c.minArgs || len(positional) > c.maxArgs {
		return usagef("want %s, got %d", argCount(c.minArgs, c.maxArgs), len(positional))
	}
	return c.run(e, o, positional)
}

func (o *options) check() error {
	switch o.format {
	case "", "hex", "printable", "raw":
	default:
		return usagef("-format must be hex, printable or raw, not %q", o.format)
	}
	if _, err := o.codec(); err != nil {
		return err
	}
	switch o.input {
	case "", "auto", "hex", "printable":
	default:
		return usagef("-input must be auto, hex or printable, not %q", o.input)
	}
	return nil
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// isNumber lets "-5"-style tuple text through as an argument.
func isNumber(a string) bool {
	return len(a) > 1 && a[1] >= '0' && a[1] <= '9'
}

// manyArgs is a maximum that means "any number".
const manyArgs = 1 << 10

func argCount(lo, hi int) string {
	switch {
	case lo == hi:
		return arguments(lo)
	case hi >= manyArgs:
		return "at least " + arguments(lo)
	}
	return strconv.Itoa(lo) + " to " + arguments(hi)
}

// arguments says "1 argument" or "N arguments".
func arguments(n int) string {
	return strconv.Itoa(n) + " " + plural(n, "argument", "arguments")
}

// plural picks the singular for n == 1, else the plural.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// codec is the tuple codec the flags ask for: strict or lenient, with the
// extensions named by -ext at the codes this module suggests.
func (o *options) codec() (tuple.Codec, error) {
	c := tuple.Codec{Lenient: o.lenient}
	if o.ext == "" {
		return c, nil
	}
	for _, name := range strings.Split(o.ext, ",") {
		x := extensionNamed(strings.TrimSpace(name))
		if x == nil {
			return c, usagef("-ext knows decimal and desc, not %q", name)
		}
		c.Extensions = append(c.Extensions, x.extension)
	}
	return c, nil
}

// extFlag is one extension -ext names, at the code this module suggests.
type extFlag struct {
	name      string // in -ext, and its constructor in the text form
	extension tuple.Extension
}

// extFlags are the extensions -ext knows.
var extFlags = []extFlag{
	{"decimal", tupledecimal.Extension(tupledecimal.DefaultCode)},
	{"desc", tuple.DescExtension(tuple.DefaultDescCode)},
}

func extensionNamed(name string) *extFlag {
	for i := range extFlags {
		if extFlags[i].name == name {
			return &extFlags[i]
		}
	}
	return nil
}

func extensionAt(code types.Code) *extFlag {
	for i := range extFlags {
		if extFlags[i].extension.Code() == code {
			return &extFlags[i]
		}
	}
	return nil
}
