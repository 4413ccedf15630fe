package handhistory

import (
	"fmt"
	"strings"

	"github.com/scoophq/scoop/internal/fault"
)

// phhScan is what the lexical pre-scan of one PHH section (scanPHH) learns
// on the way: where its keys and actions are written, so that errors can
// name lines without searching the text again.
type phhScan struct {
	// keys maps each top-level key (one bare or quoted part, before any
	// table header) to the 1-based line, within the section, of its first
	// occurrence.
	keys map[string]int
	// actions is the line of each value of the top-level "actions" array,
	// in order.
	actions []int
}

// tomlLevel is one open array or inline table of the pre-scan.
type tomlLevel struct {
	kind        byte // '[' an array, '{' an inline table
	segs, bytes int  // the key path that holds it
	commas      int  // commas read at this level (an array's values - 1)
	expect      bool // an array expecting its next value
	actions     bool // the top-level actions array
}

// scanPHH is a lexical pre-scan of one PHH (TOML) section, linear in its
// length and allocating only its result: it knows TOML's comments and
// basic, literal and multi-line strings (brackets inside them do not
// count), and rejects, before the TOML decoder (which recurses on nested
// values and whose cost grows with the square of a key's parts) sees the
// text: arrays and inline tables nested deeper than MaxNesting, keys whose
// path has more than MaxKeySegments parts or MaxKeyBytes bytes, more than
// MaxKeys keys and table headers, and arrays of more than MaxActions
// values. The error is a *fault.Error naming the line within the section
// (1-based): of kind Impossible for an actions array of more than
// MaxActions values, else Invalid. Text that is not TOML is left to the
// decoder, which rejects it: the scan never counts fewer brackets than the
// decoder would parse.
func scanPHH(text string) (phhScan, *fault.Error) {
	res := phhScan{keys: map[string]int{}}
	var (
		stack     [MaxNesting]tomlLevel
		depth     int
		line      = 1
		lineStart = true // at the start of a line outside any value
		keys      int
		// The key being read: its path so far, where it started, and
		// whether it is a table header ("[a.b]", "[[a.b]]").
		inKey, header, topLevel bool
		ksegs, kbytes, kstart   int
		// The path of the current table header (none before the first),
		// and of the value being read.
		tableSegs, tableBytes, inTable = 0, 0, false
		vsegs, vbytes                  int
		pendingActions                 bool // the value of a top-level "actions =" comes next
	)
	fail := func(k fault.Kind, format string, args ...any) (phhScan, *fault.Error) {
		return phhScan{}, &fault.Error{Kind: k, Line: line, Action: -1, Message: "PHH: " + fmt.Sprintf(format, args...)}
	}
	beginKey := func(segs, bytes, at int) {
		inKey, header = true, false
		ksegs, kbytes, kstart = segs+1, bytes, at
	}
	checkKey := func() (phhScan, *fault.Error) {
		switch {
		case ksegs > MaxKeySegments:
			return fail(fault.Invalid, "a key of more than %d dotted parts (MaxKeySegments)", MaxKeySegments)
		case kbytes > MaxKeyBytes:
			return fail(fault.Invalid, "a key longer than %d bytes (MaxKeyBytes)", MaxKeyBytes)
		}
		return phhScan{}, nil
	}
	endKey := func() (phhScan, *fault.Error) {
		inKey = false
		if keys++; keys > MaxKeys {
			return fail(fault.Invalid, "more than %d keys and tables in one hand (MaxKeys)", MaxKeys)
		}
		return phhScan{}, nil
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch c {
		case '\n':
			line++
			i++
			if depth == 0 {
				lineStart, inKey, pendingActions = true, false, false
			}
			continue
		case ' ', '\t', '\r':
			i++
			continue
		case '#':
			if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(text)
			}
			continue
		}
		if lineStart {
			lineStart = false
			if c == '[' { // a table header
				i++
				if i < len(text) && text[i] == '[' {
					i++
				}
				inKey, header, topLevel = true, true, false
				ksegs, kbytes, kstart = 1, 0, i
				continue
			}
			topLevel = !inTable
			beginKey(tableSegs, tableBytes, i)
		}
		if inKey {
			switch c {
			case '.':
				ksegs++
				kbytes++
				i++
			case '"', '\'':
				end, nl := skipTOMLString(text, i)
				kbytes += end - i
				line += nl
				i = end
			case '=':
				if topLevel && ksegs == 1 && depth == 0 {
					name := strings.TrimSpace(text[kstart:i])
					if len(name) >= 2 && (name[0] == '"' || name[0] == '\'') && name[len(name)-1] == name[0] {
						name = name[1 : len(name)-1]
					}
					if _, ok := res.keys[name]; !ok {
						res.keys[name] = line
					}
					pendingActions = name == "actions"
				}
				vsegs, vbytes = ksegs, kbytes
				if r, err := endKey(); err != nil {
					return r, err
				}
				i++
				continue
			case ']':
				if header {
					i++
					if i < len(text) && text[i] == ']' {
						i++
					}
					tableSegs, tableBytes, inTable = ksegs, kbytes, true
					if r, err := endKey(); err != nil {
						return r, err
					}
					continue
				}
				inKey = false // not TOML: read on as a value
				continue
			case '[', '{', '}', ',':
				inKey = false // not TOML (or "{}"): read on as a value
				continue
			default:
				kbytes++
				i++
			}
			if r, err := checkKey(); err != nil {
				return r, err
			}
			continue
		}
		// A value.
		top := (*tomlLevel)(nil)
		if depth > 0 {
			top = &stack[depth-1]
		}
		if top != nil && top.kind == '[' && top.expect && c != ']' && c != ',' {
			top.expect = false
			if top.actions {
				res.actions = append(res.actions, line)
			}
		}
		switch c {
		case '"', '\'':
			end, nl := skipTOMLString(text, i)
			line += nl
			i = end
			continue
		case '[', '{':
			if depth == MaxNesting {
				return fail(fault.Invalid, "arrays and inline tables nested deeper than %d (MaxNesting)", MaxNesting)
			}
			stack[depth] = tomlLevel{kind: c, segs: vsegs, bytes: vbytes, expect: c == '[', actions: c == '[' && depth == 0 && pendingActions}
			depth++
			pendingActions = false
			i++
			if c == '{' {
				beginKey(vsegs, vbytes, i)
				topLevel = false
			}
			continue
		case ']', '}':
			if depth > 0 {
				depth--
				if depth > 0 {
					vsegs, vbytes = stack[depth-1].segs, stack[depth-1].bytes
				}
			}
		case ',':
			if top == nil {
				break
			}
			if top.kind == '{' {
				i++
				beginKey(top.segs, top.bytes, i)
				topLevel = false
				continue
			}
			top.expect = true
			if top.commas++; top.commas > MaxActions {
				if top.actions {
					return phhScan{}, TooManyActions(line, 0)
				}
				return fail(fault.Invalid, "an array of more than %d values", MaxActions)
			}
		}
		i++
	}
	return res, nil
}

