#!/bin/sh
# Runs the Java adapter built by build.sh. The stand-in FDB class in
# target/classes must come before the fdb-java jar on the class path.
dir=$(cd "$(dirname "$0")" && pwd)
exec java -cp "$dir/target/classes:$(cat "$dir/target/classpath.txt")" dev.fdbtuple.compat.Adapter
