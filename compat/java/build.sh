#!/bin/sh
# Builds the Java adapter and the directory oracle with Maven: compiles
# them and records the dependency class path for run.sh and oracle.sh,
# and a second class path with fdb-java 7.3.68 in place of the pinned
# 7.4.1, which the directory differential also runs the oracle on.
set -e
cd "$(dirname "$0")"
mvn -q -B compile dependency:build-classpath -Dmdep.outputFile=target/classpath.txt
mvn -q -B dependency:build-classpath -Dfdb.version=7.3.68 -Dmdep.outputFile=target/classpath-7.3.txt
