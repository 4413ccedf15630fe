package main

// Every site's reader, registered with package handhistory (see internal/handhistory/sites).
import _ "github.com/scoophq/scoop/internal/handhistory/sites"
