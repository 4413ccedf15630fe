package kingsclub_test

import (
	"testing"

	"github.com/scoophq/scoop/internal/handhistory/kingsclub"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
	_ "github.com/scoophq/scoop/internal/handhistory/sites" // the registry Detect asks
)

// TestDetect: every file of testdata, whatever its game, is detected as
// Kings Club's through the registry (package sites registers the reader)
// and read there.
func TestDetect(t *testing.T) {
	t.Parallel()
	for _, name := range readertest.Files(t) {
		es := readertest.ReadFile(t, name[len("testdata/"):], kingsclub.Format)
		if len(es) != 1 || es[0].Err != nil {
			t.Errorf("%s: %+v", name, es)
		}
	}
}
