package analysis

// Every site's reader, registered with package handhistory, for the tests that read the sites' files.
import _ "github.com/scoophq/scoop/internal/handhistory/sites"
