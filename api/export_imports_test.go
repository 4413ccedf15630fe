package api

import "time"

// SetUploadIdle sets how long an import upload may stall, for tests.
func SetUploadIdle(d time.Duration) (restore func()) {
	old := uploadIdle
	uploadIdle = d
	return func() { uploadIdle = old }
}
