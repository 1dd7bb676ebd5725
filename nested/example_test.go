package nested_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
	bolt "go.etcd.io/bbolt"
)

func ExampleNew() {
	u := uuid.MustParse("4c9d36e5-6b19-4e6a-828c-226ed667458a")
	p := nested.New("user", u).Child("post", 1234)
	fmt.Println(p)
	fmt.Printf("% x\n", p.Pack())
	// Output:
	// /user-4c9d36e5-6b19-4e6a-828c-226ed667458a/post-1234
	// 05 02 75 73 65 72 00 30 4c 9d 36 e5 6b 19 4e 6a 82 8c 22 6e d6 67 45 8a 00 05 02 70 6f 73 74 00 16 04 d2 00
}

func ExampleParse() {
	p, err := nested.Parse(`/user-7/tag-"go"/order-(2024, 17)`)
	if err != nil {
		panic(err)
	}
	for s := range p.Segments() {
		fmt.Printf("%s %s\n", s.Kind, s.ID.Text())
	}
	// Output:
	// user (7,)
	// tag ("go",)
	// order (2024, 17)
}

func ExampleDecode() {
	key, err := nested.New("user", 7).Child("post", 10).Key("title")
	if err != nil {
		panic(err)
	}
	p, rest, err := nested.Decode(key)
	if err != nil {
		panic(err)
	}
	fmt.Println(p)
	fmt.Printf("%q\n", rest) // the fields, still packed
	fields, err := tuple.Unpack(rest)
	if err != nil {
		panic(err)
	}
	fmt.Println(fields)
	// Output:
	// /user-7/post-10
	// "\x02title\x00"
	// ("title")
}

func ExampleCompare() {
	a, b := nested.MustParse("/post-9"), nested.MustParse("/post-10")
	fmt.Println(nested.Compare(a, b), bytes.Compare(a.Pack(), b.Pack()))
	// Output: -1 -1
}

// Key paths on a real store: bbolt keeps keys in byte order, so a cursor
// over KindRange reads one user's posts in numeric order and nothing else.
func ExamplePath_KindRange() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	db, err := bolt.Open(filepath.Join(dir, "db"), 0o600, nil)
	if err != nil {
		panic(err)
	}
	defer db.Close()
	user := nested.New("user", 7)
	err = db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucket([]byte("kv"))
		if err != nil {
			return err
		}
		for _, p := range []nested.Path{user, user.Child("post", 10), user.Child("post", 9),
			user.Child("post", 10).Child("comment", 1), user.Child("posts", 1), nested.New("user", 8).Child("post", 1)} {
			if err := b.Put(p.Pack(), nil); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		panic(err)
	}
	begin, end, err := user.KindRange("post")
	if err != nil {
		panic(err)
	}
	err = db.View(func(tx *bolt.Tx) error {
		c := tx.Bucket([]byte("kv")).Cursor()
		for k, _ := c.Seek(begin); k != nil && bytes.Compare(k, end) < 0; k, _ = c.Next() {
			p, _, err := nested.Decode(k)
			if err != nil {
				return err
			}
			fmt.Println(p)
		}
		return nil
	})
	if err != nil {
		panic(err)
	}
	// Output:
	// /user-7/post-9
	// /user-7/post-10
	// /user-7/post-10/comment-1
}
