package tuple_test

import (
	"bytes"
	"fmt"
	"slices"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
)

func ExamplePlan_Between() {
	at := func(hh, mm int) time.Time { return time.Date(2024, 3, 1, hh, mm, 0, 0, time.UTC) }
	var keys [][]byte // a store's keys, in its order
	for _, t := range []time.Time{at(12, 0), at(12, 1), at(13, 30), at(14, 0), at(14, 5)} {
		for seq := range int64(2) {
			key, err := comments.Marshal(&CommentKey{Post: 7, At: t, Seq: seq})
			if err != nil {
				panic(err)
			}
			keys = append(keys, key)
		}
	}
	slices.SortFunc(keys, bytes.Compare)
	show := func(begin, end []byte) {
		for _, key := range keys {
			if bytes.Compare(key, begin) >= 0 && bytes.Compare(key, end) < 0 {
				var c CommentKey
				if err := comments.Unmarshal(key, &c); err != nil {
					panic(err)
				}
				fmt.Printf(" %s/%d", c.At.Format("15:04"), c.Seq)
			}
		}
		fmt.Println()
	}

	// The comments of post 7 from 12:01 to 14:00, both included (DynamoDB's
	// BETWEEN): every key at 14:00, whatever follows the time. At is desc,
	// so the keys run newest first, and Between swaps the ends in the bytes.
	begin, end, err := comments.Between("At",
		tuple.From(&CommentKey{Post: 7, At: at(12, 1)}).To(&CommentKey{Post: 7, At: at(14, 0)}))
	if err != nil {
		panic(err)
	}
	show(begin, end)

	// Before 14:00 (DynamoDB's SK < :t), and after 13:30 (SK > :t).
	begin, end, err = comments.Between("At", tuple.Below(&CommentKey{Post: 7, At: at(14, 0)}))
	if err != nil {
		panic(err)
	}
	show(begin, end)
	begin, end, err = comments.Between("At", tuple.Above(&CommentKey{Post: 7, At: at(13, 30)}))
	if err != nil {
		panic(err)
	}
	show(begin, end)

	// Ends in the wrong order are an error, not an empty range.
	_, _, err = comments.Between("At",
		tuple.From(&CommentKey{Post: 7, At: at(14, 0)}).To(&CommentKey{Post: 7, At: at(12, 1)}))
	fmt.Println(err != nil)
	// Output:
	//  14:00/0 14:00/1 13:30/0 13:30/1 12:01/0 12:01/1
	//  13:30/0 13:30/1 12:01/0 12:01/1 12:00/0 12:00/1
	//  14:05/0 14:05/1 14:00/0 14:00/1
	// true
}

func ExampleBeginsWith() {
	type FileKey struct {
		Dir  string
		Name string
	}
	files := tuple.MustPlan[FileKey](tuple.Codec{})
	var keys [][]byte
	for _, name := range []string{"notes.txt", "report-2023.pdf", "report-2024.pdf", "report.md", "zoo.png"} {
		key, err := files.Marshal(&FileKey{Dir: "docs", Name: name})
		if err != nil {
			panic(err)
		}
		keys = append(keys, key)
	}
	// The files of docs whose name starts with "report-" (DynamoDB's
	// begins_with(SK, :p)).
	begin, end, err := files.Between("Name", tuple.BeginsWith(&FileKey{Dir: "docs", Name: "report-"}))
	if err != nil {
		panic(err)
	}
	for _, key := range keys {
		if bytes.Compare(key, begin) >= 0 && bytes.Compare(key, end) < 0 {
			var f FileKey
			if err := files.Unmarshal(key, &f); err != nil {
				panic(err)
			}
			fmt.Println(f.Name)
		}
	}
	// Output:
	// report-2023.pdf
	// report-2024.pdf
}
