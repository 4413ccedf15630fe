package api

// Every site's reader, registered with package handhistory: the API reads what the program reads.
import _ "github.com/scoophq/scoop/internal/handhistory/sites"
