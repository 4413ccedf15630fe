package main

import (
	"strings"
	"testing"
)

// TestEveryCommandUsage: every command answers a flag it does not know
// with exit status 2 and one line on standard error naming the command,
// nothing on standard output; -h and `scoop help COMMAND` print the same
// help, exit status 0; `scoop help` of an unknown command is the unknown
// command's error.
func TestEveryCommandUsage(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	t.Setenv("SCOOP_SQLITE", t.TempDir()+"/scoop.db")
	for _, c := range commands() {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runScoop(t, c.name, "--no-such-flag")
			if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "scoop "+c.name+": ") {
				t.Errorf("scoop %s --no-such-flag: exit %d, stdout %q, stderr %q; want 2, nothing, one line naming the command", c.name, code, out, errs)
			}
			code, out, help := runScoop(t, c.name, "-h")
			if code != 0 || out != "" || !strings.Contains(help, "usage: scoop "+c.name) {
				t.Errorf("scoop %s -h: exit %d, stdout %q, stderr %q; want 0 and the command's usage", c.name, code, out, help)
			}
			if code, out, errs := runScoop(t, "help", c.name); code != 0 || out != "" || errs != help {
				t.Errorf("scoop help %s: exit %d, stdout %q, stderr %q; want what -h prints", c.name, code, out, errs)
			}
		})
	}
	if code, _, errs := runScoop(t, "help", "bogus"); code != 2 || errs != "scoop: unknown command \"bogus\" (run scoop help)\n" {
		t.Errorf("scoop help bogus: exit %d, %q", code, errs)
	}
	if code, _, errs := runScoop(t, "help", "replay", "extra"); code != 2 || strings.Count(errs, "\n") != 1 {
		t.Errorf("scoop help replay extra: exit %d, %q", code, errs)
	}
}
