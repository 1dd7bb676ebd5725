package compat

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// faultyServe answers like Serve but lets a test spoil the answer to the
// requests it picks: spoil returns the line to write instead, "" to write
// nothing and hang until the input closes, or "exit" to stop serving.
func faultyServe(spoil func(req Request, resp []byte) string) func(io.Reader, io.Writer) error {
	return func(r io.Reader, w io.Writer) error {
		sc := bufio.NewScanner(r)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			var req Request
			_ = json.Unmarshal(sc.Bytes(), &req)
			resp, _ := json.Marshal(answer(req, "faulty"))
			switch out := spoil(req, resp); out {
			case "exit":
				return io.ErrUnexpectedEOF
			case "":
				for sc.Scan() { // hang: read on, answer nothing
				}
				return nil
			default:
				if _, err := io.WriteString(w, out+"\n"); err != nil {
					return err
				}
			}
		}
		return nil
	}
}

// foo42 is the packed ("foo", 42), the first row of pack.jsonl.
const foo42 = "02666f6f00152a"

func isFoo42Pack(req Request) bool {
	return req.Op == OpPack && strings.Contains(string(req.Tuple), `"foo"`) && strings.Contains(string(req.Tuple), `"42"`) && !strings.Contains(string(req.Tuple), "tuple")
}

func runFaulty(t *testing.T, timeout time.Duration, spoil func(Request, []byte) string) *Report {
	t.Helper()
	return checkServe(t, faultyServe(spoil), timeout, CheckOptions{Random: 50, Seed: 3})
}

// checkServe checks a peer served in process, failing the test if the
// check cannot run.
func checkServe(t *testing.T, serve func(io.Reader, io.Writer) error, timeout time.Duration, o CheckOptions) *Report {
	t.Helper()
	return checkPeer(t, func() (*Peer, error) { return StartFunc(serve, timeout) }, o)
}

