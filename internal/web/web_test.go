package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// get serves one request from a fresh Handler.
func get(t *testing.T, h http.Handler, path string) *http.Response {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec.Result()
}

var (
	inlineScript = regexp.MustCompile(`(?i)<script(?:\s[^>]*)?>\s*[^<\s]`)
	scriptTag    = regexp.MustCompile(`(?i)<script\b[^>]*>`)
	eventAttr    = regexp.MustCompile(`(?i)\son[a-z]+\s*=`)
	assetRef     = regexp.MustCompile(`(?:src|href)="(/static/[^"?]+)\?v=[0-9a-f]+"`)
)

// TestPages: every page answers 200 HTML with the CSP, has no inline
// script, no inline event handler, no external URL, and weighs (with the
// assets it loads) under 300 KB.
func TestPages(t *testing.T) {
	h := New()
	for _, path := range []string{"/", "/hands", "/hands/42", "/import", "/players/Hero"} {
		res := get(t, h, path)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("GET %s = %d %s", path, res.StatusCode, res.Header.Get("Content-Type"))
		}
		if csp := res.Header.Get("Content-Security-Policy"); csp != CSP || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("GET %s CSP = %q", path, csp)
		}
		if inlineScript.Match(body) || eventAttr.Match(body) {
			t.Errorf("GET %s has an inline script or event handler", path)
		}
		for _, tag := range scriptTag.FindAll(body, -1) {
			if !strings.Contains(string(tag), `src="/static/`) {
				t.Errorf("GET %s: script %s is not one of ours", path, tag)
			}
		}
		if strings.Contains(string(body), "http://") || strings.Contains(string(body), "https://") || strings.Contains(string(body), "//fonts") {
			t.Errorf("GET %s names an external URL", path)
		}
		weight := len(body)
		for _, m := range assetRef.FindAllSubmatch(body, -1) {
			a := get(t, h, string(m[1]))
			b, _ := io.ReadAll(a.Body)
			if a.StatusCode != 200 {
				t.Errorf("%s: asset %s = %d", path, m[1], a.StatusCode)
			}
			for _, bad := range []string{"http://", "https://", "@import", "eval(", "innerHTML", "document.write"} {
				if strings.Contains(string(b), bad) && !strings.Contains(string(b), "http://www.w3.org/2000/svg") {
					t.Errorf("asset %s contains %q", m[1], bad)
				}
			}
			weight += len(b)
		}
		if weight > 300<<10 {
			t.Errorf("GET %s weighs %d bytes with its assets, over 300 KB", path, weight)
		}
		t.Logf("%s: %d bytes with its assets", path, weight)
	}
}

// TestEscaping: names from the URL are escaped by the templates.
func TestEscaping(t *testing.T) {
	h := New()
	res := get(t, h, "/players/%3Cscript%3Ealert(1)%3C%2Fscript%3E")
	body, _ := io.ReadAll(res.Body)
	if strings.Contains(string(body), "<script>alert") || !strings.Contains(string(body), "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Errorf("player name not escaped:\n%s", body)
	}
	res = get(t, h, `/hands?player="><script>x</script>`)
	body, _ = io.ReadAll(res.Body)
	if strings.Contains(string(body), "<script>x") {
		t.Errorf("filter value not escaped")
	}
}

// TestStatic: assets are served with their type and cached by version;
// an unknown asset or page is a 404.
func TestStatic(t *testing.T) {
	h := New()
	url, err := h.assetURL("app.css")
	if err != nil {
		t.Fatal(err)
	}
	res := get(t, h, url)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/css; charset=utf-8" || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("GET %s = %d %q %q", url, res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"))
	}
	if res := get(t, h, "/static/app.css"); res.Header.Get("Cache-Control") != "public, max-age=300" {
		t.Errorf("unversioned asset Cache-Control = %q", res.Header.Get("Cache-Control"))
	}
	for _, path := range []string{"/static/nope.js", "/nope"} {
		if res := get(t, h, path); res.StatusCode != 404 {
			t.Errorf("GET %s = %d, want 404", path, res.StatusCode)
		}
	}
}
