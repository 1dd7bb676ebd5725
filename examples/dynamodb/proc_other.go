//go:build !unix

package main

import "os/exec"

// Without process groups, the server's own process is all that can be
// stopped; the launcher also exits when its standard input closes.
func newGroup(*exec.Cmd) {}

func terminateGroup(cmd *exec.Cmd) error { return cmd.Process.Kill() }

func killGroup(cmd *exec.Cmd) error { return cmd.Process.Kill() }
