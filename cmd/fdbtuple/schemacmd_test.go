package main

import (
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
	"github.com/google/uuid"
	"github.com/shopspring/decimal"
)

// eventKey is a program's key type, whose keys the CLI reads and writes
// by its schema alone.
type eventKey struct {
	_     struct{} `tuple:"EV,const"`
	User  uuid.UUID
	At    time.Time `tuple:",unit=ms,desc"`
	Meta  *eventMeta
	Wait  time.Duration   `tuple:",unit=s"`
	Price decimal.Decimal `tuple:",ext=0x40"`
}

type eventMeta struct {
	Note string
	Seq  uint16
}

const eventSchema = `("EV", User uuid, At desc(time(ms)), Meta *(Note string, Seq uint16), Wait duration(s), Price ext(0x40))`

// eventKeys returns the plan's keys of two events, one with Meta nil.
func eventKeys(t *testing.T) (full, bare string) {
	t.Helper()
	plan, err := tuple.NewPlan[eventKey](tuple.Codec{Extensions: []tuple.Extension{tupledecimal.Extension(tupledecimal.DefaultCode)}})
	if err != nil {
		t.Fatal(err)
	}
	if got := plan.Schema(); got != eventSchema {
		t.Fatalf("the plan's schema is %s, the test's %s", got, eventSchema)
	}
	at := time.Date(2024, 3, 1, 12, 0, 0, 250e6, time.UTC)
	user := uuid.MustParse("0b5ea1d4-5f4d-4e0a-9a58-2b1c1b2a2f11")
	k1, err := plan.Marshal(&eventKey{User: user, At: at, Meta: &eventMeta{Note: "hi there", Seq: 7}, Wait: 90 * time.Second, Price: decimal.RequireFromString("19.990")})
	if err != nil {
		t.Fatal(err)
	}
	k2, err := plan.Marshal(&eventKey{User: user, At: at, Wait: -time.Hour, Price: decimal.Zero})
	if err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(k1), hex.EncodeToString(k2)
}

