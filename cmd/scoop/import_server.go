package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"time"
)

// serverImport is an import as GET /v1/imports/{id} answers it.
type serverImport struct {
	ID     string  `json:"id"`
	State  string  `json:"state"`
	Reason *string `json:"reason"`
	Files  int     `json:"files"`
	Bytes  int64   `json:"bytes"`
	Counts struct {
		Read       int            `json:"read"`
		Stored     int            `json:"stored"`
		Duplicates int            `json:"duplicates"`
		Conflicts  int            `json:"conflicts"`
		Legal      int            `json:"legal"`
		Illegal    int            `json:"illegal"`
		Unreadable int            `json:"unreadable"`
		Analysed   int            `json:"analysed"`
		Skipped    map[string]int `json:"skipped"`
	} `json:"counts"`
	Analysis struct {
		Hands          int     `json:"hands"`
		Analysed       int     `json:"analysed"`
		Pending        int     `json:"pending"`
		Failed         int     `json:"failed"`
		HandsPerSecond float64 `json:"hands_per_second"`
	} `json:"analysis"`
	Progress struct {
		Fraction       float64 `json:"fraction"`
		HandsPerSecond float64 `json:"hands_per_second"`
	} `json:"progress"`
	Errors []struct {
		File    string `json:"file"`
		Hand    int    `json:"hand"`
		Line    int    `json:"line"`
		Message string `json:"message"`
	} `json:"errors"`
}

// importPoll is how often `scoop import --server` asks for progress.
var importPoll = 250 * time.Millisecond

