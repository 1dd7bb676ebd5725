package compat

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync"
	"time"
)

// Peer is an implementation under test, reached through the line
// protocol: a child process, or (for self-checks and tests) a function
// run in this process. A peer that hangs, crashes or answers garbage makes
// the request at hand fail; the peer is then restarted, up to
// MaxRestarts times, after which every request fails at once.
//
// A command peer runs in a process group of its own. Stopping it (Close,
// a restart, or the end of the context it was started with) sends the
// whole group SIGTERM, then SIGKILL after StopGrace, so that no process it
// started outlives it, and nothing waits on a pipe a grandchild holds.
type Peer struct {
	start   func() (*conn, error)
	ctx     context.Context // the peer's lifetime; Background for StartFunc
	timeout time.Duration
	c       *conn
	id      int
	// Restarts counts the restarts after a hang or a crash.
	Restarts int
	dead     error
}

// MaxRestarts bounds how often a failing peer is restarted, so that a
// peer that always hangs costs a bounded time, not one timeout per row.
const MaxRestarts = 5

// StopGrace is how long a stopped peer's processes have between SIGTERM
// and SIGKILL.
const StopGrace = 500 * time.Millisecond

// conn is one running instance of a peer.
type conn struct {
	stdin  io.WriteCloser
	lines  chan []byte // one response line each; closed when output ends
	stop   func()
	stderr *tail
}

// StartCommand starts argv[0] with the other arguments as a peer. timeout
// bounds each request. When ctx ends, the peer's process group is stopped
// and every further request fails.
func StartCommand(ctx context.Context, argv []string, timeout time.Duration) (*Peer, error) {
	if len(argv) == 0 {
		return nil, errors.New("compat: no peer command")
	}
	p := &Peer{timeout: timeout, ctx: ctx, start: func() (*conn, error) {
		cctx, cancel := context.WithCancel(ctx)
		cmd := exec.CommandContext(cctx, argv[0], argv[1:]...)
		newGroup(cmd)
		cmd.Cancel = func() error { return terminateGroup(cmd) }
		cmd.WaitDelay = StopGrace // then Wait kills the leader and closes the pipes
		stdin, err := cmd.StdinPipe()
		if err != nil {
			cancel()
			return nil, err
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			cancel()
			return nil, err
		}
		stderr := &tail{max: 2048}
		cmd.Stderr = stderr
		if err := cmd.Start(); err != nil {
			cancel()
			return nil, fmt.Errorf("compat: start peer %q: %w", argv, err)
		}
		waited := make(chan struct{})
		go func() { _ = cmd.Wait(); close(waited) }()
		c := &conn{stdin: stdin, lines: readLines(stdout), stderr: stderr}
		c.stop = func() {
			stdin.Close()
			cancel() // SIGTERM to the group, through cmd.Cancel
			select {
			case <-waited: // bounded by WaitDelay
			case <-time.After(StopGrace + time.Second):
			}
			_ = killGroup(cmd) // whatever of the group ignored SIGTERM or outlived the leader
		}
		return c, nil
	}}
	return p, p.restart()
}

// StartFunc runs serve in this process as a peer, connected by pipes.
func StartFunc(serve func(r io.Reader, w io.Writer) error, timeout time.Duration) (*Peer, error) {
	p := &Peer{timeout: timeout, ctx: context.Background(), start: func() (*conn, error) {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		go func() {
			err := serve(inR, outW)
			outW.CloseWithError(err)
		}()
		return &conn{stdin: inW, lines: readLines(outR), stderr: &tail{}, stop: func() {
			inW.Close()
			outR.Close()
		}}, nil
	}}
	return p, p.restart()
}

// maxLineBytes bounds one response line: no answer to the checker's
// requests comes near it, and a peer that writes without end must cost
// bounded memory (and, with tuplewire.MaxDepth bounding the nesting of what
// is decoded, bounded time).
const maxLineBytes = 1 << 20

// readLines sends each non-blank line r yields. A line longer than
// maxLineBytes is sent as nil, and reading stops.
func readLines(r io.Reader) chan []byte {
	ch := make(chan []byte, 1)
	go func() {
		defer close(ch)
		br := bufio.NewReaderSize(r, 1<<16)
		var line []byte
		for {
			chunk, err := br.ReadSlice('\n')
			if len(line)+len(chunk) > maxLineBytes {
				ch <- nil
				return
			}
			line = append(line, chunk...)
			if errors.Is(err, bufio.ErrBufferFull) {
				continue
			}
			if len(bytes.TrimSpace(line)) > 0 {
				ch <- line
			}
			line = nil
			if err != nil {
				return
			}
		}
	}()
	return ch
}

