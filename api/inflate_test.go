package api_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/store"
)

// TestImportGzipAmplification: a gzip import body that expands far more
// than hand histories do (64 MiB of one repeated hand line from some
// 100 KB) is a 413 naming the ratio, and stores nothing.
func TestImportGzipAmplification(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		c := newClient(t, st, api.Config{Imports: importService(t, st, 0)})
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		line := []byte(strings.Repeat("Seat 1: Hero ($1 in chips)\n", 1000))
		for written := 0; written < 64<<20; written += len(line) {
			zw.Write(line)
		}
		zw.Close()
		req, _ := http.NewRequest("POST", c.srv.URL+"/v1/imports", bytes.NewReader(gz.Bytes()))
		req.Header.Set("Content-Type", "text/plain")
		req.Header.Set("Content-Encoding", "gzip")
		res, err := c.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusRequestEntityTooLarge {
			t.Fatalf("%d KB of gzip expanding to 64 MiB: %d, want 413", gz.Len()>>10, res.StatusCode)
		}
		if page, err := st.Hands(context.Background(), store.Query{}); err != nil || len(page.Hands) != 0 {
			t.Errorf("stored %d hands, %v", len(page.Hands), err)
		}
	})
}
