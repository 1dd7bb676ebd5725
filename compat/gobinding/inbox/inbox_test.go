package inbox

import (
	"reflect"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

func fill(t *testing.T) *Inbox {
	t.Helper()
	in := New(&Store{}, subspace.FromBytes([]byte("app/")))
	for _, m := range []Message{
		{"bob", 10, "ada", "ten"},
		{"ada", 2, "bob", "two"},
		{"ada", 10, "cy", "ten"},
		{"ada", 9, "cy", "nine"},
		{"ada", -1, "dan", "minus one"},
		{"adam", 1, "eve", "not ada's"},
	} {
		in.Send(m)
	}
	return in
}

func TestKeys(t *testing.T) {
	in := fill(t)
	want := `app/\x02inbox\x00\x02ada\x00\x13\xfe
app/\x02inbox\x00\x02ada\x00\x15\x02
app/\x02inbox\x00\x02ada\x00\x15\x09
app/\x02inbox\x00\x02ada\x00\x15\x0a
app/\x02inbox\x00\x02adam\x00\x15\x01
app/\x02inbox\x00\x02bob\x00\x15\x0a
app/\x02unread\x00\x02ada\x00\x13\xfe
app/\x02unread\x00\x02ada\x00\x15\x02
app/\x02unread\x00\x02ada\x00\x15\x09
app/\x02unread\x00\x02ada\x00\x15\x0a
app/\x02unread\x00\x02adam\x00\x15\x01
app/\x02unread\x00\x02bob\x00\x15\x0a
`
	if got := in.Describe(); got != want {
		t.Errorf("keys:\n%s\nwant:\n%s", got, want)
	}
}

func TestList(t *testing.T) {
	in := fill(t)
	got, err := in.List("ada", false, 0)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, m := range got {
		ids = append(ids, m.ID)
	}
	if !reflect.DeepEqual(ids, []int64{-1, 2, 9, 10}) {
		t.Errorf("List(ada) ids = %v", ids)
	}
	newest, _ := in.List("ada", true, 2)
	if len(newest) != 2 || newest[0].ID != 10 || newest[1].ID != 9 || newest[0].Body != "ten" {
		t.Errorf("List(ada, newest, 2) = %v", newest)
	}
	after, _ := in.After("ada", 2, 0)
	if !reflect.DeepEqual(after, []int64{9, 10}) {
		t.Errorf("After(ada, 2) = %v", after)
	}
}

func TestReadAndUnread(t *testing.T) {
	in := fill(t)
	m, err := in.Read("ada", 9)
	if err != nil || m.From != "cy" || m.Body != "nine" {
		t.Fatalf("Read = %v, %v", m, err)
	}
	if _, err := in.Read("ada", 3); err != ErrNoMessage {
		t.Errorf("Read(missing) = %v", err)
	}
	unread, _ := in.Unread("ada")
	if !reflect.DeepEqual(unread, []int64{-1, 2, 10}) {
		t.Errorf("Unread(ada) = %v", unread)
	}
	in.DeleteUser("ada")
	if got, _ := in.List("ada", false, 0); len(got) != 0 {
		t.Errorf("after DeleteUser: %v", got)
	}
	if got, _ := in.List("adam", false, 0); len(got) != 1 {
		t.Errorf("DeleteUser(ada) touched adam: %v", got)
	}
}

// TestKeyTypes uses the key types as elements and ranges directly.
func TestKeyTypes(t *testing.T) {
	sub := subspace.Sub("s")
	k := sub.Pack(tuple.Tuple{fdb.Key("raw"), sub})
	back, err := sub.Unpack(k)
	if err != nil || !reflect.DeepEqual(back, tuple.Tuple{[]byte("raw"), sub.Bytes()}) {
		t.Errorf("Unpack = %v, %v", back, err)
	}
	if !sub.Contains(k) || sub.Contains(fdb.Key("t")) {
		t.Errorf("Contains is wrong")
	}
	end, err := fdb.Strinc(sub.Bytes())
	if err != nil || string(end) != "\x02s\x01" {
		t.Errorf("Strinc = %q, %v", end, err)
	}
	if (tuple.Tuple{"s"}).String() != `("s")` || fdb.Key("\x00a").String() != `\x00a` {
		t.Errorf("String forms differ")
	}
	vk, err := sub.PackWithVersionstamp(tuple.Tuple{tuple.IncompleteVersionstamp(7)})
	if err != nil || len(vk) != len(sub.Bytes())+13+4 {
		t.Errorf("PackWithVersionstamp = %x, %v", vk, err)
	}
}