// skipTOMLString returns the end (one past the closing quotes) of the TOML
// string whose opening quote is at text[i], and the newlines it holds. A
// basic or literal string also ends, unclosed, at a newline (the decoder
// rejects it); a multi-line one at the end of the text. Up to two quotes
// right after a multi-line string's closing three belong to the string,
// as TOML says.
func skipTOMLString(text string, i int) (end, newlines int) {
	q := text[i]
	triple := func(j int) bool { return j+2 < len(text) && text[j] == q && text[j+1] == q && text[j+2] == q }
	if triple(i) {
		for j := i + 3; j < len(text); {
			switch {
			case q == '"' && text[j] == '\\':
				if j+1 < len(text) && text[j+1] == '\n' {
					newlines++
				}
				j += 2
			case text[j] == '\n':
				newlines++
				j++
			case triple(j):
				j += 3
				for k := 0; k < 2 && j < len(text) && text[j] == q; k++ {
					j++
				}
				return j, newlines
			default:
				j++
			}
		}
		return len(text), newlines
	}
	for j := i + 1; j < len(text); j++ {
		switch {
		case text[j] == '\n':
			return j, 0
		case q == '"' && text[j] == '\\':
			if j+1 < len(text) && text[j+1] != '\n' {
				j++
			}
		case text[j] == q:
			return j + 1, 0
		}
	}
	return len(text), 0
}
