package ggpoker_test

// Every site reader registered, so that this package's tests read through
// handhistory.Detect and Read as the program does (an external test
// package may import what imports the package under test).
import _ "github.com/scoophq/scoop/internal/handhistory/sites"