// importThroughServer is `scoop import --server URL`, sending key (when
// set) as the bearer token: the files (and
// directories' files) are uploaded in one streamed multipart POST
// /v1/imports, then the import is followed with the same progress line
// until it ends, and summarised (--json: the import as the server gives
// it). Exit status 0 when it is done, 1 when it failed or was cancelled
// or the server cannot be reached, 2 for bad input.
func importThroughServer(ctx context.Context, server, key string, names []string, asJSON bool, stdin io.Reader, stdout, stderr io.Writer) error {
	base, err := url.Parse(strings.TrimRight(server, "/"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return usagef("--server %q: want http://host:port", server)
	}
	files := expandDirs(names)
	var total int64
	for _, f := range files {
		if f.Name == "-" {
			continue
		}
		st, err := os.Stat(f.Name)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return usagef("%s: %v", f.Name, err)
		}
		total += st.Size()
	}
	p := importProgress(stderr, isTerminal(stderr), false, time.Now)
	p.verb = "uploading"
	p.start(total)
	var sent int64
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		for _, f := range files {
			var r io.Reader = stdin
			var fh *os.File
			if f.Name != "-" {
				var err error
				if fh, err = os.Open(f.Name); err != nil {
					pw.CloseWithError(err)
					return
				}
				r = fh
			}
			w, err := mw.CreateFormFile("file", f.Name)
			if err == nil {
				_, err = io.Copy(w, &progressReader{r: r, fn: func(n int) {
					sent += int64(n)
					p.update(sent, 0, false)
				}})
			}
			if fh != nil {
				fh.Close() // each file as soon as it is sent: a directory may hold more than the open-file limit
			}
			if err != nil {
				pw.CloseWithError(err)
				return
			}
		}
		pw.CloseWithError(mw.Close())
	}()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base.String()+"/v1/imports", pr)
	if err != nil {
		return usagef("--server %q: %v", server, err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	client := &http.Client{Timeout: 0}
	res, err := client.Do(req)
	if err != nil {
		pr.CloseWithError(err)
		return fmt.Errorf("upload to %s: %w", base.Host, err)
	}
	body, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	res.Body.Close()
	if res.StatusCode != http.StatusAccepted {
		return serverProblem(res.StatusCode, body)
	}
	var im serverImport
	if err := json.Unmarshal(body, &im); err != nil || im.ID == "" {
		return fmt.Errorf("the server's answer is not an import: %.200s", body)
	}
	loc := base.String() + "/v1/imports/" + url.PathEscape(im.ID)
	p.verb = "importing"
	p.start(total)
	var raw []byte
	for {
		done := int64(im.Progress.Fraction * float64(total))
		if im.State == "analysing" {
			// Stored: the line follows the analysis jobs.
			p.verb = fmt.Sprintf("analysing (%d of %d analysed)", im.Analysis.Analysed, im.Analysis.Hands)
		}
		p.update(done, im.Counts.Read, false)
		if im.State == "done" || im.State == "failed" || im.State == "cancelled" {
			break
		}
		t := time.NewTimer(importPoll)
		select {
		case <-ctx.Done():
			t.Stop()
			p.clear()
			return fmt.Errorf("interrupted: the import %s goes on on the server (%s)", im.ID, loc)
		case <-t.C:
		}
		greq, _ := http.NewRequestWithContext(ctx, http.MethodGet, loc, nil)
		if key != "" {
			greq.Header.Set("Authorization", "Bearer "+key)
		}
		gres, err := (&http.Client{Timeout: 30 * time.Second}).Do(greq)
		if err != nil {
			if ctx.Err() != nil {
				continue
			}
			return fmt.Errorf("follow the import %s: %w", im.ID, err)
		}
		raw, _ = io.ReadAll(io.LimitReader(gres.Body, 4<<20))
		gres.Body.Close()
		if gres.StatusCode != http.StatusOK {
			return serverProblem(gres.StatusCode, raw)
		}
		im = serverImport{}
		if err := json.Unmarshal(raw, &im); err != nil {
			return fmt.Errorf("the server's answer is not an import: %.200s", raw)
		}
	}
	p.update(total, im.Counts.Read, true)
	p.clear()
	if asJSON {
		if raw == nil {
			raw = body
		}
		stdout.Write(raw)
		if len(raw) > 0 && raw[len(raw)-1] != '\n' {
			fmt.Fprintln(stdout)
		}
	} else {
		writeServerImport(stdout, base.Host, &im)
	}
	switch im.State {
	case "failed":
		reason := "see its errors"
		if im.Reason != nil {
			reason = *im.Reason
		}
		return fmt.Errorf("import %s failed: %s", im.ID, reason)
	case "cancelled":
		return fmt.Errorf("import %s was cancelled", im.ID)
	}
	return nil
}

// serverProblem is the error of a server's non-success answer: its
// problem's detail when it sends one.
func serverProblem(status int, body []byte) error {
	var p struct {
		Detail string `json:"detail"`
	}
	if json.Unmarshal(body, &p) == nil && p.Detail != "" {
		if status == http.StatusRequestEntityTooLarge || status == http.StatusBadRequest || status == http.StatusUnsupportedMediaType {
			return usagef("the server refused the upload (%d): %s", status, p.Detail)
		}
		return fmt.Errorf("the server answered %d: %s", status, p.Detail)
	}
	return fmt.Errorf("the server answered %d", status)
}

// writeServerImport prints the summary of an import made by a server.
func writeServerImport(w io.Writer, host string, im *serverImport) {
	c := im.Counts
	fmt.Fprintf(w, "stored: %d new, %d already stored, %d conflicting (server %s, import %s)\n", c.Stored, c.Duplicates, c.Conflicts, host, im.ID)
	fmt.Fprintf(w, "state: %s", im.State)
	if im.Reason != nil {
		fmt.Fprintf(w, " (%s)", *im.Reason)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "files: %d, %d bytes\n", im.Files, im.Bytes)
	rate := ""
	if im.Progress.HandsPerSecond > 0 {
		rate = fmt.Sprintf(" (%.0f hands/s)", im.Progress.HandsPerSecond)
	}
	fmt.Fprintf(w, "hands read: %d%s\n", c.Read, rate)
	fmt.Fprintf(w, "legal: %d, analysed: %d\n", c.Legal, c.Analysed)
	if a := im.Analysis; a.Hands > 0 {
		fmt.Fprintf(w, "analysis jobs: %d hands, %d analysed, %d pending, %d failed (%.0f hands/s)\n", a.Hands, a.Analysed, a.Pending, a.Failed, a.HandsPerSecond)
	}
	fmt.Fprintf(w, "illegal: %d\n", c.Illegal)
	skipped := 0
	reasons := make([]string, 0, len(c.Skipped))
	for r, n := range c.Skipped {
		skipped += n
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	fmt.Fprintf(w, "skipped: %d\n", skipped)
	for _, r := range reasons {
		fmt.Fprintf(w, "  %5d  %s\n", c.Skipped[r], r)
	}
	fmt.Fprintf(w, "parse errors: %d\n", c.Unreadable)
	for _, e := range im.Errors {
		loc := e.File
		if e.Hand > 0 {
			loc += fmt.Sprintf(" #%d", e.Hand)
		}
		if e.Line > 0 {
			loc += fmt.Sprintf(" line %d", e.Line)
		}
		fmt.Fprintf(w, "  %s: %s\n", loc, e.Message)
	}
}

// progressReader calls fn with the size of every read.
type progressReader struct {
	r  io.Reader
	fn func(int)
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if n > 0 {
		p.fn(n)
	}
	return n, err
}
