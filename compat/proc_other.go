//go:build !unix

package compat

import "os/exec"

// Without process groups, stopping the peer stops its own process only.

func newGroup(*exec.Cmd) {}

func terminateGroup(cmd *exec.Cmd) error { return cmd.Process.Kill() }

func killGroup(cmd *exec.Cmd) error { return cmd.Process.Kill() }
