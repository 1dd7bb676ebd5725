package storetest

import (
	"flag"
	"fmt"
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

// noFailFiles keeps rapid from saving a failure file for each failure the
// broken stores are meant to cause.
func noFailFiles(t *testing.T) {
	f := flag.Lookup("rapid.nofailfile")
	if f == nil {
		t.Fatal("rapid has no -rapid.nofailfile flag")
	}
	old := f.Value.String()
	if err := f.Value.Set("true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Value.Set(old) })
}
