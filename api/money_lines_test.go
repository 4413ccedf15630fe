package api_test

import (
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/store"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// TestUnreadableHandInSiteMoney (issue 27): a reader's error says its
// amounts in the site's money, in POST /v1/hands/replay's problem and in
// GET /v1/imports/{id}'s errors, with the error's line (a Winamax file
// whose line 59 reads "Hero raises 5€ to 8€").
func TestUnreadableHandInSiteMoney(t *testing.T) {
	t.Parallel()
	body, err := os.ReadFile("testdata/winamax-unreadable.txt")
	if err != nil {
		t.Fatal(err)
	}
	const want = "Hero raises by €5.00 to €8.00, but the current bet is €2.00, not €3.00"
	c := newClient(t, storetest.OpenSQLite(t), api.Config{})
	res := c.do(http.MethodPost, "/v1/hands/replay", "text/plain", body)
	var got handResults
	res.decode(t, &got)
	if res.status != 200 || len(got.Hands) != 2 || got.Hands[1].Problem == nil {
		t.Fatalf("replay = %d %s", res.status, res.body)
	}
	if p := got.Hands[1].Problem; !strings.Contains(p.Detail, want) || strings.Contains(p.Detail, "chip units") || p.Line != 59 {
		t.Errorf("problem detail %q line %d, want %q on line 59", p.Detail, p.Line, want)
	}
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{Imports: importService(t, st, 1)})
		im := c.waitImport(c.postImport("text/plain", body).ID)
		if len(im.Errors) != 1 || !strings.Contains(im.Errors[0].Message, want) || im.Errors[0].Line != 59 {
			t.Errorf("import errors %+v, want %q on line 59", im.Errors, want)
		}
	})
}

// TestOneLineNumbering (issue 27): an illegal hand's line is its
// offending action's in the file as uploaded, the same in POST
// /v1/hands's 422 (the problem's line, the verdict's and its error's), in
// POST /v1/hands/replay's results (verdict line and action_line), and in
// a stored hand imported by the jobs past the first chunk; read counts
// every hand found, as the command line and the imports count them.
func TestOneLineNumbering(t *testing.T) {
	t.Parallel()
	illegal, err := os.ReadFile("../examples/illegal.txt")
	if err != nil {
		t.Fatal(err)
	}
	winamax, err := os.ReadFile("testdata/winamax-illegal.txt")
	if err != nil {
		t.Fatal(err)
	}
	unreadable, err := os.ReadFile("testdata/winamax-unreadable.txt")
	if err != nil {
		t.Fatal(err)
	}
	type verdict struct {
		Line  int
		Error *struct{ Line int }
	}
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{Imports: importService(t, st, 1)})
		res := c.do(http.MethodPost, "/v1/hands", "text/plain", illegal)
		var p struct {
			Line    int
			Verdict verdict
		}
		res.decode(t, &p)
		if res.status != 422 || p.Line != 24 || p.Verdict.Line != 24 || p.Verdict.Error == nil || p.Verdict.Error.Line != 24 {
			t.Errorf("POST /v1/hands = %d: problem line %d, verdict %+v; want 24 for all (%s)", res.status, p.Line, p.Verdict, res.body)
		}

		// A Winamax hand (one a body: its 422), and with a hand before it.
		res = c.do(http.MethodPost, "/v1/hands/replay", "text/plain", winamax)
		res.decode(t, &p)
		if res.status != 422 || p.Line != 43 || p.Verdict.Line != 43 {
			t.Errorf("Winamax replay = %d: %s; want the raise's line 43", res.status, res.body)
		}
		res = c.do(http.MethodPost, "/v1/hands/replay", "text/plain", append(append([]byte{}, unreadable...), winamax...))
		var r struct {
			Hands []struct {
				ActionLine int `json:"action_line"`
				Verdict    *verdict
			}
		}
		res.decode(t, &r)
		if len(r.Hands) != 3 || r.Hands[2].ActionLine != 64+43 || r.Hands[2].Verdict == nil || r.Hands[2].Verdict.Line != 64+43 {
			t.Errorf("replay of three hands: %s; want the raise's line %d", res.body, 64+43)
		}

		var counts handResults
		c.do(http.MethodPost, "/v1/hands/replay", "text/plain", unreadable).decode(t, &counts)
		if counts.Read != 2 || counts.Failed != 1 {
			t.Errorf("read %d failed %d, want 2 read (every hand found, as scoop replay says) and 1 failed", counts.Read, counts.Failed)
		}

		// Six copies of the two-hand file, then the illegal hand: the job
		// reads it in chunks of 10 hands; every line is the file's.
		var file []byte
		for range 6 {
			file = append(file, unreadable...)
		}
		at := strings.Count(string(file), "\n")
		file = append(file, winamax...)
		im := c.waitImport(c.postImport("text/plain", file).ID)
		if im.Counts.Read != 13 || len(im.Errors) != 6 {
			t.Fatalf("import: %+v", im)
		}
		for k, e := range im.Errors {
			if want := 59 + 64*k; e.Line != want {
				t.Errorf("import error %d on line %d, want %d", k, e.Line, want)
			}
		}
		var page handPage
		c.get("/v1/hands?legal=false").decode(t, &page)
		id := ""
		for _, h := range page.Hands {
			if len(h.Players) > 3 && h.Players[3] == "Player5" {
				id = h.ID
			}
		}
		if id == "" {
			t.Fatalf("the Winamax hand is not stored: %+v", page)
		}
		var stored struct{ Verdict verdict }
		c.get("/v1/hands/"+id).decode(t, &stored)
		if want := at + 43; stored.Verdict.Line != want || stored.Verdict.Error == nil || stored.Verdict.Error.Line != want {
			t.Errorf("stored verdict %+v, want line %d (the raise's in the uploaded file)", stored.Verdict, want)
		}
	})
}
