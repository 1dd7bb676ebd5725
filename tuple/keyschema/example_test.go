package keyschema_test

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple/keyschema"
)

// A key struct whose Post field went from int32 to int64 and whose At
// field lost its descending order: the first change is safe, the second
// breaks stored keys, shown on two values.
func ExampleDiff() {
	old, err := keyschema.Parse(`("POST", Post int32, At desc(int64))`)
	if err != nil {
		fmt.Println(err)
		return
	}
	new, err := keyschema.Parse(`("POST", Post int64, At int64)`)
	if err != nil {
		fmt.Println(err)
		return
	}
	changes := keyschema.Diff(old, new)
	for _, c := range changes {
		fmt.Println(c.Category, c.Path, c.Why)
		if w := c.Witness; w != nil {
			fmt.Printf("  a = %s: OLD %x, NEW %x\n", w.A, w.OldA, w.NewA)
			if w.B != "" {
				fmt.Printf("  b = %s: OLD %x, NEW %x\n", w.B, w.OldB, w.NewB)
			}
			fmt.Println("  " + w.Effect)
		}
	}
	fmt.Println("breaks:", keyschema.Breaks(changes))
	// Output:
	// SAFE Post int32 → int64: every int32 value has the same bytes under int64 and decodes to itself
	// DECODE At desc(int64) → int64
	//   a = {Post: 1, At: 1}: OLD 02504f53540015014feafeffff, NEW 02504f53540015011501
	//   under NEW, a's OLD key does not decode: At at offset 8: tuple: invalid type code at offset 8 (user(0x4f)): user(0x4f) is not a standard type code
	// ORDER At desc(int64) → int64
	//   a = {Post: 1, At: 1}: OLD 02504f53540015014feafeffff, NEW 02504f53540015011501
	//   b = {Post: 1, At: 0}: OLD 02504f53540015014febffff, NEW 02504f535400150114
	//   OLD's keys order a before b, NEW's order a after b: keys written under OLD are out of NEW's order
	// breaks: true
}

// Parse reports where a schema breaks the grammar and what it expected.
func ExampleParse() {
	_, err := keyschema.Parse(`("USER", User uuid, Post int63)`)
	fmt.Println(err)
	// Output:
	// keyschema: offset 25: expected a type (string, bytes, bool, float32, float64, uuid, versionstamp, int8 to int64, uint8 to uint64, bigint, tuple, any, time(UNIT), duration(UNIT), ext(0xNN), custom(GoType), *TYPE, desc(TYPE), desc@0xNN(TYPE), optional(TYPE) or (ITEMS)), found "int63)"
}
