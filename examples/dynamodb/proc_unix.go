//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// newGroup makes cmd's process the leader of a process group of its own,
// which its children join, so that stopping it stops them too.
func newGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// terminateGroup asks every process of cmd's group to stop.
func terminateGroup(cmd *exec.Cmd) error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }

// killGroup kills whatever is left of cmd's group.
func killGroup(cmd *exec.Cmd) error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
