package api

import (
	"context"
	"errors"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/hhtest"
	"github.com/scoophq/scoop/internal/ingest"
)

// TestReadHandsDecodesWindows1252: a PokerStars file written in
// Windows-1252, posted as text, reads with its names decoded, the same
// names `scoop import` and `scoop replay` read from the same bytes
// (cmd/scoop TestWindows1252FileReadsAsTheAPIReadsIt).
func TestReadHandsDecodesWindows1252(t *testing.T) {
	t.Parallel()
	body := []byte(hhtest.PokerStarsHandLatin1)
	for _, ct := range []string{"text/plain; charset=windows-1252", "text/plain", ""} {
		f := ingest.FormatOf(ct, body)
		if f != handhistory.FormatPokerStars {
			t.Fatalf("%q: format %s", ct, f)
		}
		es, err := (&ingest.Pipeline{}).Read(f, body)
		if err != nil || len(es) != 1 || es[0].Hand == nil {
			t.Fatalf("%q: %v %+v", ct, err, es)
		}
		if got := []string{es[0].Hand.Players[0].Name, es[0].Hand.Players[1].Name}; !reflect.DeepEqual(got, hhtest.LatinNames) {
			t.Fatalf("%q: names %q, want %q", ct, got, hhtest.LatinNames)
		}
	}
}

// TestReadHandsHostileBodies: 2,000,000 nested brackets posted as TOML,
// text or JSON are an invalid hand or body naming the limit, not a crash of
// the process (a stack overflow in the TOML decoder before the bounds).
func TestReadHandsHostileBodies(t *testing.T) {
	t.Parallel()
	const deep = 2_000_000
	for _, tt := range []struct{ ct, body string }{
		{"application/toml", "variant = " + strings.Repeat("[", deep)},
		{"text/plain", "variant = " + strings.Repeat("[", deep)},
		{"application/json", strings.Repeat("[", deep)},
		{"application/json", strings.Repeat(`{"a":`, deep/5)},
	} {
		es, err := (&ingest.Pipeline{}).Read(ingest.FormatOf(tt.ct, []byte(tt.body)), []byte(tt.body))
		if err == nil && len(es) == 1 {
			err = es[0].Err
		}
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Kind != fault.Invalid || !strings.Contains(fe.Message, "MaxNesting") {
			t.Fatalf("%s %.20s...: %v, want invalid naming MaxNesting", tt.ct, tt.body, err)
		}
	}
}

// TestReplayStopsWhenTheClientLeaves: replay runs under the request's
// context, so a client that has gone stops the replay of a long hand with
// the cancellation instead of a verdict; a live request gets the verdict.
func TestReplayStopsWhenTheClientLeaves(t *testing.T) {
	t.Parallel()
	es, err := (&ingest.Pipeline{}).Read(handhistory.FormatPHH, []byte(hhtest.PHHRaises(handhistory.MaxActions-1)))
	if err != nil || es[0].Hand == nil {
		t.Fatal(err, es)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := httptest.NewRequest("POST", "/v1/hands/replay", nil).WithContext(ctx)
	if _, err := analysis.FromEntryContext(r.Context(), es[0]); !errors.Is(err, context.Canceled) || fault.KindOf(err) != fault.Canceled {
		t.Fatalf("error %v, want the cancellation", err)
	}
	v, err := analysis.FromEntryContext(context.Background(), es[0])
	if err != nil || !v.Legal {
		t.Fatalf("%v %+v", err, v.Error)
	}
}

// TestReadHandsNamesUnsupportedSites: a text body of a site Scoop has no
// reader for is an Invalid error naming the site, the same words `scoop
// import` uses, never a PokerStars reader's complaint.
func TestReadHandsNamesUnsupportedSites(t *testing.T) {
	t.Parallel()
	body := []byte("Everleaf Gaming Game #3800000001\n***** Hand history for game #3800000001 *****\n")
	f := ingest.FormatOf("text/plain", body)
	_, err := (&ingest.Pipeline{}).Read(f, body)
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind != fault.Invalid || !strings.Contains(fe.Message, "unsupported site: Everleaf") {
		t.Fatalf("format %q, err %v; want Invalid naming the unsupported site Everleaf", f, err)
	}
}
