package tuple

// MustPlan is NewPlan for plans built once, at package level, from a
// type and a codec written in the program: it panics with NewPlan's
// error, as regexp.MustCompile does, so that a key type the plan
// refuses (a bad tag, a field no element holds) stops the program when
// the package is initialized, before any key is written.
//
//	var comments = tuple.MustPlan[CommentKey](tuple.Codec{})
//
// Use NewPlan for a type or codec that comes from input.
func MustPlan[T any](c Codec) *Plan[T] {
	p, err := NewPlan[T](c)
	if err != nil {
		panic(err)
	}
	return p
}

// MustPlanFor is PlanFor that panics with its error, as MustPlan: the
// plan of T for the zero Codec, which Marshal and Unmarshal share.
func MustPlanFor[T any]() *Plan[T] {
	p, err := PlanFor[T]()
	if err != nil {
		panic(err)
	}
	return p
}
