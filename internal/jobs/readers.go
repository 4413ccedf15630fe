package jobs

// Every site's reader, registered with package handhistory: an import's chunks are read as the program reads them.
import _ "github.com/scoophq/scoop/internal/handhistory/sites"
