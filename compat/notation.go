package compat

import (
	"encoding/json"
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/vectors"
	"github.com/shopspring/decimal"
)

// notation is the vectors' value notation with this module's "decimal"
// key, which the conformance protocol and the extension vectors use.
var notation = vectors.Notation{Ext: decimalKey{}}

// DecodeTuple reads a tuple written in the value notation
// (vectors.DecodeTuple), decimals included.
func DecodeTuple(raw json.RawMessage) (tuple.Tuple, error) { return notation.DecodeTuple(raw) }

// DecodeElement reads one element written in the value notation.
func DecodeElement(raw json.RawMessage) (any, error) { return notation.DecodeElement(raw) }

// EncodeTuple writes a tuple in the value notation.
func EncodeTuple(t tuple.Tuple) (json.RawMessage, error) { return notation.EncodeTuple(t) }

// decimalKey is {"decimal": "<decimal text>"}.
type decimalKey struct{}

func (decimalKey) DecodeText(key, text string) (any, bool, error) {
	if key != "decimal" {
		return nil, false, nil
	}
	d, err := decimal.NewFromString(text)
	if err != nil {
		return nil, true, fmt.Errorf("compat: decimal: %w", err)
	}
	return d, true, nil
}

func (decimalKey) EncodeText(v any) (string, string, bool) {
	d, ok := v.(decimal.Decimal)
	if !ok {
		return "", "", false
	}
	return "decimal", d.String(), true
}
