package tuple

// Direct plans: a key struct that stays where the caller declared it.
//
// Escape analysis does not follow values: a function that hands a
// reflect.Value of *v to Value.Set or Value.Interface on any of its paths
// makes *v escape on all of them, so a key declared for one call would
// cost an allocation (112 B on W1) although no path kept it. The fields
// that need neither (strings, integers, booleans, float64s, byte slices,
// UUIDs and constants, ascending or descending, and nested structs of
// them: almost every key) are read and written by functions of their
// own, through the typed getters and setters only (String, SetString,
// Int, SetInt...), which do not make the struct escape: the loops
// structFieldsDirect (plan_decode.go) and fieldsDirect (plan_encode.go),
// each the twin of the general loop beside it, and the direct
// dispatchers of value.go. A layout made only of such fields is direct
// (isDirect, here), and its Plan hands *v to those functions alone. Any other plan (a pointer,
// interface, Tuple, big.Int, Versionstamp, float32, time, duration,
// custom element or extension field, or one behind an embedded pointer)
// hands the general functions a copy of *v on the heap from the plan's
// pool, and copies it back: v stays where it is, for two copies of T. The
// rows of the type table that reflect's typed setters and getters serve
// are read and written once, by scanScalar and appendScalar (and the
// string and UUID writers), which both paths call. A DynamicPlan takes
// the same direct path when its layout is direct, and the general one on
// its argument itself otherwise (an any has escaped already).

// directKind reports whether the field f, nested structs aside, is one
// the direct functions read and write: a row of the type table that
// scalar writes as itself, with no tag option that changes its bytes but
// desc and bytes, which the direct functions honour. A custom element
// type, a time or a time.Duration (whose unit a tag may change) is not,
// whatever its kind: any field kind or option that changes the bytes
// must make this false unless scalar honours it.
func (f *planField) directKind() bool {
	if f.nullable || f.viaPointer || f.ext != 0 || f.unit != 0 {
		return false
	}
	switch f.gt.rule {
	case ruleString, ruleBytes, ruleInt, ruleUint, ruleBool, ruleFloat64, ruleUUID:
		return true
	}
	return false
}

// isDirect reports whether every field of lay, nested ones included, is
// one the direct functions read and write.
func (lay *layout) isDirect() bool {
	for i := range lay.fields {
		f := &lay.fields[i]
		switch {
		case f.viaPointer: // decoding allocates the pointer, with Set
			return false
		case f.constant != nil:
		case f.gt.rule == ruleStruct:
			if f.ext != 0 || !f.gt.lay.isDirect() {
				return false
			}
		case !f.directKind():
			return false
		}
	}
	return true
}
