#!/bin/sh
# Runs the directory oracle built by build.sh: the official Java
# DirectoryLayer on an in-memory transaction, speaking the directory
# protocol (../DIRECTORY_PROTOCOL.md). FDBTUPLE_FDB_JAVA_CLASSPATH picks
# another class path file (build.sh writes target/classpath-7.3.txt for
# fdb-java 7.3.68); the default is the pinned 7.4.1.
dir=$(cd "$(dirname "$0")" && pwd)
cp=${FDBTUPLE_FDB_JAVA_CLASSPATH:-$dir/target/classpath.txt}
exec java -XX:TieredStopAtLevel=1 -Xshare:auto -cp "$dir/target/classes:$(cat "$cp")" dev.fdbtuple.compat.DirectoryOracle
