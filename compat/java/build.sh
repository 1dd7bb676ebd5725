#!/bin/sh
# Builds the Java adapter with Maven: compiles it and records the
# dependency class path for run.sh.
set -e
cd "$(dirname "$0")"
mvn -q -B compile dependency:build-classpath -Dmdep.outputFile=target/classpath.txt
