package directory

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// How this package prints directory names: one rule, for FormatPath,
// every *Error and every Finding, and for the fdbtuple CLI.
//
// Names are never normalized: "café" with é (U+00E9, NFC) and "café" with
// e and a combining acute accent (U+0301, NFD) are two directories, in
// every binding. strconv.Quote prints both as "café", since a combining
// mark is a printable character. QuoteName escapes every character that
// does not stand for itself under Unicode's canonical equivalence, so that
// the two print as "café" and "cafe\u0301".
//
// Why these characters: a string of the others is its own NFC (none of
// them is changed by normalization, none combines with a neighbour), so
// two canonically equivalent names, being different, cannot both print
// without an escape; and what is escaped is exact. The others print as
// strconv.Quote prints them.

// QuoteName writes a directory name as this package prints names: as
// strconv.Quote writes it (non-printable characters, a 00 byte and bytes
// that are not UTF-8 escaped), and with every character escaped (\u0301)
// that canonical equivalence could make look like another name: combining
// marks, Hangul conjoining jamo, and the characters that normalization to
// NFC replaces (the Ohm sign U+2126 by Omega U+03A9, for instance). So two
// different names never print alike, even when they are the NFC and NFD
// forms of one text, and the text reads back exactly (strconv.Unquote, or
// a string in tuple.Parse's text form):
//
//	QuoteName("café")          "café"
//	QuoteName("cafe\u0301")    "cafe\u0301"
//	QuoteName("a/b")           "a/b"
//	QuoteName("\x00")          "\x00"
//	QuoteName("")              ""
//
// Names in scripts written with combining marks (Devanagari vowel signs,
// for instance) print with their marks escaped: exact, and less readable.
// Letters that merely look alike (Latin a and Cyrillic а) are different
// characters, not canonically equivalent, and print as they are.
func QuoteName(name string) string {
	if !strings.ContainsFunc(name, ambiguousRune) {
		return strconv.Quote(name)
	}
	b := make([]byte, 0, len(name)+16)
	b = append(b, '"')
	run := 0 // start of the text not yet written, which has no ambiguous rune
	for i, r := range name {
		if !ambiguousRune(r) {
			continue
		}
		b = appendQuotedText(b, name[run:i])
		if r <= 0xFFFF {
			b = append(b, `\u`...)
			b = appendHex(b, uint32(r), 4)
		} else {
			b = append(b, `\U`...)
			b = appendHex(b, uint32(r), 8)
		}
		run = i + utf8.RuneLen(r)
	}
	b = appendQuotedText(b, name[run:])
	return string(append(b, '"'))
}

// FormatPath writes a path as the errors of this package do: a tuple of
// names each written by QuoteName, ("a", "b"); the root is ().
func FormatPath(path []string) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, name := range path {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(QuoteName(name))
	}
	b.WriteByte(')')
	return b.String()
}

// appendQuotedText appends s as strconv.Quote writes it, without the
// quotes.
func appendQuotedText(b []byte, s string) []byte {
	q := strconv.Quote(s)
	return append(b, q[1:len(q)-1]...)
}

func appendHex(b []byte, v uint32, digits int) []byte {
	const hex = "0123456789abcdef"
	for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
		b = append(b, hex[v>>uint(shift)&0xF])
	}
	return b
}

// ambiguousRune reports whether r is escaped by QuoteName although
// printable: a combining mark, a Hangul conjoining jamo, or a character
// that NFC replaces. A byte that is not UTF-8 (utf8.RuneError) is not:
// strconv.Quote escapes it.
func ambiguousRune(r rune) bool {
	return r >= 0x300 && (unicode.Is(unicode.M, r) || unicode.Is(hangulJamo, r) || unicode.Is(replacedByNFC, r))
}

// hangulJamo are the conjoining jamo, from which Hangul syllables compose
// (U+1100 U+1161 is U+AC00 under canonical equivalence).
var hangulJamo = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x1100, Hi: 0x11ff, Stride: 1},
		{Lo: 0xa960, Hi: 0xa97f, Stride: 1},
		{Lo: 0xd7b0, Hi: 0xd7ff, Stride: 1},
	},
}

