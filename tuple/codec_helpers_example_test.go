package tuple_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// A time in milliseconds, as a plan's field tagged unit=ms writes it; a
// time with a finer part is refused, never rounded.
func ExampleAppendTime() {
	at := time.UnixMilli(1700000000123)
	key, err := tuple.AppendTime([]byte("\x02events\x00"), at, time.Millisecond)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(tuple.Describe(key))
	_, err = tuple.AppendTime(nil, at.Add(time.Microsecond), time.Millisecond)
	fmt.Println(errors.Is(err, tuple.ErrInexact))
	_, err = tuple.AppendTime(nil, at, time.Hour)
	fmt.Println(err)
	// Output:
	// ("events", 1700000000123)
	// true
	// tuple: unit 1h0m0s: want time.Nanosecond, time.Microsecond, time.Millisecond or time.Second
}

func ExampleConsumeTime() {
	elem := []byte{0x1a, 0x01, 0x8b, 0xcf, 0xe5, 0x68, 0x7b} // the integer 1700000000123
	at, n, err := tuple.ConsumeTime(elem, time.Millisecond)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(at.Format(time.RFC3339Nano), n)
	_, _, err = tuple.ConsumeTime([]byte("\x02not a time\x00"), time.Millisecond)
	fmt.Println(errors.Is(err, tuple.ErrWrongType))
	// Output:
	// 2023-11-14T22:13:20.123Z 7
	// true
}

func ExampleAppendDuration() {
	buf, err := tuple.AppendDuration(nil, 1500*time.Millisecond, time.Millisecond)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(tuple.Describe(buf))
	_, err = tuple.AppendDuration(nil, 1500*time.Millisecond, time.Second)
	fmt.Println(errors.Is(err, tuple.ErrInexact))
	// Output:
	// (1500,)
	// true
}

func ExampleConsumeDuration() {
	d, n, err := tuple.ConsumeDuration([]byte{0x16, 0x05, 0xdc}, time.Millisecond)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d, n)
	_, _, err = tuple.ConsumeDuration([]byte{0x1c, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, time.Second)
	fmt.Println(errors.Is(err, tuple.ErrOutOfRange))
	// Output:
	// 1.5s 3
	// true
}

// A codec written by hand writes and reads a field of a custom type as a
// plan does, with the plan's checks and errors.
func ExampleCodec_AppendCustom() {
	price := Cents{1999}
	buf, err := tuple.Codec{}.AppendCustom([]byte("\x02price\x00"), &price, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(tuple.Describe(buf))
	_, err = tuple.Codec{}.AppendCustom(nil, twoElements{}, 0)
	fmt.Println(errors.Is(err, tuple.ErrUnsupportedType))
	// Output:
	// ("price", 1999)
	// true
}

func ExampleCodec_ScanCustom() {
	key := []byte("\x02price\x00\x16\x07\xcf")
	var price Cents
	n, err := tuple.Codec{}.ScanCustom(key[7:], &price, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(price.n, n)
	_, err = tuple.Codec{}.ScanCustom(key, &price, 0) // a string: Cents wants an integer
	fmt.Println(errors.Is(err, tuple.ErrWrongType))
	// Output:
	// 1999 3
	// true
}

// twoElements writes two elements where one is due.
type twoElements struct{}

func (twoElements) AppendTupleElement(dst []byte) ([]byte, error) {
	return append(dst, 0x14, 0x14), nil
}
