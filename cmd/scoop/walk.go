package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/ingest"
)

// walkFile is one file `scoop replay` or `scoop import` reads: named on the
// command line, or found under a directory named there (FromDir).
type walkFile struct {
	Name    string
	FromDir bool
}

// expandDirs replaces each directory among names by the regular files
// under it, in lexical order, skipping hidden files and directories.
// Other names (files, "-", missing paths) are kept as given.
func expandDirs(names []string) []walkFile {
	var out []walkFile
	for _, name := range names {
		st, err := os.Stat(name)
		if name == "-" || err != nil || !st.IsDir() {
			out = append(out, walkFile{Name: name})
			continue
		}
		_ = filepath.WalkDir(name, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				out = append(out, walkFile{Name: path, FromDir: true}) // reported as unreadable when read
				return nil
			}
			if path != name && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() {
				out = append(out, walkFile{Name: path, FromDir: true})
			}
			return nil
		})
	}
	return out
}

// errNotHandHistory marks a file of a directory walk that is skipped: its
// format cannot be detected, its reader rejects it as a whole, or not one
// of its entries is a hand (every one is an error), like a JSON Lines file
// of verdicts next to the hand histories they judge.
var errNotHandHistory = errors.New("not a hand history")

// skippedLine is the one line that reports a skipped file.
func skippedLine(name string) string { return "skipped " + name + ": " + errNotHandHistory.Error() }

// readEntries reads one file ("-" is stdin) and returns its entries. The
// error names the file: it cannot be read at all, or, for a file found by a
// directory walk that is not a hand history, it wraps errNotHandHistory. A
// file named on the command line is never skipped: its errors are errors.
func readEntries(f walkFile, stdin io.Reader) ([]handhistory.Entry, error) {
	entries, _, err := readFile(f, stdin)
	return entries, err
}

// readFile is readEntries that also returns the file's decoded text (the
// lines the entries name are its lines), read under ingest's panic guard.
func readFile(f walkFile, stdin io.Reader) ([]handhistory.Entry, []byte, error) {
	var data []byte
	var err error
	if f.Name == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(f.Name)
	}
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, nil, fileError(f.Name, err)
	}
	notHH := func(err error) error {
		// A file of a site Scoop has no reader for is a hand history all
		// the same: its error names the site, even found in a directory.
		if f.FromDir && (err == nil || !strings.Contains(err.Error(), "unsupported site")) {
			return fmt.Errorf("%s: %w", f.Name, errNotHandHistory)
		}
		return fileError(f.Name, err)
	}
	// One decoding for detection and reading, the API's too: UTF-16 and
	// Windows-1252 files read as their UTF-8 twins.
	if data, _, err = handhistory.Decode(data); err != nil {
		return nil, nil, notHH(err)
	}
	format, err := handhistory.Detect(f.Name, data)
	if err != nil {
		return nil, nil, notHH(err)
	}
	entries, err := (&ingest.Pipeline{}).Read(format, data)
	if err != nil {
		return nil, nil, notHH(err)
	}
	if f.FromDir && len(entries) > 0 {
		for _, e := range entries {
			if e.Err == nil {
				return entries, data, nil
			}
		}
		return nil, nil, notHH(nil)
	}
	return entries, data, nil
}

// fileError names the file in err's message unless it already does.
func fileError(name string, err error) error {
	if strings.Contains(err.Error(), name) {
		return err
	}
	return fmt.Errorf("%s: %w", name, err)
}
