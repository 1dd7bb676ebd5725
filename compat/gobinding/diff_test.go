package gobinding_test

import (
	"bytes"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	officialsub "github.com/fdbtuple/fdbtuple/compat/gobinding/official/subspace"
	official "github.com/fdbtuple/fdbtuple/compat/gobinding/official/tuple"
	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/vectors"
)

var randomCount = flag.Int("random", 100_000, "random tuples for TestDifferential")

// deliberate lists every difference from the official binding that this
// module keeps on purpose; MIGRATING.md gives each one's reason and what a
// migrating program changes. Any other difference fails the test.
var deliberate = map[string]string{
	"more-types":            "this module packs a Go type the official binding panics on (int8-int32, uint8-uint32, named types)",
	"big-int-form":          "2^64-1 written in Python's big-integer form (1d 08 ff...) decodes as uint64, as its 1c form does; the official binding gives *big.Int",
	"strict-utf8":           "strict Unpack rejects a string that is not valid UTF-8; Codec{AllowInvalidUTF8: true} decodes it as the official binding does",
	"strict-decoding":       "strict Unpack rejects bytes no encoder writes, which the official binding decodes",
	"error-not-panic":       "an error where the official binding panics",
	"display-ambiguous":     "the official display of a byte string holding '\"' before ',' or ')' reads back as other bytes",
	"parse-strict-utf8":     "Parse rejects a string literal that is not valid UTF-8, which the official display prints for such a string",
	"python-repr-ambiguous": "the official display of a string that is not UTF-8, holds a ' and no \", and whose other bytes Go escapes as \\x80-\\xa0 or \\xad only, is also Python's repr of a str, which Parse reads (\\xNN as U+00NN, as Python packs it)",
}

// tally counts every comparison by what it found.
type tally struct {
	t      *testing.T
	same   map[string]int // check -> comparisons that agreed
	differ map[string]int // deliberate difference -> count
	bugs   int
}

func newTally(t *testing.T) *tally {
	return &tally{t: t, same: map[string]int{}, differ: map[string]int{}}
}

func (ta *tally) agree(check string) { ta.same[check]++ }

// deliberateDiff records a listed difference.
func (ta *tally) deliberateDiff(kind string) {
	if _, ok := deliberate[kind]; !ok {
		ta.t.Fatalf("unlisted difference kind %q", kind)
	}
	ta.differ[kind]++
}

// bug records a difference that is not deliberate.
func (ta *tally) bug(check string, format string, args ...any) {
	ta.bugs++
	if ta.bugs <= 20 {
		ta.t.Errorf("%s: %s", check, fmt.Sprintf(format, args...))
	}
}

