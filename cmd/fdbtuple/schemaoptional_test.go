package main

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// replyKey is a key type that grew: Reply and Note were appended as
// optional fields, which a nil leaves out of the key.
type replyKey struct {
	_     struct{} `tuple:"C,const"`
	Post  int64
	Reply *int64  `tuple:",optional"`
	Note  *string `tuple:",optional"`
}

const replySchema = `("C", Post int64, Reply optional(int64), Note optional(string))`

// TestSchemaOptional: unpack, pack and schema diff read optional(T) as
// the plan writes it: a nil optional field is left out of the key (and
// may be left out of pack's text), a key that ends before it prints it
// nil, a null where it would be is no key of the schema, and appending
// optional fields is SAFE where removing one breaks.
func TestSchemaOptional(t *testing.T) {
	plan := tuple.MustPlan[replyKey](tuple.Codec{})
	if got := plan.Schema(); got != replySchema {
		t.Fatalf("the plan's schema is %s, the test's %s", got, replySchema)
	}
	key := func(v replyKey) string {
		k, err := plan.Marshal(&v)
		if err != nil {
			t.Fatal(err)
		}
		return hex.EncodeToString(k)
	}
	reply, note := int64(9), "hi"
	bare, replied, noted := key(replyKey{Post: 7}), key(replyKey{Post: 7, Reply: &reply}), key(replyKey{Post: 7, Reply: &reply, Note: &note})
	if bare != "0243001507" {
		t.Fatalf("the key without the optional fields is %s", bare)
	}
	dir := t.TempDir()
	file := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	v1, v2, v3 := file("v1.schema", `("C", Post int64)`), file("v2.schema", replySchema), file("v3.schema", `("C", Post int64, Reply optional(int64))`)
	tests := []golden{
		{name: "unpack a key that ends before them", args: []string{"unpack", "-schema", replySchema, bare}, stdout: "Post=7 Reply=nil Note=nil\n"},
		{name: "unpack a key that ends before Note", args: []string{"unpack", "-schema", replySchema, replied}, stdout: "Post=7 Reply=9 Note=nil\n"},
		{name: "unpack a key with both", args: []string{"unpack", "-schema", replySchema, noted}, stdout: "Post=7 Reply=9 Note=\"hi\"\n"},
		{name: "pack without them", args: []string{"pack", "-schema", replySchema, "Post=7"}, stdout: bare + "\n"},
		{name: "pack them nil", args: []string{"pack", "-schema", replySchema, "Post=7", "Reply=nil", "Note=nil"}, stdout: bare + "\n"},
		{name: "pack one", args: []string{"pack", "-schema", replySchema, "Post=7", "Reply=9"}, stdout: replied + "\n"},
		{name: "pack both", args: []string{"pack", "-schema", replySchema, "Post=7", "Reply=9", `Note="hi"`}, stdout: noted + "\n"},
		{name: "pack a set one after a nil one", args: []string{"pack", "-schema", replySchema, "Post=7", `Note="hi"`}, code: 1,
			stderr: "Note is set and Reply before it is nil"},
		{name: "a null where an optional field is", args: []string{"unpack", "-schema", replySchema, bare + "00"}, code: 1,
			stderr: "a null, but an optional field is left out of the key when nil, never written as a null"},
		{name: "a required field is not optional", args: []string{"pack", "-schema", replySchema, "Reply=9"}, code: 1,
			stderr: "missing Post"},
		{name: "an optional field before a required one", args: []string{"pack", "-schema", `(A optional(int64), B int64)`, "B=1"}, code: 2,
			stderr: "expected an optional field after optional field A"},
		{name: "schema diff: optional fields appended", args: []string{"schema", "diff", v1, v2},
			stdout: "SAFE Reply: field Reply optional(int64) appended at position 2; field Note optional(string) appended at position 3: " + growsText + "\n"},
		{name: "schema diff: an optional field removed", args: []string{"schema", "diff", v2, v3}, code: 1,
			stdout: `DECODE Note: field Note optional(string) removed from position 3; a = {Post: 1, Reply: 1, Note: "a"}, key 02430015011501026100 under OLD, 02430015011501 under NEW: under NEW, a's OLD key does not decode: key at offset 7: the key goes on after the schema's last item` + "\n",
			stderr: "1 of 1 changes break keys stored under OLD"},
	}
	for _, g := range tests {
		g.run(t)
	}
}

// growsText is why keyschema calls appended optional fields SAFE.
const growsText = "a key stored under OLD ends before the optional fields appended and decodes with them nil, " +
	"a key of NEW that leaves them nil is OLD's key byte for byte, and a key that ends sorts before every longer one " +
	"(as a nil sorts first), so order and ranges hold"
