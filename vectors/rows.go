package vectors

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io/fs"
)

// PackRow is a row of pack.jsonl: Tuple packs to Packed (hex).
type PackRow struct {
	Name   string          `json:"name"`
	Tuple  json.RawMessage `json:"tuple"`
	Packed string          `json:"packed"`
}

// OrderRow is a row of order.jsonl: tuples in strictly ascending order.
type OrderRow struct {
	Name   string            `json:"name"`
	Sorted []json.RawMessage `json:"sorted"`
}

// InvalidRow is a row of invalid.jsonl: bytes the reference refuses.
type InvalidRow struct {
	Name        string `json:"name"`
	Packed      string `json:"packed"`
	Why         string `json:"why"`
	PythonError string `json:"python_error"`
}

// LenientRow is a row of decode_lenient.jsonl: bytes the reference decodes
// although no encoder writes them.
type LenientRow struct {
	Name            string          `json:"name"`
	Packed          string          `json:"packed"`
	Tuple           json.RawMessage `json:"tuple"`
	Note            string          `json:"note"`
	PythonRepacksTo *string         `json:"python_repacks_to"`
}

// DivergentRow is a row of divergent.jsonl: a value the bindings encode
// differently. PackedGoJava is nil where Go refuses to pack.
type DivergentRow struct {
	Name         string          `json:"name"`
	Tuple        json.RawMessage `json:"tuple"`
	PackedPython string          `json:"packed_python"`
	PackedGoJava *string         `json:"packed_go_java"`
	Note         string          `json:"note"`
}

// VersionstampRow is a row of versionstamp.jsonl: either Packed and Offset,
// or Error.
type VersionstampRow struct {
	Name       string          `json:"name"`
	Tuple      json.RawMessage `json:"tuple"`
	Prefix     string          `json:"prefix"`
	APIVersion int             `json:"api_version"`
	Packed     string          `json:"packed,omitempty"`
	Offset     int             `json:"offset,omitempty"`
	Error      string          `json:"error,omitempty"`
}

// ReadRows reads every row of one embedded cross-language vector file,
// such as "pack.jsonl", into values of type T.
func ReadRows[T any](name string) ([]T, error) {
	return ReadRowsFrom[T](FS, name)
}

// ReadRowsFrom reads every row of a JSON-lines file of fsys, such as
// vectors.Generated's "generated/pack.jsonl", into values of type T.
func ReadRowsFrom[T any](fsys fs.FS, name string) ([]T, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readRows[T](f, name)
}

func readRows[T any](f fs.File, name string) ([]T, error) {
	var rows []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<24)
	for line := 1; sc.Scan(); line++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var r T
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		rows = append(rows, r)
	}
	return rows, sc.Err()
}
