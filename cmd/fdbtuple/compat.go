package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/fdbtuple/fdbtuple/compat"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
)

// version is reported by serve's hello.
const version = "0.1.0"

var serveCommand = &command{
	summary: "answer the compat protocol with this codec, for other checkers",
	usage: `

Reads protocol requests (compat/PROTOCOL.md), one JSON object per line, from
standard input and answers each on standard output, until input ends.

example:
  echo '{"id":1,"op":"pack","tuple":[{"string":"foo"},{"int":"42"}]}' | fdbtuple serve
  {"id":1,"packed":"02666f6f00152a"}`,
	minArgs: 0, maxArgs: 0,
	run: func(e *env, o *options, args []string) error {
		return compat.Serve(e.stdin, e.stdout, version)
	},
}

var checkCommand = &command{
	summary: "check an implementation against every vector and a random run",
	usage: `[-seed N] [-random N] [-timeout D] [-examples N] [-json FILE] [-divergences FILE [-replace-divergences]] -- COMMAND [ARGS...]

Starts COMMAND, which must speak the compat protocol (compat/PROTOCOL.md) on
its standard input and output, and runs through it every row of every
vector file and a differential run of random tuples against this codec.
Rows and random tuples with a type the peer's hello does not declare (an
integer wider than int64 for a peer that declares int64) are skipped;
rows of a lenient reading it declares expect the reference's value.

Prints what the peer declares, a row per vector file and random category
(pass, fail, known divergence, skipped), the known divergences met and
their reasons, warnings about divergence entries that matched nothing,
then the failures grouped by section and cause, each group's smallest
failing input first (random ones shrunk against the peer), with a caret
under the first differing byte of each hex pair. -json names every
failing row. A peer that hangs, crashes or answers garbage fails the row
at hand, never the checker.

Known divergences (compat/PROTOCOL.md says the format) come from the
built-in list; -divergences FILE adds a file's entries to it, and with
-replace-divergences uses them alone. A file with an unknown field,
section or equivalence is refused.

Values are written in the tuple text form (go doc
github.com/fdbtuple/fdbtuple/tuple, "Text form"), packed bytes in hex.

exit status:
  0    every row passed or differs in a known way
  1    rows differ outside the known divergences
  2    usage error, or a divergence file refused
  3    protocol error: the peer did not start, or its hello failed
  130  interrupted (SIGINT or SIGTERM); the peer is stopped

examples:
  fdbtuple check -- node compat/js/adapter.js
  fdbtuple check -random 1000 -seed 7 -json report.json -- fdbtuple serve
  fdbtuple check -examples 5 -divergences mine.json -- ./my-adapter`,
	flags:   []string{"seed", "random", "timeout", "json", "divergences", "replace-divergences", "examples"},
	minArgs: 1, maxArgs: 1 << 20,
	missing: "missing the peer's command after -- (usage: fdbtuple check [flags] -- COMMAND [ARGS...])",
	run:     runCheck,
}

// checkDivergences is the built-in list, with -divergences FILE added to
// it or, with -replace-divergences, instead of it.
func checkDivergences(o *options) ([]compat.Divergence, error) {
	if o.replaceDivs && o.divergences == "" {
		return nil, usagef("-replace-divergences needs -divergences FILE")
	}
	var ds []compat.Divergence
	if !o.replaceDivs {
		builtin, err := compat.KnownDivergences()
		if err != nil {
			return nil, err
		}
		ds = builtin
	}
	if o.divergences == "" {
		return ds, nil
	}
	data, err := os.ReadFile(o.divergences)
	if err != nil {
		return nil, usagef("%v", err)
	}
	file, err := compat.ParseDivergences(data, o.divergences)
	if err != nil {
		return nil, usagef("%v", err)
	}
	if ds, err = compat.MergeDivergences(ds, file); err != nil {
		return nil, usagef("%v", err)
	}
	return ds, nil
}

