package main

import (
	"fmt"
	"strings"

	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// Storage billing, from the DynamoDB Developer Guide ("DynamoDB item
// sizes and formats"): an item's size is the UTF-8 bytes of each
// attribute name plus its value (a binary value's raw bytes), and every
// item is billed 100 bytes more for indexing.
const itemOverhead = 100

// KeySize is one way to write StatelyDB's example key, USER
// 4c9d36e5-… / POST 1234 / COMMENT 1678901234 / REACT 42.
type KeySize struct {
	Form   string
	PK, SK int  // bytes of the partition and sort key values (PK 0: one attribute)
	Quoted bool // a figure quoted from StatelyDB's post, not computed here
}

// Bytes is the key's length, both attributes together.
func (k KeySize) Bytes() int { return k.PK + k.SK }

// Billed is the storage an item pays for its key: attribute names
// ("PK", "SK") and values, plus the per-item overhead.
func (k KeySize) Billed() int {
	n := len(attrSK) + k.SK + itemOverhead
	if k.PK > 0 {
		n += len(attrPK) + k.PK
	}
	return n
}

// KeySizes measures StatelyDB's example key in each form.
func KeySizes() ([]KeySize, error) {
	const id, post, comment, react = "4c9d36e5-6b19-4e6a-828c-226ed667458a", 1234, 1678901234, 42
	if timeline.Ada.String() != id {
		return nil, fmt.Errorf("the demo's Ada is %s, not StatelyDB's user", timeline.Ada)
	}
	path := nested.New("user", timeline.Ada).Child("post", post).Child("comment", comment).Child("react", react)
	text := fmt.Sprintf("/USER#%s/POST#%d/COMMENT#%d/REACT#%d", id, post, comment, react)
	flat, err := tuple.Codec{}.Pack(tuple.Tuple{"user", timeline.Ada, "post", post, "comment", comment, "react", react})
	if err != nil {
		return nil, err
	}
	key, err := path.MarshalBinary()
	if err != nil {
		return nil, err
	}
	pk, sk := SplitKey(key)
	naive := timeline.NaiveKey(path)
	naivePK, naiveSK, _ := strings.Cut(strings.TrimPrefix(naive, "USER#"+id), "#")
	return []KeySize{
		{Form: "the path as a string, " + text[:14] + "…", SK: len(text)},
		{Form: "single-table strings, PK USER#… and SK POST#…#REACT#42", PK: len("USER#" + id + naivePK), SK: len(naiveSK)},
		{Form: "StatelyDB's encoding (as their post gives it)", SK: 63, Quoted: true},
		{Form: "a flat tuple (\"user\", uuid, \"post\", 1234, …)", SK: len(flat)},
		{Form: "a nested key path, one attribute", SK: len(key)},
		{Form: "the nested key path split: PK the user segment, SK the rest", PK: len(pk), SK: len(sk)},
	}, nil
}

// KeySizeTable is the README's table.
func KeySizeTable(sizes []KeySize) string {
	var b strings.Builder
	b.WriteString("| key | bytes | billed per item (names + values + 100) |\n| --- | --- | --- |\n")
	for _, k := range sizes {
		bytes := fmt.Sprint(k.Bytes())
		if k.PK > 0 {
			bytes = fmt.Sprintf("%d (PK %d + SK %d)", k.Bytes(), k.PK, k.SK)
		}
		fmt.Fprintf(&b, "| %s | %s | %d |\n", k.Form, bytes, k.Billed())
	}
	return b.String()
}
