package dirdiff

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/fdbtuple/fdbtuple/compat"
)

// OracleRequiredEnv names the environment variable that makes the live
// differential fail, not skip, when the Java oracle is not built. CI sets
// it.
const OracleRequiredEnv = "FDBTUPLE_DIRECTORY_ORACLE_REQUIRED"

// OracleClassPathEnv names the environment variable that compat/java/oracle.sh
// reads to run the oracle on another fdb-java: the path of a class path
// file.
const OracleClassPathEnv = "FDBTUPLE_FDB_JAVA_CLASSPATH"

// OraclePeer is how the Java oracle is run and when it counts as built,
// paths relative to the compat directory.
var OraclePeer = compat.DirectoryOracle

// ClassPath73 is the class path file, relative to the compat directory,
// that compat/java/build.sh writes for fdb-java 7.3.68.
const ClassPath73 = "java/target/classpath-7.3.txt"

// Oracle is the Java oracle, a Side: the official Java DirectoryLayer on
// an in-memory transaction, run as a child process through the compat
// kit's peer machinery (compat.StartCommand: a process group of its own,
// a timeout per request, restarts after a crash).
type Oracle struct {
	peer  *compat.Peer
	hello Hello
}

// Hello is what the oracle says of itself.
type Hello struct {
	Name     string   `json:"name"`
	Version  string   `json:"version"`
	Protocol int      `json:"protocol"`
	Ops      []string `json:"ops"`
}

// StartOracle starts the oracle found under compatDir (the repository's
// compat directory); classPath, if not empty, is a class path file for
// another fdb-java (ClassPath73). It fails if the oracle is not built.
func StartOracle(ctx context.Context, compatDir, classPath string) (*Oracle, error) {
	if missing := OraclePeer.Missing(compatDir); len(missing) > 0 {
		return nil, fmt.Errorf("%w: missing %v; build it with %s", ErrOracleNotBuilt, missing, OraclePeer.Build)
	}
	script, err := filepath.Abs(filepath.Join(compatDir, OraclePeer.Command[0]))
	if err != nil {
		return nil, err
	}
	argv := []string{script}
	if classPath != "" {
		abs, err := filepath.Abs(filepath.Join(compatDir, classPath))
		if err != nil {
			return nil, err
		}
		if _, err := os.Stat(abs); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrOracleNotBuilt, err)
		}
		argv = []string{"env", OracleClassPathEnv + "=" + abs, script}
	}
	p, err := compat.StartCommand(ctx, argv, 60*time.Second)
	if err != nil {
		return nil, err
	}
	o := &Oracle{peer: p}
	if err := o.call("hello", nil, &o.hello); err != nil {
		p.Close()
		return nil, fmt.Errorf("hello: %w", err)
	}
	if o.hello.Protocol != ProtocolVersion {
		p.Close()
		return nil, fmt.Errorf("the oracle speaks directory protocol %d, want %d", o.hello.Protocol, ProtocolVersion)
	}
	return o, nil
}

// ErrOracleNotBuilt: the Java oracle's build output is missing.
var ErrOracleNotBuilt = errors.New("the Java directory oracle is not built")

// Hello returns what the oracle said of itself.
func (o *Oracle) Hello() Hello { return o.hello }

// Name is "java-fdb-directory <fdb-java version>".
func (o *Oracle) Name() string { return o.hello.Name + " " + o.hello.Version }

// Close stops the oracle's process.
func (o *Oracle) Close() { o.peer.Close() }

// call sends the request op with the fields of req (an object, or nil)
// and decodes the response into resp; a response with an error field and
// no results is an error.
func (o *Oracle) call(op string, req any, resp any) error {
	out, err := o.peer.CallLine(context.Background(), func(id int) ([]byte, error) {
		m := map[string]json.RawMessage{}
		if req != nil {
			b, err := json.Marshal(req)
			if err != nil {
				return nil, err
			}
			if err := json.Unmarshal(b, &m); err != nil {
				return nil, err
			}
		}
		m["id"] = json.RawMessage(fmt.Sprint(id))
		m["op"], _ = json.Marshal(op)
		return json.Marshal(m)
	})
	if err != nil {
		return err
	}
	var head struct {
		Error   string          `json:"error"`
		Results json.RawMessage `json:"results"`
	}
	if err := json.Unmarshal(out, &head); err != nil {
		return fmt.Errorf("malformed response %.200q: %v", out, err)
	}
	if head.Error != "" && head.Results == nil {
		return fmt.Errorf("oracle: %s", head.Error)
	}
	return json.Unmarshal(out, resp)
}

// Reset implements Side.
func (o *Oracle) Reset() error { return o.call("reset", nil, &struct{}{}) }

// Load implements Side.
func (o *Oracle) Load(pairs []Pair) error {
	if pairs == nil {
		pairs = []Pair{}
	}
	return o.call("load", map[string]any{"pairs": pairs}, &struct{}{})
}

// NewLayer implements Side.
func (o *Oracle) NewLayer(spec LayerSpec) (int, error) {
	var resp struct {
		LayerID int `json:"layer_id"`
	}
	err := o.call("new_layer", spec, &resp)
	return resp.LayerID, err
}

// Tx implements Side.
func (o *Oracle) Tx(req TxRequest) (TxResult, error) {
	var resp TxResult
	err := o.call("tx", req, &resp)
	return resp, err
}

// Dump implements Side.
func (o *Oracle) Dump() ([]Pair, error) {
	var resp struct {
		Pairs []Pair `json:"pairs"`
	}
	err := o.call("dump", nil, &resp)
	return resp.Pairs, err
}