// checkPeer starts a peer and checks it, failing the test if either
// cannot run.
func checkPeer(t *testing.T, start func() (*Peer, error), o CheckOptions) *Report {
	t.Helper()
	p, err := start()
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	r, err := Check(context.Background(), p, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// onlyFailure checks that the report has one failure, in the given
// section and row, whose problem or answer mentions what.
func onlyFailure(t *testing.T, r *Report, section, row, what string) {
	t.Helper()
	var text strings.Builder
	_ = r.WriteText(&text)
	if r.Failures != 1 || len(r.Groups) != 1 || len(r.Groups[0].Examples) != 1 {
		t.Fatalf("want exactly one failure, got:\n%s", text.String())
	}
	m := r.Groups[0].Examples[0]
	if m.Section != section || m.Row != row || !strings.Contains(m.Problem+" "+m.Got, what) {
		t.Fatalf("want the failure at %s %q mentioning %q, got:\n%s", section, row, what, text.String())
	}
}

// TestFlippedByteIsCaught: a peer that flips one byte of one answer is
// reported at that row, with both hex forms.
func TestFlippedByteIsCaught(t *testing.T) {
	r := runFaulty(t, 5*time.Second, func(req Request, resp []byte) string {
		if isFoo42Pack(req) {
			return strings.Replace(string(resp), foo42, "02666f6f00152b", 1)
		}
		return string(resp)
	})
	onlyFailure(t, r, "pack.jsonl", "doc/(foo,42)", "bytes differ")
	if m := r.Groups[0].Examples[0]; m.Want != foo42 || m.Got != "02666f6f00152b" {
		t.Errorf("mismatch shows want %s got %s", m.Want, m.Got)
	}
}

// TestHangingPeer: a peer that stops answering fails the request at hand
// after the timeout and is restarted; the run goes on. The timeout is
// long enough that a loaded machine answers every other request within
// it (200ms failed a request it answered, under GOARCH=386 on 2 busy
// cores).
func TestHangingPeer(t *testing.T) {
	start := time.Now()
	r := runFaulty(t, time.Second, func(req Request, resp []byte) string {
		if isFoo42Pack(req) {
			return ""
		}
		return string(resp)
	})
	onlyFailure(t, r, "pack.jsonl", "doc/(foo,42)", "no response within")
	if r.Restarts != 1 {
		t.Errorf("restarts = %d, want 1", r.Restarts)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("the run took %v", d)
	}
}

// TestCrashingPeer: a peer that exits mid-run fails that request and is
// restarted.
func TestCrashingPeer(t *testing.T) {
	r := runFaulty(t, 5*time.Second, func(req Request, resp []byte) string {
		if isFoo42Pack(req) {
			return "exit"
		}
		return string(resp)
	})
	onlyFailure(t, r, "pack.jsonl", "doc/(foo,42)", "exited")
}

// TestMalformedResponse: a line that is not JSON fails that request only.
func TestMalformedResponse(t *testing.T) {
	r := runFaulty(t, 5*time.Second, func(req Request, resp []byte) string {
		if isFoo42Pack(req) {
			return "{this is not json"
		}
		return string(resp)
	})
	onlyFailure(t, r, "pack.jsonl", "doc/(foo,42)", "malformed response")
}

// TestPeerThatAlwaysHangs: after MaxRestarts the peer is given up on, and
// every remaining request fails at once instead of waiting.
func TestPeerThatAlwaysHangs(t *testing.T) {
	start := time.Now()
	p, err := StartFunc(faultyServe(func(req Request, resp []byte) string {
		if req.Op == OpHello {
			return string(resp)
		}
		return ""
	}), 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	r, err := Check(context.Background(), p, CheckOptions{Random: 10})
	if err != nil {
		t.Fatal(err)
	}
	if r.OK() || r.Restarts != MaxRestarts+1 {
		t.Errorf("failures %d, restarts %d", r.Failures, r.Restarts)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("giving up took %v", d)
	}
}

// TestPeerProcessFailures: a command that does not exist, or exits at
// once, is an error from the checker, not a crash or a hang.
func TestPeerProcessFailures(t *testing.T) {
	if _, err := StartCommand(context.Background(), []string{"/nonexistent/peer"}, time.Second); err == nil {
		t.Error("starting a missing command succeeded")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	p, err := StartCommand(context.Background(), []string{sh, "-c", "echo oops >&2; exit 3"}, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := Check(context.Background(), p, CheckOptions{}); err == nil || !strings.Contains(err.Error(), "hello") {
		t.Errorf("Check against an exiting command: %v", err)
	}
}

// knownFor lists, per live peer, the divergence ids its run must meet,
// sorted.
var knownFor = map[string][]string{
	"fdb-tuple":               {"fdb-tuple-invalid-utf8", "fdb-tuple-rejects-unterminated-nested", "fdb-tuple-truncated-fixed-size", "fdb-tuple-truncated-integers"},
	"python-foundationdb":     {"cpython-float32-snan-quieting", "python-big-int-form"},
	"java-fdb":                nil,
	"rust-foundationdb-tuple": {"rust-no-legacy-versionstamp-offset", "rust-packs-incomplete-versionstamp"},
}

// TestLivePeers runs the check against each real implementation: the npm
// fdb-tuple package, the official Python and Java bindings, and the Rust
// crate. Under CI (CI=true) every one must run; elsewhere a peer that is
// not built skips, saying how to build it.
func TestLivePeers(t *testing.T) {
	ds, err := KnownDivergences()
	if err != nil {
		t.Fatal(err)
	}
	for _, lp := range LivePeers() {
		t.Run(lp.Name, func(t *testing.T) {
			if missing := lp.Missing("."); len(missing) > 0 {
				msg := fmt.Sprintf("peer %s is not built: run %s, then go test ./compat", lp.Name, lp.Build)
				if os.Getenv("CI") == "true" {
					t.Fatalf("CI must run every live peer: %s (missing %v)", msg, missing)
				}
				t.Skip(msg)
			}
			cmd := append([]string{}, lp.Command...)
			if _, err := os.Stat(cmd[0]); err == nil {
				cmd[0], _ = filepath.Abs(cmd[0])
			}
			p, err := StartCommand(context.Background(), cmd, 20*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			r, err := Check(context.Background(), p, CheckOptions{Random: 1000, Seed: 1, Divergences: ds})
			if err != nil {
				t.Fatal(err)
			}
			var text strings.Builder
			_ = r.WriteText(&text)
			t.Logf("\n%s", text.String())
			if r.Peer.Name != lp.Name {
				t.Errorf("peer says it is %q", r.Peer.Name)
			}
			if !r.OK() {
				t.Fatalf("%s differs outside its known divergences", lp.Name)
			}
			if len(r.Warnings) > 0 {
				t.Errorf("warnings about the built-in divergences: %q", r.Warnings)
			}
			if got, want := strings.Join(r.knownIDs(), " "), strings.Join(knownFor[lp.Name], " "); got != want {
				t.Errorf("known divergences met: %s; want %s", got, want)
			}
			for _, s := range r.Sections {
				if s.Skipped != 0 || s.Pass == 0 {
					t.Errorf("section %s: %+v", s.Name, *s)
				}
			}
		})
	}
}
