package storetest

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// recorder is a tb that records failures instead of reporting them, so
// that the suite's own tests can run it against broken stores and require
// failures. Fatal calls and skips end the subtest by a panic that its Run
// recovers, as testing ends one by runtime.Goexit.
type recorder struct {
	name     string
	parent   *recorder
	failed   bool
	failures *[]string
}

// endTest is the panic that ends a recorder's subtest.
type endTest struct{}

func newRecorder() *recorder { return &recorder{name: "suite", failures: new([]string)} }

func (r *recorder) Helper()                   {}
func (r *recorder) Name() string              { return r.name }
func (r *recorder) Logf(string, ...any)       {}
func (r *recorder) Log(...any)                {}
func (r *recorder) Skipf(string, ...any)      { panic(endTest{}) }
func (r *recorder) Skip(...any)               { panic(endTest{}) }
func (r *recorder) SkipNow()                  { panic(endTest{}) }
func (r *recorder) Error(args ...any)         { r.record(fmt.Sprint(args...)) }
func (r *recorder) Errorf(f string, a ...any) { r.record(fmt.Sprintf(f, a...)) }
func (r *recorder) Fatal(args ...any)         { r.record(fmt.Sprint(args...)); panic(endTest{}) }
func (r *recorder) Fatalf(f string, a ...any) { r.record(fmt.Sprintf(f, a...)); panic(endTest{}) }
func (r *recorder) FailNow()                  { r.Fail(); panic(endTest{}) }
func (r *recorder) Failed() bool              { return r.failed }

func (r *recorder) Fail() {
	for p := r; p != nil; p = p.parent {
		p.failed = true
	}
}

func (r *recorder) record(msg string) {
	r.Fail()
	*r.failures = append(*r.failures, r.name+": "+msg)
}

func (r *recorder) Run(name string, f func(tb)) bool {
	c := &recorder{name: r.name + "/" + name, parent: r, failures: r.failures}
	func() {
		defer func() {
			if p := recover(); p != nil {
				if _, ok := p.(endTest); !ok {
					c.record(fmt.Sprintf("panic: %v", p))
				}
			}
		}()
		f(c)
	}()
	return !c.failed
}

// failedCases returns the top-level cases that recorded a failure.
func (r *recorder) failedCases() map[string]bool {
	out := map[string]bool{}
	for _, f := range *r.failures {
		name := strings.TrimPrefix(f, "suite/")
		name, _, _ = strings.Cut(name, ":")
		name, _, _ = strings.Cut(name, "/")
		out[name] = true
	}
	return out
}

// rapidForBrokenStores sets rapid's flags for runs against the broken
// stores, until the test ends: no failure file for each failure they are
// meant to cause, little time shrinking it (the failure is what counts,
// not its smallest form), and at least 300 checks: the serializability
// property found each planted conflict bug within its default 100 checks
// in 100 runs of 100 (after 15 checks on average for the hardest, a
// limited read's conflict range a key short); 300 make a miss, and a
// flaky test, negligible.
func rapidForBrokenStores(t *testing.T) {
	set := map[string]string{"rapid.nofailfile": "true", "rapid.shrinktime": "20ms"}
	checks := flag.Lookup("rapid.checks")
	if checks == nil {
		t.Fatal("rapid has no -rapid.checks flag")
	}
	if n, err := strconv.Atoi(checks.Value.String()); err != nil || n < 300 {
		set["rapid.checks"] = "300"
	}
	for name, value := range set {
		f := flag.Lookup(name)
		if f == nil {
			t.Fatalf("rapid has no -%s flag", name)
		}
		old := f.Value.String()
		if err := f.Value.Set(value); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = f.Value.Set(old) })
	}
}