func (p *Peer) restart() error {
	if p.c != nil {
		p.c.stop()
	}
	c, err := p.start()
	if err != nil {
		p.dead = err
		return err
	}
	p.c = c
	return nil
}

// Call sends one request and waits for its response, at most the peer's
// timeout, and no longer than ctx lasts. The error reports a peer fault (a
// timeout, an exit, or a line that is not a response to this request) or
// the end of ctx or of the peer's own context.
func (p *Peer) Call(ctx context.Context, req Request) (Response, error) {
	out, err := p.CallLine(ctx, func(id int) ([]byte, error) {
		req.ID = id
		return json.Marshal(req)
	})
	if err != nil {
		return Response{}, err
	}
	var resp Response
	if err := json.Unmarshal(out, &resp); err != nil {
		return Response{}, fmt.Errorf("malformed response %.80q: %v", out, err)
	}
	return resp, nil
}

// CallLine is Call for a protocol of another shape (the directory
// protocol, compat/DIRECTORY_PROTOCOL.md): line builds the request, a JSON
// object, from the id the peer gives it, and CallLine returns the response
// line once its "id" matches, with the same timeouts, faults and restarts
// as Call.
func (p *Peer) CallLine(ctx context.Context, line func(id int) ([]byte, error)) ([]byte, error) {
	if err := context.Cause(p.ctx); err != nil {
		return nil, fmt.Errorf("peer stopped: %w", err)
	}
	if err := context.Cause(ctx); err != nil {
		return nil, fmt.Errorf("request abandoned: %w", err)
	}
	if p.dead != nil {
		return nil, fmt.Errorf("peer unusable: %v", p.dead)
	}
	p.id++
	req, err := line(p.id)
	if err != nil {
		return nil, err
	}
	out, fault := p.exchange(ctx, append(req, '\n'), p.id)
	if fault != nil && fault.restart {
		p.Restarts++
		if p.Restarts > MaxRestarts {
			p.dead = fmt.Errorf("gave up after %d restarts; last fault: %v", MaxRestarts, fault.err)
			p.c.stop()
		} else if err := p.restart(); err != nil {
			return nil, err
		}
	}
	if fault != nil {
		return nil, fault.err
	}
	return out, nil
}

type fault struct {
	err     error
	restart bool
}

func (p *Peer) exchange(ctx context.Context, line []byte, id int) ([]byte, *fault) {
	timer := time.NewTimer(p.timeout)
	defer timer.Stop()
	written := make(chan error, 1)
	go func() { _, err := p.c.stdin.Write(line); written <- err }()
	select {
	case <-ctx.Done():
		return nil, &fault{fmt.Errorf("request abandoned: %w", context.Cause(ctx)), false}
	case <-p.ctx.Done():
		return nil, &fault{fmt.Errorf("peer stopped: %w", context.Cause(p.ctx)), false}
	case err := <-written:
		if err != nil {
			return nil, &fault{fmt.Errorf("peer stopped reading: %v%s", err, p.c.stderr.note()), true}
		}
	case <-timer.C:
		return nil, &fault{fmt.Errorf("peer did not read the request within %v", p.timeout), true}
	}
	select {
	case <-ctx.Done():
		return nil, &fault{fmt.Errorf("request abandoned: %w", context.Cause(ctx)), false}
	case <-p.ctx.Done():
		return nil, &fault{fmt.Errorf("peer stopped: %w", context.Cause(p.ctx)), false}
	case out, ok := <-p.c.lines:
		if !ok {
			return nil, &fault{fmt.Errorf("peer exited without answering%s", p.c.stderr.note()), true}
		}
		if out == nil {
			return nil, &fault{fmt.Errorf("response line longer than %d bytes", maxLineBytes), true}
		}
		var head struct {
			ID int `json:"id"`
		}
		if err := json.Unmarshal(out, &head); err != nil {
			return nil, &fault{fmt.Errorf("malformed response %.80q: %v", out, err), false}
		}
		if head.ID != id {
			return nil, &fault{fmt.Errorf("response has id %d, want %d", head.ID, id), true}
		}
		return out, nil
	case <-timer.C:
		return nil, &fault{fmt.Errorf("no response within %v", p.timeout), true}
	}
}

// Close stops the peer.
func (p *Peer) Close() {
	if p.c != nil {
		p.c.stop()
	}
}

// tail keeps the last bytes a peer wrote to standard error, for reports.
type tail struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if t.max > 0 && len(t.buf) > t.max {
		t.buf = t.buf[len(t.buf)-t.max:]
	}
	return len(b), nil
}

func (t *tail) note() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := bytes.TrimSpace(t.buf)
	if len(s) == 0 {
		return ""
	}
	if i := bytes.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return fmt.Sprintf(" (stderr: %.200s)", s)
}
