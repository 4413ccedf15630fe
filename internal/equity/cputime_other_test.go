//go:build !unix

package equity

import "time"

// processCPU is not measured here (see cputime_unix_test.go): 0.
func processCPU() time.Duration { return 0 }
