//go:build unix

package equity

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) this process has used
// so far: benchmarks report it per op beside the wall time, as a shared
// machine's load inflates the wall time of work but much less its CPU
// time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