func (ta *tally) report() {
	checks := make([]string, 0, len(ta.same))
	total := 0
	for c, n := range ta.same {
		checks = append(checks, fmt.Sprintf("%s %d", c, n))
		total += n
	}
	sort.Strings(checks)
	ta.t.Logf("agreed: %d comparisons (%s)", total, strings.Join(checks, ", "))
	kinds := make([]string, 0, len(ta.differ))
	for k, n := range ta.differ {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(kinds)
	ta.t.Logf("deliberate differences: %s", strings.Join(kinds, ", "))
	ta.t.Logf("other differences: %d", ta.bugs)
}

// TestDifferential compares this module with the official binding on every
// vector row and on random tuples: Pack, Unpack, String, encoding/json and
// encoding/gob of a tuple and of a struct holding one,
// HasIncompleteVersionstamp, PackWithVersionstamp, the fdb key methods,
// subspaces, reading the official display back with Parse, and where each
// panics or errors.
func TestDifferential(t *testing.T) {
	ta := newTally(t)
	packRows, err := vectors.ReadRows[vectors.PackRow]("pack.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	generated, err := vectors.ReadRowsFrom[vectors.PackRow](vectors.Generated, "generated/pack.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, r := range append(packRows, generated...) {
		tup, err := vectors.DecodeTuple(r.Tuple)
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		want, _ := hex.DecodeString(r.Packed)
		if got := tup.Pack(); !bytes.Equal(got, want) {
			ta.bug("vector pack", "%s: %x, want %x", r.Name, got, want)
		}
		compareTuple(ta, tup)
		compareUnpack(ta, want)
		rows++
	}
	for _, file := range []string{"invalid.jsonl", "decode_lenient.jsonl"} {
		inputs, err := vectors.ReadRows[struct{ Packed string }](file)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range inputs {
			b, _ := hex.DecodeString(r.Packed)
			compareUnpack(ta, b)
			rows++
		}
	}
	t.Logf("vector rows: %d", rows)
	gen := newRandomTuples(1)
	for range *randomCount {
		tup := gen.tuple(0)
		compareTuple(ta, tup)
	}
	t.Logf("random tuples: %d", *randomCount)
	compareEmpty(ta)
	ta.report()
}

// compareEmpty checks nil and empty tuples and input.
func compareEmpty(ta *tally) {
	for _, in := range [][]byte{nil, {}} {
		ours, err := tuple.Unpack(in)
		theirs, err2 := official.Unpack(in)
		if err != nil || err2 != nil || (ours == nil) != (theirs == nil) {
			ta.bug("unpack empty", "%#v: ours %#v, %v; official %#v, %v", in, ours, err, theirs, err2)
		} else {
			ta.agree("unpack empty")
		}
	}
	for _, tup := range []tuple.Tuple{nil, {}} {
		compareTuple(ta, tup)
		if (tup.Pack() == nil) != (toOfficial(tup).Pack() == nil) {
			ta.bug("pack empty", "%#v: nil-ness of the result differs", tup)
		}
	}
}

// hasType reports whether t holds, at any depth, an element for which f
// is true.
func hasType(t tuple.Tuple, f func(any) bool) bool {
	for _, v := range t {
		if inner, ok := v.(tuple.Tuple); ok {
			if hasType(inner, f) {
				return true
			}
		} else if f(v) {
			return true
		}
	}
	return false
}

func isExtraType(v any) bool {
	switch v.(type) {
	case int32, uint8, userID:
		return true
	}
	return false
}

func isInvalidString(v any) bool {
	s, ok := v.(string)
	return ok && !utf8.ValidString(s)
}

func compareTuple(ta *tally, t tuple.Tuple) {
	o := toOfficial(t)
	extra := hasType(t, isExtraType)

	ourPack, theirPack := call(ok(t.Pack)), call(ok(o.Pack))
	var packed []byte
	switch {
	case ourPack.panicked != nil && theirPack.panicked != nil:
		ta.agree("Pack panics")
	case ourPack.panicked == nil && theirPack.panicked == nil:
		packed = ourPack.val.([]byte)
		if !bytes.Equal(packed, theirPack.val.([]byte)) {
			ta.bug("Pack", "%s: ours %x, official %x", t.Text(), packed, theirPack.val)
		} else {
			ta.agree("Pack")
		}
	case theirPack.panicked != nil && extra:
		ta.deliberateDiff("more-types")
		packed = ourPack.val.([]byte)
	default:
		ta.bug("Pack", "%s: ours %v, official %v", t.Text(), ourPack, theirPack)
	}

	if packed != nil {
		compareUnpack(ta, packed)
		if !extra {
			compareKeys(ta, t, o)
		}
	}
	if !extra {
		compareString(ta, t, o)
		compareJSON(ta, t, o)
		compareGob(ta, t, o)
	}
	compareVersionstamps(ta, t, o, extra)
	if packed != nil && !extra {
		compareParse(ta, t, o, packed)
	}
}

// compareUnpack decodes b with both packages.
func compareUnpack(ta *tally, b []byte) {
	ours := call(func() (tuple.Tuple, error) { return tuple.Unpack(b) })
	theirs := call(func() (official.Tuple, error) { return official.Unpack(b) })
	switch {
	case ours.panicked != nil:
		ta.bug("Unpack", "%x: ours panicked: %v", b, ours.panicked)
	case ours.err == nil && theirs.err == nil && theirs.panicked == nil:
		if !identical(ours.val.(tuple.Tuple), fromOfficial(theirs.val.(official.Tuple))) {
			if bytes.Contains(b, bigFormMax) {
				ta.deliberateDiff("big-int-form")
				return
			}
			ta.bug("Unpack", "%x: ours %#v, official %#v", b, ours.val, theirs.val)
		} else {
			ta.agree("Unpack")
		}
	case ours.err != nil && (theirs.err != nil || theirs.panicked != nil):
		if theirs.panicked != nil {
			ta.deliberateDiff("error-not-panic")
		} else {
			ta.agree("Unpack error")
		}
	case ours.err != nil:
		lax, err := tuple.Codec{AllowInvalidUTF8: true}.Unpack(b)
		switch {
		case err == nil && identical(lax, fromOfficial(theirs.val.(official.Tuple))):
			ta.deliberateDiff("strict-utf8")
		case err != nil:
			ta.deliberateDiff("strict-decoding")
		default:
			ta.bug("Unpack", "%x: AllowInvalidUTF8 gives %#v, official %#v", b, lax, theirs.val)
		}
	default:
		ta.bug("Unpack", "%x: ours %v, official %v", b, ours, theirs)
	}
}

// bigFormMax is 2^64-1 in Python's big-integer form.
var bigFormMax = []byte{0x1d, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}

// identical is vectors.Identical, which also tells a nil nested tuple from
// an empty one (encoding/json writes null for one and [] for the other).
func identical(a, b tuple.Tuple) bool {
	if !vectors.Identical(a, b) || (a == nil) != (b == nil) {
		return false
	}
	for i, v := range a {
		if x, ok := v.(tuple.Tuple); ok && !identical(x, b[i].(tuple.Tuple)) {
			return false
		}
	}
	return true
}

func compareString(ta *tally, t tuple.Tuple, o official.Tuple) {
	ours, theirs := call(ok(t.String)), call(ok(o.String))
	if ours.String() != theirs.String() {
		ta.bug("String", "ours %s, official %s", ours, theirs)
		return
	}
	ta.agree("String")
}

type ourHolder struct {
	Key   tuple.Tuple
	Count int
}

type officialHolder struct {
	Key   official.Tuple
	Count int
}

func compareJSON(ta *tally, t tuple.Tuple, o official.Tuple) {
	for _, pair := range [][2]any{{t, o}, {ourHolder{t, 7}, officialHolder{o, 7}}} {
		ours, err := json.Marshal(pair[0])
		theirs, err2 := json.Marshal(pair[1])
		if (err == nil) != (err2 == nil) || !bytes.Equal(ours, theirs) {
			ta.bug("json.Marshal", "%T: ours %s, %v; official %s, %v", pair[0], ours, err, theirs, err2)
			continue
		}
		ta.agree("json.Marshal")
		if err != nil {
			continue
		}
		// Both read it back into their own types alike.
		var backOurs ourHolder
		var backTheirs officialHolder
		var e1, e2 error
		if _, isHolder := pair[0].(ourHolder); isHolder {
			e1, e2 = json.Unmarshal(ours, &backOurs), json.Unmarshal(theirs, &backTheirs)
		} else {
			e1, e2 = json.Unmarshal(ours, &backOurs.Key), json.Unmarshal(theirs, &backTheirs.Key)
		}
		if (e1 == nil) != (e2 == nil) || !reflect.DeepEqual(plain(backOurs.Key), plain(fromOfficial(backTheirs.Key))) {
			ta.bug("json.Unmarshal", "%s: ours %#v, %v; official %#v, %v", ours, backOurs.Key, e1, backTheirs.Key, e2)
			continue
		}
		ta.agree("json.Unmarshal")
	}
}

// compareGob checks that what one package writes with encoding/gob the
// other reads back: data a program stored with the official binding stays
// readable after the move, and the other way round. (The bytes themselves
// differ within one process only by gob's process-wide type numbers.)
func compareGob(ta *tally, t tuple.Tuple, o official.Tuple) {
	for _, pair := range [][2]any{{t, o}, {ourHolder{t, 7}, officialHolder{o, 7}}} {
		var ours, theirs bytes.Buffer
		err := gob.NewEncoder(&ours).Encode(pair[0])
		err2 := gob.NewEncoder(&theirs).Encode(pair[1])
		if (err == nil) != (err2 == nil) {
			ta.bug("gob", "%T %s: ours %v, official %v", pair[0], t.Text(), err, err2)
			continue
		}
		if err == nil {
			var intoOurs ourHolder
			var intoTheirs officialHolder
			var e1, e2 error
			if _, isHolder := pair[0].(ourHolder); isHolder {
				e1, e2 = gob.NewDecoder(&theirs).Decode(&intoOurs), gob.NewDecoder(&ours).Decode(&intoTheirs)
			} else {
				e1, e2 = gob.NewDecoder(&theirs).Decode(&intoOurs.Key), gob.NewDecoder(&ours).Decode(&intoTheirs.Key)
			}
			if e1 != nil || e2 != nil || !sameValues(intoOurs.Key, fromOfficial(intoTheirs.Key)) {
				ta.bug("gob", "%T %s: read across: %v, %v", pair[0], t.Text(), e1, e2)
				continue
			}
		}
		ta.agree("gob")
	}
}

func compareVersionstamps(ta *tally, t tuple.Tuple, o official.Tuple, extra bool) {
	has, err := t.HasIncompleteVersionstamp()
	has2, err2 := o.HasIncompleteVersionstamp()
	if has != has2 || (err == nil) != (err2 == nil) {
		ta.bug("HasIncompleteVersionstamp", "%s: ours %v, %v; official %v, %v", t.Text(), has, err, has2, err2)
	} else {
		ta.agree("HasIncompleteVersionstamp")
	}
	prefix := []byte("pre\x00")
	ours := call(func() ([]byte, error) { return t.PackWithVersionstamp(prefix) })
	theirs := call(func() ([]byte, error) { return o.PackWithVersionstamp(prefix) })
	switch {
	case ours.panicked != nil:
		ta.bug("PackWithVersionstamp", "%s: ours panicked: %v", t.Text(), ours.panicked)
	case ours.err == nil && theirs.err == nil && theirs.panicked == nil:
		if !bytes.Equal(ours.val.([]byte), theirs.val.([]byte)) {
			ta.bug("PackWithVersionstamp", "%s: ours %x, official %x", t.Text(), ours.val, theirs.val)
		} else {
			ta.agree("PackWithVersionstamp")
		}
	case ours.err != nil && theirs.err != nil:
		ta.agree("PackWithVersionstamp error")
	case ours.err != nil && theirs.panicked != nil:
		ta.deliberateDiff("error-not-panic")
	case ours.err == nil && theirs.panicked != nil && extra:
		ta.deliberateDiff("more-types")
	default:
		ta.bug("PackWithVersionstamp", "%s: ours %v, official %v", t.Text(), ours, theirs)
	}
}

// compareKeys checks the fdb key methods of a tuple and the subspace
// package on a tuple that packs.
func compareKeys(ta *tally, t tuple.Tuple, o official.Tuple) {
	if !bytes.Equal(t.FDBKey(), o.FDBKey()) {
		ta.bug("FDBKey", "%s", t.Text())
	}
	b1, e1 := t.FDBRangeKeys()
	b2, e2 := o.FDBRangeKeys()
	if !bytes.Equal(b1.FDBKey(), b2.FDBKey()) || !bytes.Equal(e1.FDBKey(), e2.FDBKey()) {
		ta.bug("FDBRangeKeys", "%s", t.Text())
	}
	s1, s2 := t.FDBRangeKeySelectors()
	s3, s4 := o.FDBRangeKeySelectors()
	if !reflect.DeepEqual(s1, s3) || !reflect.DeepEqual(s2, s4) {
		ta.bug("FDBRangeKeySelectors", "%s", t.Text())
	}
	ta.agree("fdb key methods")

	ours, theirs := subspace.Sub(t...), officialsub.Sub(o...)
	key, key2 := ours.Pack(t), theirs.Pack(o)
	r1, r2 := ours.FDBRangeKeys()
	r3, r4 := theirs.FDBRangeKeys()
	switch {
	case !bytes.Equal(ours.Bytes(), theirs.Bytes()) || !bytes.Equal(ours.FDBKey(), theirs.FDBKey()):
		ta.bug("subspace Bytes", "%s", t.Text())
	case fmt.Sprint(ours) != fmt.Sprint(theirs):
		ta.bug("subspace String", "ours %s, official %s", ours, theirs)
	case !bytes.Equal(key, key2):
		ta.bug("subspace Pack", "%s: ours %x, official %x", t.Text(), key, key2)
	case !bytes.Equal(r1.FDBKey(), r3.FDBKey()) || !bytes.Equal(r2.FDBKey(), r4.FDBKey()):
		ta.bug("subspace FDBRangeKeys", "%s", t.Text())
	case ours.Contains(key) != theirs.Contains(key) || ours.Contains(fdb.Key("x")) != theirs.Contains(fdb.Key("x")):
		ta.bug("subspace Contains", "%s", t.Text())
	default:
		ta.agree("subspace")
	}
	u1, err := ours.Unpack(key)
	u2, err2 := theirs.Unpack(key2)
	switch {
	case err == nil && err2 == nil && identical(u1, fromOfficial(u2)):
		ta.agree("subspace Unpack")
	case err != nil && err2 == nil && hasType(t, isInvalidString):
		ta.deliberateDiff("strict-utf8")
	default:
		ta.bug("subspace Unpack", "%s: ours %v, %v; official %v, %v", t.Text(), u1, err, u2, err2)
	}
	sub2, sub3 := ours.Sub("x", 1), theirs.Sub("x", 1)
	if !bytes.Equal(sub2.Bytes(), sub3.Bytes()) {
		ta.bug("subspace Sub", "%s", t.Text())
	}
}

// compareParse reads the official display of t back with Parse.
func compareParse(ta *tally, t tuple.Tuple, o official.Tuple, packed []byte) {
	if hasType(t, func(v any) bool {
		switch v.(type) {
		case fdb.Key, big.Int: // printed as %v: bare printable, struct fields
			return true
		}
		return false
	}) {
		return
	}
	display := o.String()
	got, err := tuple.Parse(display)
	if err != nil {
		if hasType(t, isInvalidString) {
			ta.deliberateDiff("parse-strict-utf8")
			return
		}
		if quoteInBytes(t) {
			ta.deliberateDiff("display-ambiguous")
			return
		}
		ta.bug("Parse(official String)", "%s: %v", display, err)
		return
	}
	if hasType(t, func(v any) bool {
		switch v.(type) {
		case float32, float64: // %v drops the type and a whole float's point
			return true
		}
		return false
	}) {
		ta.agree("Parse(official String)")
		return
	}
	want, _ := tuple.Codec{AllowInvalidUTF8: true}.Unpack(packed)
	switch {
	case vectors.Identical(got, want):
		ta.agree("Parse(official String)")
	case quoteInBytes(t):
		ta.deliberateDiff("display-ambiguous")
	case pythonAmbiguous(t):
		ta.deliberateDiff("python-repr-ambiguous")
	default:
		ta.bug("Parse(official String)", "%s = %s, want %s", display, got.Text(), want.Text())
	}
}

// pythonAmbiguous reports whether a string of t reads as a Python repr
// when the official binding displays it: not valid UTF-8, with a ' and no
// '"', and every byte Go's quoting escapes as \xNN (the bytes of no valid
// UTF-8 sequence) one that Python's repr of a str escapes too (80-A0, AD).
func pythonAmbiguous(t tuple.Tuple) bool {
	return hasType(t, func(v any) bool {
		s, ok := v.(string)
		if !ok || utf8.ValidString(s) || !strings.Contains(s, "'") || strings.Contains(s, `"`) {
			return false
		}
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 && !(s[i] >= 0x80 && s[i] <= 0xA0 || s[i] == 0xAD) {
				return false
			}
			i += n
		}
		return true
	})
}

// quoteInBytes reports whether a byte string of t holds a '"'.
func quoteInBytes(t tuple.Tuple) bool {
	return hasType(t, func(v any) bool {
		b, ok := v.([]byte)
		return ok && slices.Contains(b, '"')
	})
}

// sameValues compares tuples of any Go types (gob gives back int as int),
// NaNs included, by their Go syntax.
func sameValues(a, b tuple.Tuple) bool {
	return (a == nil) == (b == nil) && fmt.Sprintf("%#v", plain(a)) == fmt.Sprintf("%#v", plain(b))
}

// plain returns t as a []any, nil for nil.
func plain(t tuple.Tuple) []any { return []any(t) }