// replacedByNFC are the characters, other than combining marks, that
// normalization to NFC does not leave as they are: the singleton
// decompositions (U+2126 OHM SIGN is U+03A9) and the composition
// exclusions (U+0958 is U+0915 U+093C). From Unicode 14.0's data; the
// normalization stability policy never changes an encoded character's
// decomposition, so the set only grows with characters encoded later.
var replacedByNFC = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x0374, Hi: 0x0374, Stride: 1}, // GREEK NUMERAL SIGN
		{Lo: 0x037e, Hi: 0x037e, Stride: 1}, // GREEK QUESTION MARK
		{Lo: 0x0387, Hi: 0x0387, Stride: 1}, // GREEK ANO TELEIA
		{Lo: 0x0958, Hi: 0x095f, Stride: 1}, // DEVANAGARI LETTER QA
		{Lo: 0x09dc, Hi: 0x09dd, Stride: 1}, // BENGALI LETTER RRA
		{Lo: 0x09df, Hi: 0x09df, Stride: 1}, // BENGALI LETTER YYA
		{Lo: 0x0a33, Hi: 0x0a33, Stride: 1}, // GURMUKHI LETTER LLA
		{Lo: 0x0a36, Hi: 0x0a36, Stride: 1}, // GURMUKHI LETTER SHA
		{Lo: 0x0a59, Hi: 0x0a5b, Stride: 1}, // GURMUKHI LETTER KHHA
		{Lo: 0x0a5e, Hi: 0x0a5e, Stride: 1}, // GURMUKHI LETTER FA
		{Lo: 0x0b5c, Hi: 0x0b5d, Stride: 1}, // ORIYA LETTER RRA
		{Lo: 0x0f43, Hi: 0x0f43, Stride: 1}, // TIBETAN LETTER GHA
		{Lo: 0x0f4d, Hi: 0x0f4d, Stride: 1}, // TIBETAN LETTER DDHA
		{Lo: 0x0f52, Hi: 0x0f52, Stride: 1}, // TIBETAN LETTER DHA
		{Lo: 0x0f57, Hi: 0x0f57, Stride: 1}, // TIBETAN LETTER BHA
		{Lo: 0x0f5c, Hi: 0x0f5c, Stride: 1}, // TIBETAN LETTER DZHA
		{Lo: 0x0f69, Hi: 0x0f69, Stride: 1}, // TIBETAN LETTER KSSA
		{Lo: 0x1f71, Hi: 0x1f71, Stride: 1}, // GREEK SMALL LETTER ALPHA WITH OXIA
		{Lo: 0x1f73, Hi: 0x1f73, Stride: 1}, // GREEK SMALL LETTER EPSILON WITH OXIA
		{Lo: 0x1f75, Hi: 0x1f75, Stride: 1}, // GREEK SMALL LETTER ETA WITH OXIA
		{Lo: 0x1f77, Hi: 0x1f77, Stride: 1}, // GREEK SMALL LETTER IOTA WITH OXIA
		{Lo: 0x1f79, Hi: 0x1f79, Stride: 1}, // GREEK SMALL LETTER OMICRON WITH OXIA
		{Lo: 0x1f7b, Hi: 0x1f7b, Stride: 1}, // GREEK SMALL LETTER UPSILON WITH OXIA
		{Lo: 0x1f7d, Hi: 0x1f7d, Stride: 1}, // GREEK SMALL LETTER OMEGA WITH OXIA
		{Lo: 0x1fbb, Hi: 0x1fbb, Stride: 1}, // GREEK CAPITAL LETTER ALPHA WITH OXIA
		{Lo: 0x1fbe, Hi: 0x1fbe, Stride: 1}, // GREEK PROSGEGRAMMENI
		{Lo: 0x1fc9, Hi: 0x1fc9, Stride: 1}, // GREEK CAPITAL LETTER EPSILON WITH OXIA
		{Lo: 0x1fcb, Hi: 0x1fcb, Stride: 1}, // GREEK CAPITAL LETTER ETA WITH OXIA
		{Lo: 0x1fd3, Hi: 0x1fd3, Stride: 1}, // GREEK SMALL LETTER IOTA WITH DIALYTIKA AND OXIA
		{Lo: 0x1fdb, Hi: 0x1fdb, Stride: 1}, // GREEK CAPITAL LETTER IOTA WITH OXIA
		{Lo: 0x1fe3, Hi: 0x1fe3, Stride: 1}, // GREEK SMALL LETTER UPSILON WITH DIALYTIKA AND OXIA
		{Lo: 0x1feb, Hi: 0x1feb, Stride: 1}, // GREEK CAPITAL LETTER UPSILON WITH OXIA
		{Lo: 0x1fee, Hi: 0x1fef, Stride: 1}, // GREEK DIALYTIKA AND OXIA
		{Lo: 0x1ff9, Hi: 0x1ff9, Stride: 1}, // GREEK CAPITAL LETTER OMICRON WITH OXIA
		{Lo: 0x1ffb, Hi: 0x1ffb, Stride: 1}, // GREEK CAPITAL LETTER OMEGA WITH OXIA
		{Lo: 0x1ffd, Hi: 0x1ffd, Stride: 1}, // GREEK OXIA
		{Lo: 0x2000, Hi: 0x2001, Stride: 1}, // EN QUAD
		{Lo: 0x2126, Hi: 0x2126, Stride: 1}, // OHM SIGN
		{Lo: 0x212a, Hi: 0x212b, Stride: 1}, // KELVIN SIGN
		{Lo: 0x2329, Hi: 0x232a, Stride: 1}, // LEFT-POINTING ANGLE BRACKET
		{Lo: 0x2adc, Hi: 0x2adc, Stride: 1}, // FORKING
		{Lo: 0xf900, Hi: 0xfa0d, Stride: 1}, // CJK COMPATIBILITY IDEOGRAPH-F900
		{Lo: 0xfa10, Hi: 0xfa10, Stride: 1}, // CJK COMPATIBILITY IDEOGRAPH-FA10
		{Lo: 0xfa12, Hi: 0xfa12, Stride: 1}, // CJK COMPATIBILITY IDEOGRAPH-FA12
		{Lo: 0xfa15, Hi: 0xfa1e, Stride: 1}, // CJK COMPATIBILITY IDEOGRAPH-FA15
		{Lo: 0xfa20, Hi: 0xfa20, Stride: 1}, // CJK COMPATIBILITY IDEOGRAPH-FA20
		{Lo: 0xfa22, Hi: 0xfa22, Stride: 1}, // CJK COMPATIBILITY IDEOGRAPH-FA22
		{Lo: 0xfa25, Hi: 0xfa26, Stride: 1}, // CJK COMPATIBILITY IDEOGRAPH-FA25
		{Lo: 0xfa2a, Hi: 0xfa6d, Stride: 1}, // CJK COMPATIBILITY IDEOGRAPH-FA2A
		{Lo: 0xfa70, Hi: 0xfad9, Stride: 1}, // CJK COMPATIBILITY IDEOGRAPH-FA70
		{Lo: 0xfb1d, Hi: 0xfb1d, Stride: 1}, // HEBREW LETTER YOD WITH HIRIQ
		{Lo: 0xfb1f, Hi: 0xfb1f, Stride: 1}, // HEBREW LIGATURE YIDDISH YOD YOD PATAH
		{Lo: 0xfb2a, Hi: 0xfb36, Stride: 1}, // HEBREW LETTER SHIN WITH SHIN DOT
		{Lo: 0xfb38, Hi: 0xfb3c, Stride: 1}, // HEBREW LETTER TET WITH DAGESH
		{Lo: 0xfb3e, Hi: 0xfb3e, Stride: 1}, // HEBREW LETTER MEM WITH DAGESH
		{Lo: 0xfb40, Hi: 0xfb41, Stride: 1}, // HEBREW LETTER NUN WITH DAGESH
		{Lo: 0xfb43, Hi: 0xfb44, Stride: 1}, // HEBREW LETTER FINAL PE WITH DAGESH
		{Lo: 0xfb46, Hi: 0xfb4e, Stride: 1}, // HEBREW LETTER TSADI WITH DAGESH
	},
	R32: []unicode.Range32{
		{Lo: 0x1d15e, Hi: 0x1d164, Stride: 1}, // MUSICAL SYMBOL HALF NOTE
		{Lo: 0x1d1bb, Hi: 0x1d1c0, Stride: 1}, // MUSICAL SYMBOL MINIMA
		{Lo: 0x2f800, Hi: 0x2fa1d, Stride: 1}, // CJK COMPATIBILITY IDEOGRAPH-2F800
	},
}
