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
