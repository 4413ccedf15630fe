package storetest

// Every site's reader, registered with package handhistory, for the suite's real hand histories.
import _ "github.com/scoophq/scoop/internal/handhistory/sites"
