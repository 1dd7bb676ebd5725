package main

import (
	"flag"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
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
	all     bool   // peers: fail unless every peer is built

	// check
	seed        int
	random      int
	timeout     time.Duration
	json        string
	divergences string

	// demo
	db string

	// matrix
	date string

	// gen
	types string
}

func newFlagSet(name string, o *options, names []string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	for _, n := range names {
		switch n {
		case "format":
			fs.StringVar(&o.format, "format", "hex", "print keys as `hex`, printable (fdbcli's \\x00 form) or raw bytes")
		case "input":
			fs.StringVar(&o.input, "input", "auto", "read KEY arguments as `auto` (hex if only hex digits, else printable), hex or printable")
		case "raw":
			fs.BoolVar(&o.raw, "raw", false, "read one key as raw bytes from standard input")
		case "seed":
			fs.IntVar(&o.seed, "seed", 1, "seed of the random run, to repeat it")
		case "random":
			fs.IntVar(&o.random, "random", 10000, "number of random tuples (and near-equal pairs) in the differential run")
		case "timeout":
			fs.DurationVar(&o.timeout, "timeout", 5*time.Second, "how long the peer may take to answer one request")
		case "json":
			fs.StringVar(&o.json, "json", "", "also write the report as JSON to `FILE` (- for standard output)")
		case "divergences":
			fs.StringVar(&o.divergences, "divergences", "", "read known divergences from `FILE` instead of the built-in list")
		case "ext":
			fs.StringVar(&o.ext, "ext", "", "decode this module's extensions too: `LIST` of decimal (code 0x40) and desc (code 0x4f), comma-separated")
		case "prefix":
			fs.StringVar(&o.prefix, "prefix", "", "each key starts with this raw `KEY` prefix (hex or printable, as -input says), which is checked and stripped")
		case "all":
			fs.BoolVar(&o.all, "all", false, "exit with status 1 unless every live peer is built")
		case "values":
			fs.BoolVar(&o.values, "values", false, "for fdbcli getrange lines on standard input, decode each value too")
		case "date":
			fs.StringVar(&o.date, "date", "", "the `DATE` to print (default: today, UTC)")
		case "db":
			fs.StringVar(&o.db, "db", "", "bbolt database `FILE` to use (default: a new one in a temporary directory)")
		case "type":
			fs.StringVar(&o.types, "type", "", "the key struct `TYPES` to write methods for, comma-separated")
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
	if len(positional) < c.minArgs || len(positional) > c.maxArgs {
		return usagef("want %s, got %d arguments", argCount(c.minArgs, c.maxArgs), len(positional))
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

func argCount(lo, hi int) string {
	switch {
	case lo == hi && lo == 1:
		return "1 argument"
	case lo == hi:
		return strconv.Itoa(lo) + " arguments"
	}
	return strconv.Itoa(lo) + " to " + strconv.Itoa(hi) + " arguments"
}

// codec is the tuple codec the flags ask for: strict or lenient, with the
// extensions named by -ext at the codes this module suggests.
func (o *options) codec() (tuple.Codec, error) {
	c := tuple.Codec{Lenient: o.lenient}
	if o.ext == "" {
		return c, nil
	}
	for _, name := range strings.Split(o.ext, ",") {
		switch strings.TrimSpace(name) {
		case "decimal":
			c.Extensions = append(c.Extensions, tupledecimal.Extension(tupledecimal.DefaultCode))
		case "desc":
			c.Extensions = append(c.Extensions, tuple.DescExtension(tuple.DefaultDescCode))
		default:
			return c, usagef("-ext knows decimal and desc, not %q", name)
		}
	}
	return c, nil
}
