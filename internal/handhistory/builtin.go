package handhistory

import (
	"regexp"
	"strings"
)

// The readers of this package: Scoop's own JSON and PHH, registered
// first, whatever else is registered (internal/handhistory/sites
// registers the sites' readers).
func init() {
	for _, r := range []Reader{JSONReader, PHHReader} {
		if err := Register(r); err != nil {
			panic(err)
		}
	}
}

var (
	phhKeyLine = regexp.MustCompile(`(?m)^\s*(variant|actions|starting_stacks)\s*=`)
	jsonStart  = regexp.MustCompile(`^\[\s*(\{|\]|$)`)
)

// JSONReader reads Scoop's canonical JSON: one Hand, an array of Hands, or
// JSON Lines (json.go). Detect knows it by a leading '{', or a '['
// followed by an object, or by a ".json"/".jsonl" file name.
var JSONReader = Reader{
	Format: FormatJSON,
	Name:   "Scoop JSON",
	Sniff: func(head string) bool {
		return strings.HasPrefix(head, "{") || strings.HasPrefix(head, "[") && !phhFirstLine(head) && jsonStart.MatchString(head)
	},
	Extensions: []string{".json", ".jsonl"},
	ReadPart:   readJSON,
}

// PHHReader reads PHH (TOML), one hand or a .phhs file of "[N]" sections
// (phh.go). Detect knows it by a "[N]" first line or a variant, actions
// or starting_stacks key, or by a ".phh"/".phhs" file name.
var PHHReader = Reader{
	Format: FormatPHH,
	Name:   "PHH",
	Sniff: func(head string) bool {
		switch {
		case strings.HasPrefix(head, "["):
			return phhFirstLine(head)
		case strings.HasPrefix(head, "{"):
			return false
		}
		return phhKeyLine.MatchString(head)
	},
	Extensions: []string{".phh", ".phhs"},
	HandStarts: func() func(string) bool {
		return func(l string) bool {
			return strings.HasPrefix(strings.TrimLeft(l, " \t"), "[") && phhHeader.MatchString(strings.TrimRight(l, "\r\n"))
		}
	},
	ReadPart: readPHH,
}

// phhFirstLine reports whether the first line of head is a PHH "[N]"
// section header.
func phhFirstLine(head string) bool {
	first, _, _ := strings.Cut(head, "\n")
	return phhHeader.MatchString(strings.TrimRight(first, "\r"))
}
