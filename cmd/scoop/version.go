package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
)

// runVersion is `scoop version`: one line with the module version, the
// VCS revision (with "+dirty" when the tree had local changes) and the Go
// version, from the build information embedded in the binary. A field the
// build does not record reads "unknown" (go run, go test, -buildvcs=false).
func runVersion(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	help, err := parseFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	if help {
		fmt.Fprintln(stderr, "usage: scoop version\n\nPrints the module version, the VCS revision and the Go version of this binary.")
		return nil
	}
	bi, _ := debug.ReadBuildInfo()
	_, err = fmt.Fprintln(stdout, versionLine(bi))
	return err
}

// versionLine formats bi as "scoop VERSION (revision REV[+dirty], TIME) GO";
// bi may be nil.
func versionLine(bi *debug.BuildInfo) string {
	version, rev, at, dirty, goVersion := "unknown", "unknown", "", false, "unknown"
	if bi != nil {
		if v := bi.Main.Version; v != "" {
			version = v
		}
		goVersion = bi.GoVersion
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	if dirty {
		rev += "+dirty"
	}
	if at != "" {
		rev += ", " + at
	}
	return fmt.Sprintf("scoop %s (revision %s) %s", version, rev, goVersion)
}