func runCheck(e *env, o *options, args []string) error {
	ds, err := checkDivergences(o)
	if err != nil {
		return err
	}
	// SIGINT or SIGTERM ends the run: the peer's process group is stopped,
	// the partial report printed, and the checker exits, leaving nothing
	// running.
	ctx, stop := signalContext()
	defer stop()
	peer, err := compat.StartCommand(ctx, args, o.timeout)
	if err != nil {
		return &exitError{exitProtocol, err}
	}
	defer peer.Close()
	report, err := compat.Check(ctx, peer, compat.CheckOptions{Random: o.random, Seed: o.seed, Divergences: ds, Examples: o.examples})
	switch {
	case err != nil && ctx.Err() != nil && report != nil:
		if werr := writeReport(e, o, report); werr != nil {
			return werr
		}
		return &exitError{exitInterrupted, fmt.Errorf("%w; the report above is partial", err)}
	case err != nil && ctx.Err() != nil:
		return &exitError{exitInterrupted, err}
	case errors.Is(err, compat.ErrProtocol):
		return &exitError{exitProtocol, err}
	case err != nil:
		return err
	}
	if err := writeReport(e, o, report); err != nil {
		return err
	}
	if !report.OK() {
		return fmt.Errorf("%d rows differ from this codec outside the known divergences", report.Failures)
	}
	return nil
}

// signalContext is a context that SIGINT or SIGTERM cancels, with the
// signal named in its cause ("interrupted (SIGINT)", "terminated
// (SIGTERM)").
func signalContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-signals:
			cancel(signalError{sig})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(signals)
		close(done)
		cancel(nil)
	}
}

// signalError is the cause of a run ended by a signal.
type signalError struct{ sig os.Signal }

func (e signalError) Error() string {
	if e.sig == syscall.SIGTERM {
		return "terminated (SIGTERM)"
	}
	return "interrupted (SIGINT)"
}

// writeReport prints the report, and writes it as JSON to -json's file.
func writeReport(e *env, o *options, report *compat.Report) error {
	if err := report.WriteText(e.stdout); err != nil {
		return err
	}
	if o.json == "" {
		return nil
	}
	if o.json == "-" {
		return report.WriteJSON(e.stdout)
	}
	f, err := os.Create(o.json)
	if err != nil {
		return err
	}
	if err := report.WriteJSON(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

var demoCommand = &command{
	summary: "load a timeline into bbolt under key paths and run range scans",
	usage: `[-db FILE]

Creates a bbolt store (in a temporary directory, or FILE), loads users,
posts, comments and reactions under nested key paths such as
/user-4c9d36e5-6b19-4e6a-828c-226ed667458a/post-1234/comment-1678901234,
and prints range scans as key paths: a user's timeline, a post's thread,
posts 9 through 100 in numeric order, the latest comments first; then the
same posts under naive USER#…#POST#10 string keys, in their wrong order.

example:
  fdbtuple demo`,
	flags:   []string{"db"},
	minArgs: 0, maxArgs: 0,
	run: func(e *env, o *options, args []string) error {
		return timeline.Run(e.stdout, o.db)
	},
}

var matrixCommand = &command{
	summary: "render check -json reports as a Markdown compatibility matrix",
	usage: `[-date DATE] REPORT.json...

Reads the JSON reports of fdbtuple check (one per peer) and prints a
Markdown table: a row per vector file and random category, a column per
peer, each cell the passing and known-divergence counts, then the known
divergences met (if any).

example:
  fdbtuple matrix -date 2026-11-22 reports/*.json`,
	flags:   []string{"date"},
	minArgs: 1, maxArgs: manyArgs,
	run: func(e *env, o *options, args []string) error {
		var reports []*compat.Report
		for _, path := range args {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			var r compat.Report
			if err := json.Unmarshal(data, &r); err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			reports = append(reports, &r)
		}
		date := o.date
		if date == "" {
			date = time.Now().UTC().Format("2006-01-02")
		}
		_, err := fmt.Fprint(e.stdout, compat.Matrix(reports, date))
		return err
	},
}
