package api

// Test-only names for the response bodies the handlers marshal, so that the
// external tests can compare them with their openapi.yaml schemas.
type (
	HandResults = handResults
	HandSummary = handSummary
	// LogBuffer is a log sink safe for the server's goroutines.
	LogBuffer = logBuffer
)
