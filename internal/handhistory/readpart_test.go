package handhistory_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/readertest"
)

// TestGoldenFilesReadInParts: every corpus and example file of a format
// that is cut into chunks (a reader with HandStarts), cut as the import
// jobs cut it and each part read with ReadPart from the file's line it
// starts on, reads as the whole file: the same hands (their notes
// included), skip reasons and errors, naming the same lines
// (readertest.ReadsInParts). A file read only whole (iPoker XML, Scoop
// JSON) read from line 101 names every line 100 further, its hands the
// same.
func TestGoldenFilesReadInParts(t *testing.T) {
	readers := map[handhistory.Format]handhistory.Reader{}
	for _, r := range handhistory.Readers() {
		readers[r.Format] = r
	}
	cut := 0
	for _, root := range goldenRoots {
		if _, err := os.Stat(root.dir); err != nil {
			t.Logf("skipping %s: %v", root.name, err) // TestGoldenVerdicts fails under CI without it
			continue
		}
		for _, rel := range goldenFiles(t, root.dir) {
			raw, err := os.ReadFile(filepath.Join(root.dir, filepath.FromSlash(rel)))
			if err != nil {
				t.Fatal(err)
			}
			data, _, err := handhistory.Decode(raw)
			if err != nil {
				continue
			}
			f, err := handhistory.Detect(rel, data)
			if err != nil {
				continue
			}
			r := readers[f]
			whole, err := r.Read(data)
			if err != nil {
				continue // a file error: no entries to place
			}
			t.Run(root.name+"/"+rel, func(t *testing.T) {
				if r.HandStarts != nil {
					cut++
					readertest.ReadsInParts(t, r, data, 1)
					readertest.ReadsInParts(t, r, data, 4)
					return
				}
				es, err := r.ReadPart(data, 101)
				if err != nil || len(es) != len(whole) {
					t.Fatalf("from line 101: %d entries, %v; whole: %d", len(es), err, len(whole))
				}
				for i, e := range es {
					w := whole[i]
					if e.Line != shift(w.Line) || errLine(e.Err) != shift(errLine(w.Err)) {
						t.Errorf("entry %d from line 101: line %d, error %v; whole: line %d, error %v", i+1, e.Line, e.Err, w.Line, w.Err)
					}
				}
			})
		}
	}
	if cut == 0 {
		t.Fatal("no file was cut")
	}
}

func shift(l int) int {
	if l == 0 {
		return 0
	}
	return l + 100
}

func errLine(err error) int {
	var fe *fault.Error
	if errors.As(err, &fe) {
		return fe.Line
	}
	return 0
}
