package tuple

import "errors"

// ErrBadBounds: the bounds of a Between range say nothing that one range
// of keys can hold: a lower end after the upper one in the field's value
// order, ends that disagree on the fields before the ranged one, no end
// value at all, BeginsWith on a field that is not a string or byte
// string, or, on a nullable desc field, the nils and values up to an end
// (two runs of keys; see Between).
var ErrBadBounds = errors.New("tuple: invalid range bounds")

// Bounds are the ends of a Between range over one field of a plan's
// keys: a lower end, an upper end, either inclusive or exclusive, or
// absent (the range then goes on to the field's first or last value),
// or a string prefix. Make them with the functions below, in the order
// a condition reads, lower end first:
//
//	the field's values      Bounds                       DynamoDB key condition
//	lo ≤ x ≤ hi             From(lo).To(hi)              SK BETWEEN :lo AND :hi
//	lo ≤ x < hi             From(lo).Below(hi)           (none: BETWEEN is inclusive)
//	lo < x ≤ hi             Above(lo).To(hi)             (none)
//	lo < x < hi             Above(lo).Below(hi)          (none)
//	x = v                   From(v).To(v)                SK = :v
//	x ≥ lo                  From(lo)                     SK >= :lo
//	x > lo                  Above(lo)                    SK > :lo
//	x ≤ hi                  To(hi)                       SK <= :hi
//	x < hi                  Below(hi)                    SK < :hi
//	x starts with v         BeginsWith(v)                begins_with(SK, :v)
//
// Each end is a whole value of the plan's type (P is *T for a Plan[T]
// or a PlanUnder[T], any holding a *T for a DynamicPlan): the ranged
// field's value is the end, and the fields before it, equal in both
// ends, choose the keys the range is among. Fields after it are not
// read. The values are read when Between runs, not when the Bounds are
// made. The zero Bounds has no end and is refused.
type Bounds[P any] struct {
	lo, hi       P
	loEnd, hiEnd endKind
	beginsWith   bool // lo holds the prefix; hi is unused
}

// endKind is how a range treats one of its ends.
type endKind uint8

const (
	endOpen      endKind = iota // no end: the field's first or last value
	endInclusive                // the keys whose field equals the end are in
	endExclusive                // the keys whose field equals the end are out
)

// From is the range of the keys whose field is at or after lo's, in the
// field's value order (DynamoDB's SK >= :lo). Add an upper end with To or
// Below.
func From[P any](lo P) Bounds[P] {
	return Bounds[P]{lo: lo, loEnd: endInclusive}
}

// Above is the range of the keys whose field is after lo's, in the
// field's value order (DynamoDB's SK > :lo). Add an upper end with To or
// Below.
func Above[P any](lo P) Bounds[P] {
	return Bounds[P]{lo: lo, loEnd: endExclusive}
}

// To is the range of the keys whose field is at or before hi's, in the
// field's value order (DynamoDB's SK <= :hi).
func To[P any](hi P) Bounds[P] {
	return Bounds[P]{hi: hi, hiEnd: endInclusive}
}

// Below is the range of the keys whose field is before hi's, in the
// field's value order (DynamoDB's SK < :hi).
func Below[P any](hi P) Bounds[P] {
	return Bounds[P]{hi: hi, hiEnd: endExclusive}
}

// To returns b with the upper end hi, inclusive: From(lo).To(hi) is
// DynamoDB's BETWEEN :lo AND :hi.
func (b Bounds[P]) To(hi P) Bounds[P] {
	b.hi, b.hiEnd = hi, endInclusive
	return b
}

// Below returns b with the upper end hi, exclusive: From(lo).Below(hi) is
// the half-open range [lo, hi), whose ranges for consecutive ends tile
// the field without overlap.
func (b Bounds[P]) Below(hi P) Bounds[P] {
	b.hi, b.hiEnd = hi, endExclusive
	return b
}

// BeginsWith is the range of the keys whose field, a string or a byte
// string, starts with v's (DynamoDB's begins_with(SK, :v)), in one range
// on a desc field too.
func BeginsWith[P any](v P) Bounds[P] {
	return Bounds[P]{lo: v, beginsWith: true}
}
