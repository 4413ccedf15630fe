package main

import (
	"os"
	"path"
	"regexp"
	"strings"
	"testing"
)

// TestDockerfileDataDirOwnedByNonroot: the runtime image runs as nonroot
// (65532) and its SQLite directory must be writable by it. A WORKDIR alone
// creates the directory owned by root; the directory has to come from a
// COPY --chown=65532 (distroless has no shell to chown it there).
func TestDockerfileDataDirOwnedByNonroot(t *testing.T) {
	b, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	stages := strings.Split(string(b), "\nFROM ")
	runtime := stages[len(stages)-1]
	if !regexp.MustCompile(`(?m)^USER (nonroot|65532)`).MatchString(runtime) {
		t.Fatalf("the runtime stage does not run as nonroot:\n%s", runtime)
	}
	m := regexp.MustCompile(`(?m)SCOOP_SQLITE=(\S+)`).FindStringSubmatch(runtime)
	if m == nil {
		t.Fatal("the runtime stage sets no SCOOP_SQLITE")
	}
	dir := path.Dir(m[1])
	copyDir := regexp.MustCompile(`(?m)^COPY --from=\S+ --chown=(65532|nonroot)(:(65532|nonroot))? \S+ ` + regexp.QuoteMeta(dir) + `/?$`)
	if !copyDir.MatchString(runtime) {
		t.Errorf("the SQLite directory %s is not copied in owned by 65532 (COPY --from=build --chown=65532:65532 ... %s):\n%s", dir, dir, runtime)
	}
}
