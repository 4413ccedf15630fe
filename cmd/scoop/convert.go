package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/handhistory"
	"github.com/scoophq/scoop/internal/handhistory/pokerstars"
)

const convertUsage = `usage: scoop convert --to phh|json|pokerstars FILE|DIR...

Writes every hand of every file (any format Scoop reads, detected by
content: {formats}; "-" reads standard input; a directory: every file under it, as scoop
replay reads it) to standard output, in file order:

  --to phh   PHH: one hand as a .phh, several as a .phhs, each under a
             "[N]" header (N counts from 1 over all the files). Standard PHH
             fields, and Scoop's "_scoop_..." extension keys for what PHH
             has no field for (README, "Extensions to PHH"): scoop reads the
             file back as the very same hands.
  --to json  Scoop JSON, one hand per line (JSON Lines).
  --to pokerstars
             PokerStars text, the hands separated by blank lines: scoop
             reads each back as a PokerStars hand that replays to the same
             verdict and settlement. A hand whose record states no outcome
             (a PHH file without winnings) is written with Scoop's
             settlement of it; what PokerStars text has no line for (the
             site, a hand number that is not all digits, finishing stacks)
             is not written.

A hand that is skipped (another game) or cannot be read is reported on
standard error, one line naming the file, its line and why, and the other
hands are still written. Exit status 0 when every file was read, 2 for an
unreadable file or bad flags, 1 when a hand could not be written.
`

// runConvert is `scoop convert`.
func runConvert(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	to := fs.String("to", "", "output format: phh, json or pokerstars")
	files, help, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if help {
		printHelp(stderr, convertUsage, fs)
		return nil
	}
	if *to != "phh" && *to != "json" && *to != "pokerstars" {
		return usagef("--to %q: want phh, json or pokerstars (usage: scoop convert --to phh|json|pokerstars FILE...)", *to)
	}
	if len(files) == 0 {
		return usagef("no files (usage: scoop convert --to phh|json|pokerstars FILE...)")
	}
	var w handWriter
	switch *to {
	case "phh":
		w = &phhWriter{out: stdout}
	case "pokerstars":
		w = &starsWriter{out: stdout}
	default:
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		w = jsonWriter{enc}
	}
	var failed []string
	unwritten := 0
	for _, f := range expandDirs(files) {
		if err := ctx.Err(); err != nil {
			return err
		}
		entries, err := readEntries(f, stdin)
		if err != nil {
			if f.FromDir {
				fmt.Fprintln(stderr, skippedLine(f.Name))
				continue
			}
			failed = append(failed, err.Error())
			continue
		}
		for _, e := range entries {
			switch {
			case e.Skipped != "":
				fmt.Fprintf(stderr, "%s: hand %d skipped: %s\n", where(f.Name, e.Line), e.Index, e.Skipped)
				continue
			case e.Err != nil:
				fmt.Fprintf(stderr, "%s: hand %d unreadable: %s\n", where(f.Name, e.Line), e.Index, oneLine(e.Err.Error()))
				continue
			}
			if err := w.write(e.Hand); err != nil {
				var u unwritable
				if errors.As(err, &u) {
					unwritten++
					fmt.Fprintf(stderr, "%s: hand %d not written: %s\n", where(f.Name, e.Line), e.Index, oneLine(u.Error()))
					continue
				}
				return err // the output is gone
			}
		}
	}
	if err := w.flush(); err != nil {
		return err
	}
	switch {
	case len(failed) == 1:
		return usagef("%s", failed[0])
	case len(failed) > 1:
		return usagef("%d files unreadable: %s", len(failed), strings.Join(failed, "; "))
	case unwritten > 0:
		return fmt.Errorf("%d hands could not be written as %s", unwritten, *to)
	}
	return nil
}

// where is "FILE:LINE", or FILE when the line is unknown.
func where(name string, line int) string {
	if line > 0 {
		return fmt.Sprintf("%s:%d", name, line)
	}
	return name
}

// oneLine keeps a message on one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// handWriter writes converted hands to the output.
type handWriter interface {
	// write writes one hand; an unwritable error is about the hand
	// (nothing of it written), any other about the output.
	write(h *handhistory.Hand) error
	// flush writes what is held back.
	flush() error
}

// unwritable is the error of a hand that cannot be written in the output
// format.
type unwritable struct{ error }

// jsonWriter writes Scoop JSON Lines.
type jsonWriter struct{ enc *json.Encoder }

func (w jsonWriter) write(h *handhistory.Hand) error { return w.enc.Encode(h) }
func (w jsonWriter) flush() error                    { return nil }

// phhWriter writes PHH: a lone hand as a .phh, two or more as a .phhs. The
// first hand is held back until the second shows whether it needs its
// "[1]" header; every later hand is written at once.
type phhWriter struct {
	out   io.Writer
	n     int    // hands written or held
	first []byte // the first hand's PHH while it is held
	buf   bytes.Buffer
}

func (w *phhWriter) write(h *handhistory.Hand) error {
	text, err := handhistory.MarshalPHH(h)
	if err != nil {
		return unwritable{err}
	}
	w.n++
	if w.n == 1 {
		w.first = text
		return nil
	}
	w.buf.Reset()
	if w.first != nil {
		handhistory.AppendPHHSection(&w.buf, 1, w.first)
		w.first = nil
	}
	handhistory.AppendPHHSection(&w.buf, w.n, text)
	_, err = w.out.Write(w.buf.Bytes())
	return err
}

func (w *phhWriter) flush() error {
	if w.first == nil {
		return nil
	}
	_, err := w.out.Write(w.first)
	w.first = nil
	return err
}

// starsWriter writes PokerStars text, a blank line between hands.
type starsWriter struct {
	out io.Writer
	n   int // hands written
	buf bytes.Buffer
}

func (w *starsWriter) write(h *handhistory.Hand) error {
	text, err := marshalStars(h)
	if err != nil {
		return unwritable{err}
	}
	w.buf.Reset()
	if w.n > 0 {
		w.buf.WriteByte('\n')
	}
	w.buf.Write(text)
	w.n++
	_, err = w.out.Write(w.buf.Bytes())
	return err
}

func (w *starsWriter) flush() error { return nil }

// marshalStars is h as PokerStars text, settled by Scoop first when its
// record states no outcome (analysis.WithOutcome).
func marshalStars(h *handhistory.Hand) ([]byte, error) {
	s, err := analysis.WithOutcome(h)
	if err != nil {
		return nil, err
	}
	return pokerstars.Marshal(s)
}
