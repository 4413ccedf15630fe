// Package sites registers the readers of every site Scoop reads with
// package handhistory. Import it (for its effect) in every program, and in
// every package whose code or tests read a site's text through
// handhistory.Read, Detect or HandStarts: without it only Scoop JSON and
// PHH are registered.
//
// Adding a site is a folder internal/handhistory/SITE exporting a
// handhistory.Reader named Reader, and one line in Default. The order of
// Default is the order Detect asks the readers in.
package sites

import (
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/acr"
	"github.com/scoophq/scoop/internal/handhistory/bovada"
	"github.com/scoophq/scoop/internal/handhistory/fulltilt"
	"github.com/scoophq/scoop/internal/handhistory/ggpoker"
	"github.com/scoophq/scoop/internal/handhistory/ipoker"
	"github.com/scoophq/scoop/internal/handhistory/kingsclub"
	"github.com/scoophq/scoop/internal/handhistory/pacific"
	"github.com/scoophq/scoop/internal/handhistory/party"
	"github.com/scoophq/scoop/internal/handhistory/pokerstars"
	"github.com/scoophq/scoop/internal/handhistory/winamax"
	"github.com/scoophq/scoop/internal/handhistory/wpn"
)

// Default returns the sites' readers, in the order Detect asks them.
func Default() []handhistory.Reader {
	return []handhistory.Reader{
		pokerstars.Reader,
		ggpoker.Reader,
		winamax.Reader,
		fulltilt.Reader,
		ipoker.Reader,
		pacific.Reader,
		party.Reader,
		acr.Reader,
		wpn.Reader,
		bovada.Reader,
		kingsclub.Reader,
	}
}

func init() {
	for _, r := range Default() {
		if err := handhistory.Register(r); err != nil {
			panic(err)
		}
	}
}
