//go:build faults

package faultsuite

// Every site's reader, registered with package handhistory, for the cases that read hand histories themselves.
import _ "github.com/scoophq/scoop/internal/handhistory/sites"
