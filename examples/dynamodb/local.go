package main

import (
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// The Maven project that pins DynamoDB Local, and the launcher that runs
// it on 127.0.0.1 only; both are written to a temporary directory at each
// start, so that the example runs from any working directory.
var (
	//go:embed local/pom.xml
	localPOM []byte
	//go:embed local/Loopback.java
	localLauncher []byte
)

// ErrNoJava is returned by StartLocal when java or mvn is not installed.
var ErrNoJava = errors.New("DynamoDB Local needs java (17 or later) and mvn on PATH")

// Local is a DynamoDB Local server (com.amazonaws:DynamoDBLocal 2.5.2 from
// Maven Central) run in memory by this process on a free port of
// 127.0.0.1, in a process group of its own.
type Local struct {
	// Endpoint is the server's URL, http://127.0.0.1:<port>.
	Endpoint string
	// Marker is on the server's command line, so that tests can find its
	// process (internal/proctest).
	Marker string

	dir     string
	logPath string
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	exited  chan struct{}
	stop    sync.Once
}

// Timeouts of StartLocal: resolving the class path (a first run downloads
// about 60 MB into ~/.m2) and the server's start (a JVM compiling the
// launcher on a busy machine).
const (
	ResolveTimeout = 10 * time.Minute
	StartTimeout   = 2 * time.Minute
)

// StartLocal resolves DynamoDB Local's class path with Maven, starts the
// server and waits until it answers a request. A server that does not
// start is an error holding its log.
func StartLocal(ctx context.Context) (*Local, error) { return startLocal(ctx, localLauncher) }

// startLocal starts the server with the given launcher source.
func startLocal(ctx context.Context, launcher []byte) (*Local, error) {
	java, errJava := exec.LookPath("java")
	mvn, errMvn := exec.LookPath("mvn")
	if errJava != nil || errMvn != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoJava, errors.Join(errJava, errMvn))
	}
	dir, err := os.MkdirTemp("", "fdbtuple-dynamodb-local")
	if err != nil {
		return nil, err
	}
	l := &Local{dir: dir, logPath: filepath.Join(dir, "dynamodb-local.log"), exited: make(chan struct{})}
	ok := false
	defer func() {
		if !ok {
			l.Stop()
		}
	}()
	classpath, natives, err := l.resolve(ctx, mvn, launcher)
	if err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	var id [8]byte
	if _, err := rand.Read(id[:]); err != nil {
		return nil, err
	}
	l.Marker = "-Dfdbtuple.dynamodblocal=" + hex.EncodeToString(id[:])
	l.Endpoint = fmt.Sprintf("http://127.0.0.1:%d", port)
	logFile, err := os.Create(l.logPath)
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	l.cmd = exec.Command(java, l.Marker, "-Dfdbtuple.dynamodblocal.dir="+dir, "-Dsqlite4java.library.path="+natives,
		"-cp", classpath, filepath.Join(dir, "Loopback.java"),
		"-inMemory", "-sharedDb", "-disableTelemetry", "-port", fmt.Sprint(port))
	l.cmd.Dir = dir
	l.cmd.Stdout, l.cmd.Stderr = logFile, logFile
	newGroup(l.cmd)
	if l.stdin, err = l.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	if err := l.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting DynamoDB Local: %w", err)
	}
	go func() { l.cmd.Wait(); close(l.exited) }()
	if err := l.waitReady(ctx); err != nil {
		return nil, fmt.Errorf("%w\n--- DynamoDB Local's log (%s):\n%s", err, l.logPath, l.Log())
	}
	ok = true
	return l, nil
}

// mavenClassPath caches Maven's answer for the life of the process: a
// second server (a test's) starts without asking again.
var mavenClassPath struct {
	sync.Mutex
	entries []string
}