func TestSchemaUnpackPack(t *testing.T) {
	full, bare := eventKeys(t)
	goldenFile := filepath.Join(t.TempDir(), "eventkey.schema")
	if err := os.WriteFile(goldenFile, []byte(eventSchema+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const fullText = `User=UUID("0b5ea1d4-5f4d-4e0a-9a58-2b1c1b2a2f11") At=2024-03-01T12:00:00.250Z Meta.Note="hi there" Meta.Seq=7 Wait=1m30s Price=decimal("19.99")`
	const bareText = `User=UUID("0b5ea1d4-5f4d-4e0a-9a58-2b1c1b2a2f11") At=2024-03-01T12:00:00.250Z Meta=nil Wait=-1h0m0s Price=decimal("0")`
	prefixed := "6170702f" + full // app/
	tests := []golden{
		{name: "unpack by schema text", args: []string{"unpack", "-schema", eventSchema, full}, stdout: fullText + "\n"},
		{name: "unpack by golden file", args: []string{"unpack", "-schema", goldenFile, bare}, stdout: bareText + "\n"},
		{name: "unpack lines", args: []string{"unpack", "-schema", goldenFile}, stdin: full + "\n" + bare + "\n", stdout: fullText + "\n" + bareText + "\n"},
		{name: "unpack fdbcli lines with values", args: []string{"unpack", "-values", "-schema", goldenFile},
			stdin:  "`" + printable(t, full) + "' is `\\x15\\x01'\n",
			stdout: fullText + " = (1,)\n"},
		{name: "unpack under a prefix", args: []string{"unpack", "-schema", eventSchema, "-prefix", "app/", prefixed}, stdout: fullText + "\n"},
		{name: "pack by fields", args: []string{"pack", "-schema", eventSchema,
			`User=UUID("0b5ea1d4-5f4d-4e0a-9a58-2b1c1b2a2f11")`, "At=2024-03-01T13:00:00.25+01:00", `Meta.Note="hi there"`, "Meta.Seq=7", "Wait=90s", `Price=decimal("19.99")`},
			stdout: full + "\n"},
		{name: "pack unpack's text, any order", args: []string{"pack", "-schema", goldenFile, `Price=decimal("0") ` + strings.Replace(bareText, `Price=decimal("0")`, "", 1)}, stdout: bare + "\n"},
		{name: "pack printable", args: []string{"pack", "-format", "printable", "-schema", `("EV", At desc(time(ms)), ID int64)`, "At=2024-03-01T12:00:00Z", "ID=7"},
			stdout: `\x02EV\x00O\xe5\xfer\x06\x1dM\xff\x00\xff\xff\x15\x07` + "\n"},

		// keys that are not the schema's: the offset in the whole key and the field
		{name: "truncated", args: []string{"unpack", "-schema", eventSchema, full[:len(full)-2]}, code: 1,
			stderr: "unterminated element at offset " + strconv.Itoa(len(full)/2-1) + " (element [5], user(0x40)): field Price (decimal.Decimal): decimal: digits do not end"},
		{name: "another constant", args: []string{"unpack", "-schema", eventSchema, "02455700"}, code: 1,
			stderr: `at offset 0 (element [0], string): want the constant "EV", found "EW"`},
		{name: "a field of another kind", args: []string{"unpack", "-schema", eventSchema, "024556000275736572"}, code: 1,
			stderr: "at offset 4 (element [1], string): field User (uuid.UUID)"},
		{name: "a key that goes on", args: []string{"unpack", "-schema", eventSchema, full + "15"}, code: 1,
			stderr: "too many elements at offset " + strconv.Itoa(len(full)/2) + " (element [6], int +1 bytes): the key holds more than the 6 fields of " + eventSchema},
		{name: "offsets count the prefix", args: []string{"unpack", "-schema", eventSchema, "-prefix", "app/", "6170702f02455700"}, code: 1,
			stderr: "at offset 4 (element [0], string)"},
		{name: "a key without the prefix", args: []string{"unpack", "-schema", eventSchema, "-prefix", "app/", full}, code: 1,
			stderr: "does not start with the prefix app/"},

		// a PlanUnder's schema: its prefix is taken off, and written
		{name: "unpack a schema under a prefix", args: []string{"unpack", "-schema", `under ("app",) ` + eventSchema, "0261707000" + full}, stdout: fullText + "\n"},
		{name: "unpack under -prefix and a schema's prefix", args: []string{"unpack", "-schema", `under ("app",) ` + eventSchema, "-prefix", "db/", "64622f0261707000" + full}, stdout: fullText + "\n"},
		{name: "pack a schema under a prefix", args: []string{"pack", "-schema", `under 0xfe01 ("EV", At desc(time(ms)), ID int64)`, "At=2024-03-01T12:00:00Z", "ID=7"},
			stdout: "fe01024556004fe5fe72061d4dff00ffff1507\n"},
		{name: "a key outside the schema's prefix", args: []string{"unpack", "-schema", `under ("app",) ` + eventSchema, full}, code: 1,
			stderr: `does not start with the prefix \x02app\x00`},
		{name: "a key with a prefix the schema lacks names -prefix", args: []string{"unpack", "-schema", eventSchema, "0261707000" + full}, code: 1,
			stderr: `after its first 5 bytes (\x02app\x00): give the prefix with -prefix 0261707000, or write the schema under it (under ("app",) ` + eventSchema + ")"},

		// schemas the CLI cannot read as a plan does
		{name: "not a plan's schema", args: []string{"unpack", "-schema", "(X desc(*int64))", "15"}, code: 2,
			stderr: "this is not a schema a plan prints: a plan of its fields prints (X *desc(int64))"},
		{name: "an unknown extension", args: []string{"unpack", "-schema", "(P ext(0x41))", "15"}, code: 2,
			stderr: "field P: ext(0x41): this tool knows one extension by its code, the decimal at 0x40"},
		{name: "a schema that does not parse", args: []string{"pack", "-schema", "(X int9)", "X=1"}, code: 2,
			stderr: "keyschema: offset 3: expected a type"},
		{name: "a missing schema file", args: []string{"pack", "-schema", filepath.Join(t.TempDir(), "none"), "X=1"}, code: 2, stderr: "no such file"},
		{name: "a custom field's element", args: []string{"unpack", "-schema", "(A int64, C custom(shop.Cents))", "15011505"}, stdout: "A=1 C=5\n"},
		{name: "a custom field's element the text form does not print", args: []string{"unpack", "-schema", "(A int64, C custom(shop.Cents))", "150113ff"}, code: 1,
			stderr: "tuple: non-canonical integer encoding at offset 2 (element [1 0], int -1 bytes): field C (custom): leading ff byte"},
		{name: "a custom field written", args: []string{"pack", "-schema", "(A int64, C custom(shop.Cents))", "A=1", "C=5"}, stdout: "15011505\n"},
		{name: "-ext for an any field's element", args: []string{"unpack", "-ext", "decimal", "-schema", "(A any)", "40c11e"}, stdout: "A=decimal(\"1.5\")\n"},
		{name: "an any field's element without -ext", args: []string{"unpack", "-schema", "(A any)", "40c11e"}, code: 1, stderr: "field A (interface {}): user(0x40) is not a standard type code (user type code 0x40 is this module's decimal: try -ext decimal)"},
		{name: "-path and -schema", args: []string{"unpack", "-path", "-schema", eventSchema, full}, code: 2, stderr: "-path and -schema print a key two ways"},

		// field text pack refuses, naming the field
		{name: "missing fields", args: []string{"pack", "-schema", eventSchema, `User=UUID("0b5ea1d4-5f4d-4e0a-9a58-2b1c1b2a2f11")`}, code: 1,
			stderr: "missing At, Meta, Wait, Price: every field takes a value (nil for a nullable one; an optional one left out is nil)"},
		{name: "unknown field", args: []string{"pack", "-schema", `(A int64, M (B string))`, "A=1", `M.B="x"`, "M.C=2"}, code: 1,
			stderr: "M.C: the schema has no such field; its fields are A, M.B"},
		{name: "a field twice", args: []string{"pack", "-schema", `(A int64)`, "A=1", "A=2"}, code: 1, stderr: "A: given twice"},
		{name: "out of range", args: []string{"pack", "-schema", `(A int8)`, "A=128"}, code: 1, stderr: "A=128: outside int8"},
		{name: "negative unsigned", args: []string{"pack", "-schema", `(A uint64)`, "A=-1"}, code: 1, stderr: "A=-1: outside uint64"},
		{name: "float32 unmarked", args: []string{"pack", "-schema", `(F float32)`, "F=1.5"}, code: 1, stderr: "F=1.5: 1.5 is a float64, not a value of float32, written float32(1.5)"},
		{name: "bad time", args: []string{"pack", "-schema", `(At time(ms))`, "At=2024-03-01"}, code: 1,
			stderr: "At=2024-03-01: not an RFC 3339 time (2024-03-01T12:00:00Z) nor a count of ms since the Unix epoch"},
		{name: "time finer than its unit", args: []string{"pack", "-schema", `(At time(ms))`, "At=2024-03-01T12:00:00.0005Z"}, code: 1,
			stderr: "field At (time.Time)): the unit is ms: truncate the value first"},
		{name: "bad duration", args: []string{"pack", "-schema", `(D duration(ns))`, "D=5min"}, code: 1, stderr: "D=5min: not a Go duration"},
		{name: "unclosed quote", args: []string{"pack", "-schema", `(S string)`, `S="a b`}, code: 1, stderr: "S: the value at offset 2 does not end"},
		{name: "no value", args: []string{"pack", "-schema", `(S *string)`, `S=`}, code: 1, stderr: "S= at offset 0: no value (nil, for a nullable field's nil)"},
		{name: "a struct given whole", args: []string{"pack", "-schema", `(M (B string))`, `M=("x",)`}, code: 1, stderr: `M=("x",): a struct field is given by its fields, M.Name=value`},
		{name: "a tuple where one element goes", args: []string{"pack", "-schema", `(A any)`, `A=1,2`}, code: 1, stderr: "A=1,2: 2 elements where the field holds one"},
		{name: "no pairs", args: []string{"pack", "-schema", `(A any)`, `1`}, code: 1, stderr: `"1" at offset 0: want Name=value`},
	}
	for _, g := range tests {
		g.run(t)
	}
}

// TestSchemaTimesPastRFC3339: a time RFC 3339 cannot write (before year
// 0000, after 9999) prints as its count of units, which pack reads back.
func TestSchemaTimesPastRFC3339(t *testing.T) {
	const schema = `(At time(s), Us time(us))`
	tests := []golden{
		{name: "year -1", args: []string{"unpack", "-schema", schema, "0ff1868b83fe14"}, stdout: "At=-62167219201 Us=1970-01-01T00:00:00.000000Z\n"},
		{name: "year -1 back", args: []string{"pack", "-schema", schema, "At=-62167219201", "Us=1970-01-01T00:00:00Z"}, stdout: "0ff1868b83fe14\n"},
		{name: "year 10000", args: []string{"unpack", "-schema", schema, "193afff4418014"}, stdout: "At=253402300800 Us=1970-01-01T00:00:00.000000Z\n"},
		{name: "year 10000 back", args: []string{"pack", "-schema", schema, "At=253402300800", "Us=0"}, stdout: "193afff4418014\n"},
		{name: "the years RFC 3339 writes", args: []string{"unpack", "-schema", "(A time(s), B time(s))", "0ff1868b83ff193afff4417f"},
			stdout: "A=0000-01-01T00:00:00Z B=9999-12-31T23:59:59Z\n"},
		{name: "past time.Time", args: []string{"pack", "-schema", schema, "At=1" + strings.Repeat("0", 30), "Us=0"}, code: 1,
			stderr: "At=1000000000000000000000000000000: 1000000000000000000000000000000 s since the Unix epoch is past what a time.Time holds"},
	}
	for _, g := range tests {
		g.run(t)
	}
}

// TestSchemaHelpTexts: help unpack and help pack say how -schema reads
// and writes fields.
func TestSchemaHelpTexts(t *testing.T) {
	for cmd, wants := range map[string][]string{
		"unpack": {"-schema S", "NAME=VALUE", "RFC 3339", "golden", "byte offset and the field", "fdbtuple unpack -schema"},
		"pack":   {"-schema S", "NAME=VALUE", "RFC 3339", "Go writes it", "nullable field's nil", "fdbtuple pack -schema"},
	} {
		out, err := exec.Command(binary, "help", cmd).Output()
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range wants {
			if !strings.Contains(string(out), want) {
				t.Errorf("fdbtuple help %s does not say %q:\n%s", cmd, want, out)
			}
		}
	}
}

// TestSchemaHelpExamples: the -schema examples of the help texts print
// what they say.
func TestSchemaHelpExamples(t *testing.T) {
	const schema = `("EV", At desc(time(ms)), ID int64)`
	code, key, _ := runCLI("pack", "-schema", schema, "At=2024-03-01T12:00:00Z", "ID=7")
	for cmd, want := range map[string]string{"pack": strings.TrimSpace(key), "unpack": "At=2024-03-01T12:00:00.000Z ID=7"} {
		_, help, _ := runCLI("help", cmd)
		if code != 0 || !strings.Contains(help, want) {
			t.Errorf("help %s does not show %q (exit %d)", cmd, want, code)
		}
	}
	if code, out, _ := runCLI("unpack", "-schema", schema, strings.TrimSpace(key)); code != 0 || out != "At=2024-03-01T12:00:00.000Z ID=7\n" {
		t.Errorf("unpack -schema of the example's key: %q (exit %d)", out, code)
	}
}

func printable(t *testing.T, hexKey string) string {
	t.Helper()
	b, err := hex.DecodeString(hexKey)
	if err != nil {
		t.Fatal(err)
	}
	return tuple.Printable(b)
}
