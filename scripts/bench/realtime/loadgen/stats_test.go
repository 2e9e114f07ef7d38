package main

import (
	"os/exec"
	"testing"
)

func TestCPUOfAServerThatDiedIsUnknownNotNegative(t *testing.T) {
	cmd := exec.Command("sleep", "0.2")
	if err := cmd.Start(); err != nil {
		t.Skip("no sleep command:", err)
	}
	w := StartCPU(cmd.Process.Pid)
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	srv, _, others := w.Stop()
	if srv != cpuUnknown || others != cpuUnknown {
		t.Fatalf("server %v, others %v for a process that exited", srv, others)
	}
	r := &Result{Metrics: map[string]float64{"serverCPUPct": srv, "othersCPUPct": others}}
	if shown, _, _ := value(r, "serverCPUPct|othersCPUPct", 0); shown != "– / –" {
		t.Fatalf("shown as %q", shown)
	}
}
