package compat

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/internal/proctest"
)

// TestPeerLifetime: whatever a peer command does, a check ends within
// about two timeouts and a second, and leaves no process of the peer's
// group running: the processes are looked up, not inferred.
func TestPeerLifetime(t *testing.T) {
	if !proctest.Supported() {
		t.Skip("looks processes up in /proc")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	const timeout = 200 * time.Millisecond
	cases := []struct {
		name   string
		script string // %s is a unique sleep argument that marks the processes
	}{
		{"sleeps forever", "sleep %s; true"},
		{"forks a grandchild holding stdout and stderr, and exits", "sleep %s & exit 0"},
		{"ignores SIGTERM", "trap '' TERM; sleep %s; sleep %s"},
		{"closes stdout and stays alive", "exec >&-; sleep %s"},
		{"writes an endless line", "while :; do printf 0000000000000000000000000000000000000000; done; sleep %s"},
		{"answers hello, then hangs with a grandchild", `read line; printf '{"id":1,"name":"x","protocol":1,"ops":["pack"],"types":["null"]}\n'; sleep %s & sleep %s`},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			marker := fmt.Sprintf("987.%06d%d", os.Getpid()%1000000, i)
			script := strings.ReplaceAll(c.script, "%s", marker)
			start := time.Now()
			p, err := StartCommand(context.Background(), []string{sh, "-c", script}, timeout)
			if err != nil {
				t.Fatal(err)
			}
			_, _ = Check(context.Background(), p, CheckOptions{Random: 5})
			p.Close()
			elapsed := time.Since(start)
			if limit := 2*timeout + time.Second; elapsed > limit {
				t.Errorf("the check took %v, more than %v", elapsed, limit)
			}
			if left := proctest.LeftRunning(marker); len(left) > 0 {
				t.Errorf("processes left running: %q", left)
			}
		})
	}
}

// serveEnv makes the test binary serve this codec on its standard input
// and output instead of running tests, so that it can be a peer command.
const serveEnv = "FDBTUPLE_COMPAT_TEST_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) == "1" {
		if err := Serve(os.Stdin, os.Stdout, "test-binary"); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestCheckCancelled: ending the context stops a check mid-run and the
// peer's whole group with it; the partial report of the rows answered
// before then comes back, marked interrupted, with no row failed by the
// end of the run (the peer is this codec).
func TestCheckCancelled(t *testing.T) {
	if !proctest.Supported() {
		t.Skip("looks processes up in /proc")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	marker := fmt.Sprintf("987.%06d9", os.Getpid()%1000000)
	// The peer is this test binary serving this codec (see TestMain), with
	// a marked grandchild beside it.
	t.Setenv(serveEnv, "1")
	ctx, cancel := context.WithCancel(context.Background())
	p, err := StartCommand(ctx, []string{sh, "-c", `sleep ` + marker + ` & exec "$0"`, os.Args[0]}, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	r, err := Check(ctx, p, CheckOptions{Random: 1_000_000})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled check returned %v", err)
	}
	switch {
	case r == nil:
		t.Log("cancelled before the peer's hello: no report") // a slow machine; cmd/fdbtuple's test waits longer
	case !r.Interrupted || r.Failures != 0:
		t.Errorf("a cancelled check's report: interrupted %v, %d failures", r.Interrupted, r.Failures)
	}
	p.Close()
	if elapsed := time.Since(start); elapsed > 300*time.Millisecond+StopGrace+time.Second {
		t.Errorf("the cancelled check took %v", elapsed)
	}
	if left := proctest.LeftRunning(marker); len(left) > 0 {
		t.Errorf("processes left running: %q", left)
	}
}
