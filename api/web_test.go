package api_test

import (
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/store/storetest"
)

// TestWebMount: with Config.Web set, GET and HEAD on the page routes
// reach it (outside /v1 and its validation), the JSON API is unchanged,
// and the only routes not in openapi.yaml are api.WebRoutes.
func TestWebMount(t *testing.T) {
	web := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "page "+r.URL.Path)
	})
	c := newClient(t, storetest.OpenSQLite(t), api.Config{Web: web})
	for _, path := range []string{"/", "/hands", "/hands/42", "/import", "/players/%3Cscript%3E", "/static/app.css"} {
		for _, method := range []string{http.MethodGet, http.MethodHead} {
			req, _ := http.NewRequest(method, c.srv.URL+path, nil)
			res, err := c.srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 || res.Header.Get("X-Request-ID") == "" {
				t.Errorf("%s %s = %d (X-Request-ID %q), want 200 from the web handler", method, path, res.StatusCode, res.Header.Get("X-Request-ID"))
			}
			if method == http.MethodGet && !strings.HasPrefix(string(body), "page /") {
				t.Errorf("GET %s = %q, want the web handler's page", path, body)
			}
		}
	}
	if res := c.postJSON("/v1/equity", map[string]any{"hands": []string{"As2s3dKd", "QhQcJhTc"}, "board": "4c7hKh"}); res.status != 200 {
		t.Errorf("POST /v1/equity with the web app mounted = %d %s", res.status, res.body)
	}
	if res := c.get("/nope"); res.status != 404 {
		t.Errorf("GET /nope = %d, want a 404 problem", res.status)
	}
	var extra []string
	inSpec := map[string]bool{}
	for path, item := range c.spec.Doc.Paths.Map() {
		for method := range item.Operations() {
			inSpec[method+" "+path] = true
		}
	}
	chi.Walk(c.api.Router(), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if r := strings.TrimSuffix(route, "/"); !inSpec[method+" "+r] {
			extra = append(extra, route)
		}
		return nil
	})
	slices.Sort(extra)
	want := slices.Clone(api.WebRoutes)
	slices.Sort(want)
	if !slices.Equal(extra, want) {
		t.Errorf("routes not in openapi.yaml = %q, want exactly the web routes %q", extra, want)
	}
}