// resolve writes the launcher, asks Maven for the class path (once per
// process), and copies the sqlite4java native libraries on it (which
// Maven lists like jars) into a directory of their own, where sqlite4java
// looks for them.
func (l *Local) resolve(ctx context.Context, mvn string, launcher []byte) (classpath, natives string, err error) {
	if err := os.WriteFile(filepath.Join(l.dir, "Loopback.java"), launcher, 0o644); err != nil {
		return "", "", err
	}
	entries, err := l.mavenClassPath(ctx, mvn)
	if err != nil {
		return "", "", err
	}
	natives = filepath.Join(l.dir, "native")
	if err := os.Mkdir(natives, 0o755); err != nil {
		return "", "", err
	}
	var jars []string
	for _, entry := range entries {
		switch filepath.Ext(entry) {
		case ".so", ".dylib", ".dll":
			b, err := os.ReadFile(entry)
			if err == nil {
				err = os.WriteFile(filepath.Join(natives, filepath.Base(entry)), b, 0o755)
			}
			if err != nil {
				return "", "", err
			}
		default:
			jars = append(jars, entry)
		}
	}
	if len(jars) == 0 {
		return "", "", fmt.Errorf("mvn gave an empty class path for DynamoDB Local: %q", entries)
	}
	return strings.Join(jars, string(filepath.ListSeparator)), natives, nil
}

func (l *Local) mavenClassPath(ctx context.Context, mvn string) ([]string, error) {
	mavenClassPath.Lock()
	defer mavenClassPath.Unlock()
	if mavenClassPath.entries != nil {
		return mavenClassPath.entries, nil
	}
	pom := filepath.Join(l.dir, "pom.xml")
	if err := os.WriteFile(pom, localPOM, 0o644); err != nil {
		return nil, err
	}
	cpFile := filepath.Join(l.dir, "classpath.txt")
	ctx, cancel := context.WithTimeout(ctx, ResolveTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, mvn, "-q", "-B", "-f", pom, "dependency:build-classpath", "-Dmdep.outputFile="+cpFile)
	newGroup(cmd)
	cmd.Cancel = func() error { return killGroup(cmd) }
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("mvn could not resolve DynamoDB Local: %w\n%s", err, out)
	}
	cp, err := os.ReadFile(cpFile)
	if err != nil {
		return nil, err
	}
	mavenClassPath.entries = filepath.SplitList(strings.TrimSpace(string(cp)))
	return mavenClassPath.entries, nil
}

// freePort asks the system for a free port on 127.0.0.1. Another process
// could take it before the server binds it; the start then fails with the
// server's log, and a second run picks another.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("no free port on 127.0.0.1: %w", err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// waitReady polls ListTables until the server answers, it exits, or
// StartTimeout passes.
func (l *Local) waitReady(ctx context.Context) error {
	client := l.Client()
	ctx, cancel := context.WithTimeout(ctx, StartTimeout)
	defer cancel()
	for {
		rctx, rcancel := context.WithTimeout(ctx, 2*time.Second)
		_, err := client.ListTables(rctx, &dynamodb.ListTablesInput{})
		rcancel()
		if err == nil {
			return nil
		}
		select {
		case <-l.exited:
			return fmt.Errorf("DynamoDB Local exited before it answered (%v)", l.cmd.ProcessState)
		case <-ctx.Done():
			return fmt.Errorf("DynamoDB Local did not answer at %s: %w (last error: %v)", l.Endpoint, ctx.Err(), err)
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// Client returns a DynamoDB client for the server. DynamoDB Local takes
// any credentials; the region names its in-memory database.
func (l *Local) Client() *dynamodb.Client {
	return dynamodb.New(dynamodb.Options{
		BaseEndpoint: aws.String(l.Endpoint),
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("local", "local", ""),
	})
}

// Log returns what the server has written so far.
func (l *Local) Log() string {
	b, err := os.ReadFile(l.logPath)
	if err != nil {
		return fmt.Sprintf("(no log: %v)", err)
	}
	return string(b)
}

// Dir is the temporary directory the server runs in, removed by Stop (or
// by the server itself when its standard input closes).
func (l *Local) Dir() string { return l.dir }

// Stop stops the server and everything it started: it closes the
// server's standard input (on which the launcher exits), asks the process
// group to terminate, kills what is left after five seconds, and removes
// the temporary directory. It may be called more than once.
func (l *Local) Stop() {
	l.stop.Do(func() {
		if l.cmd != nil && l.cmd.Process != nil {
			l.stdin.Close()
			terminateGroup(l.cmd)
			select {
			case <-l.exited:
			case <-time.After(5 * time.Second):
			}
			killGroup(l.cmd) // children the server may have left
			<-l.exited
		}
		os.RemoveAll(l.dir)
	})
}
