package tuple_test

import (
	"errors"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// TestMustPlan: MustPlan returns NewPlan's plan, and panics with its
// error for a type NewPlan refuses.
func TestMustPlan(t *testing.T) {
	if p := tuple.MustPlan[CommentKey](tuple.Codec{}); p.Schema() != `("POST", Post int64, At desc(time(ms)), Seq int64)` {
		t.Errorf("MustPlan's schema = %s", p.Schema())
	}
	type bad struct {
		N int `tuple:",unit=ms"`
	}
	for name, must := range map[string]func(){
		"MustPlan":    func() { tuple.MustPlan[bad](tuple.Codec{}) },
		"MustPlanFor": func() { tuple.MustPlanFor[bad]() },
	} {
		func() {
			defer func() {
				err, _ := recover().(error)
				if !errors.Is(err, tuple.ErrBadTag) {
					t.Errorf("%s of a bad tag panics with %v, want NewPlan's ErrBadTag", name, err)
				}
			}()
			must()
		}()
	}
}
