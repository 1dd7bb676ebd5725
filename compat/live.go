package compat

import (
	"os"
	"path/filepath"
)

// LivePeer is one real implementation of the tuple layer that this
// repository checks against, through an adapter in compat/.
type LivePeer struct {
	Name    string   // as its hello says
	Command []string // how to run it, relative to the compat directory
	Ready   []string // files that exist once it is built, relative to the compat directory
	Build   string   // the command that builds it, from the repository root
}

// LivePeers returns the four live peers: the npm fdb-tuple package, the
// official Python and Java bindings, and the Rust crate.
func LivePeers() []LivePeer {
	return []LivePeer{
		{"fdb-tuple", []string{"node", "js/adapter.js"}, []string{"js/node_modules/fdb-tuple/package.json"},
			"(cd compat/js && npm ci)"},
		{"python-foundationdb", []string{"python/.venv/bin/python", "python/adapter.py"}, []string{"python/.venv/bin/python"},
			"python3 -m venv compat/python/.venv && compat/python/.venv/bin/pip install --require-hashes -r compat/python/requirements.txt"},
		{"java-fdb", []string{"java/run.sh"}, []string{"java/target/classpath.txt", "java/target/classes/dev/fdbtuple/compat/Adapter.class"},
			"compat/java/build.sh"},
		{"rust-foundationdb-tuple", []string{"rust/target/release/adapter"}, []string{"rust/target/release/adapter"},
			"(cd compat/rust && cargo build --release --locked)"},
	}
}

// Missing returns the files of lp.Ready that do not exist under the
// compat directory dir: empty when the peer is built.
func (lp LivePeer) Missing(dir string) []string {
	var missing []string
	for _, f := range lp.Ready {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			missing = append(missing, f)
		}
	}
	return missing
}

// DirectoryOracle is the Java directory oracle (DIRECTORY_PROTOCOL.md):
// fdb-java's DirectoryLayer on an in-memory transaction, which the
// differential of compat/dirdiff runs this module's fdb/directory against.
// compat/java/build.sh builds it with the Java peer.
var DirectoryOracle = LivePeer{
	Name:    "java-fdb-directory",
	Command: []string{"java/oracle.sh"},
	Ready:   []string{"java/target/classpath.txt", "java/target/classpath-7.3.txt", "java/target/classes/dev/fdbtuple/compat/DirectoryOracle.class"},
	Build:   "compat/java/build.sh",
}
