package fdb

// A Range describes the keys between a begin (inclusive) and an end
// (exclusive) key selector.
type Range interface {
	FDBRangeKeySelectors() (begin, end Selectable)
}

// An ExactRange describes the keys between a begin (inclusive) and an end
// (exclusive) key. Every ExactRange is also a Range, whose selectors are
// FirstGreaterOrEqual of its keys.
type ExactRange interface {
	FDBRangeKeys() (begin, end KeyConvertible)
	Range
}

// KeyRange is the ExactRange from Begin (inclusive) to End (exclusive).
// Its zero value has nil ends; give both before using it.
type KeyRange struct {
	Begin KeyConvertible // the first key of the range
	End   KeyConvertible // the first key after the range
}

// FDBRangeKeys returns Begin and End.
func (kr KeyRange) FDBRangeKeys() (KeyConvertible, KeyConvertible) { return kr.Begin, kr.End }

// FDBRangeKeySelectors returns FirstGreaterOrEqual of Begin and of End.
func (kr KeyRange) FDBRangeKeySelectors() (Selectable, Selectable) {
	return FirstGreaterOrEqual(kr.Begin), FirstGreaterOrEqual(kr.End)
}

// SelectorRange is the Range between two selectors.
type SelectorRange struct {
	Begin, End Selectable
}

// FDBRangeKeySelectors returns Begin and End.
func (sr SelectorRange) FDBRangeKeySelectors() (Selectable, Selectable) { return sr.Begin, sr.End }

// PrefixRange returns the range of every key that starts with prefix,
// [prefix, Strinc(prefix)). It fails as Strinc does. The range shares no
// memory with prefix.
//
// Do not use it on the bytes of a Tuple or a Subspace: their own
// FDBRangeKeys describe their keys, which PrefixRange of their bytes does
// not (it also holds the bytes themselves).
func PrefixRange(prefix []byte) (KeyRange, error) {
	begin := append([]byte(nil), prefix...)
	end, err := Strinc(begin)
	if err != nil {
		return KeyRange{}, err
	}
	return KeyRange{Key(begin), Key(end)}, nil
}
