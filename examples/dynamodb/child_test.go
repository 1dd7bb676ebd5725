package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/internal/proctest"
)

// childEnv makes the test binary a child that starts DynamoDB Local,
// prints its marker and waits to be killed.
const childEnv = "FDBTUPLE_DYNAMODB_CHILD"

// childClassPath passes the parent's class path to the child, which
// then starts without asking Maven again.
const childClassPath = "FDBTUPLE_DYNAMODB_CHILD_CLASSPATH"

func childMain() {
	mavenClassPath.entries = filepath.SplitList(os.Getenv(childClassPath))
	l, err := StartLocal(context.Background())
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Println("dir:", l.Dir())
	fmt.Println("marker:", l.Marker)
	select {}
}

func leftRunning(marker string) []string {
	if !proctest.Supported() {
		return nil
	}
	return proctest.LeftRunning(marker)
}

// TestStopsWithOwner: a process that started DynamoDB Local and is
// killed (SIGKILL: no deferred call, no signal handler runs) leaves no
// server behind: the server exits when its standard input closes.
func TestStopsWithOwner(t *testing.T) {
	server(t)
	if !proctest.Supported() {
		t.Skip("SKIPPED: proctest cannot look processes up on this system")
	}
	if testing.Short() {
		t.Skip("starts a second DynamoDB Local")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"=1",
		childClassPath+"="+strings.Join(mavenClassPath.entries, string(filepath.ListSeparator)))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := bufio.NewScanner(out)
	marker, dir := "", ""
	for lines.Scan() {
		if d, ok := strings.CutPrefix(lines.Text(), "dir: "); ok {
			dir = d
			continue
		}
		if m, ok := strings.CutPrefix(lines.Text(), "marker: "); ok {
			marker = m
			break
		}
		t.Log(lines.Text())
	}
	if marker == "" || dir == "" {
		t.Fatal("the child did not start DynamoDB Local")
	}
	if len(proctest.LeftRunning(marker)) == 0 {
		t.Fatal("the child's server is not running")
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	deadline := time.Now().Add(10 * time.Second)
	for {
		left := proctest.LeftRunning(marker)
		if len(left) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("10 s after its owner was killed, DynamoDB Local still runs: %v", left)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		os.RemoveAll(dir)
		t.Errorf("the server's directory %s was left behind (%v)", dir, err)
	}
}

// TestStartFailureShowsLog: a server that cannot start is an error that
// holds its log (here the Java compiler's message on a broken launcher),
// and leaves no process behind.
func TestStartFailureShowsLog(t *testing.T) {
	server(t)
	broken := bytes.Replace(localLauncher, []byte("proxy.start();"), []byte("proxy.start(;"), 1)
	l, err := startLocal(context.Background(), broken)
	if err == nil {
		l.Stop()
		t.Fatal("a broken launcher started")
	}
	if !strings.Contains(err.Error(), "DynamoDB Local's log") || !strings.Contains(err.Error(), "proxy.start(;") {
		t.Fatalf("the error does not show the server's log: %v", err)
	}
	t.Logf("%.300s", err)
}
