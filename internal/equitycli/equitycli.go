// Package equitycli is `scoop equity`, the command line's equity
// calculator, apart from the rest of the command line so that a binary can
// run it without linking the server: cmd/scoop (every command) and
// cmd/scooplite (bin/scoop as make build makes it: equity at once, every
// other command handed to the full binary) both call Run. It imports only
// cards, equity, fault and the standard library.
package equitycli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/scoophq/scoop/internal/cards"
	"github.com/scoophq/scoop/internal/equity"
	"github.com/scoophq/scoop/internal/fault"
)

// UsageError marks bad input or flags: exit status 2, one line.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// PrintHelp writes a command's -h text to w: its usage, then its flags
// under "Flags:". Every command prints its help with it.
func PrintHelp(w io.Writer, usage string, fs *flag.FlagSet) {
	fmt.Fprint(w, strings.TrimRight(usage, "\n")+"\n\nFlags:\n")
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// ParseInterspersed parses args with fs, allowing flags before, between and
// after the positional arguments (`scoop equity As2s3dKd QhQcJhTc --board
// 4c7hKh`), and returns the positional arguments in order. help is true
// when -h or --help was given; err is a *UsageError for a bad flag. The
// full command line parses every command's flags with it.
func ParseInterspersed(fs *flag.FlagSet, args []string) (positional []string, help bool, err error) {
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, true, nil
			}
			return nil, false, usagef("%v", err)
		}
		rest = fs.Args()
		if len(rest) == 0 {
			return positional, false, nil
		}
		positional = append(positional, rest[0])
		rest = rest[1:]
	}
}

const equityUsage = `usage: scoop equity [--game omaha-hilo|omaha-hi] [--board CARDS] [--dead CARDS]
                    [--mode auto|exhaustive|montecarlo] [--trials N] [--seed N] [--json]
                    [--outcomes] [--list N] HAND HAND [HAND...]

Computes each hand's share of the pot over the board completions (exactly,
or by Monte Carlo sampling). Cards are rank+suit, e.g. As2s3dKd; flags may
come before or after the hands.

A hand may be a range (quote it for the shell): 'AA**' (two aces or more),
'AxAyxy' (double-suited aces), 'RROO' (two pair), '[A-T]***', 'JJ+**',
'15%' or '5%-10%' (by equity against a random hand, per game), combined
with , (or), : (and), ! (and not) and parentheses. Hands that share a
card with the board, the dead cards or a fixed hand leave a range; the
table adds how many combinations each range keeps, and each hand read as
a range says so on standard error ("QhQcJhXc read as a range (2 combos);
a hand is four cards such as QhQcJh2c"): a mistyped card is a range, not
an error. --list N prints N sample combinations of each range (1 to
10,000 of them) instead of equities.

Mode auto (the default) is exhaustive up to 2,000,000 board completions,
else Monte Carlo; for exact hands every legal input is within that (the
largest, heads-up preflop, is 1,086,008 boards), so auto is always exact
and --trials and --seed take effect only with --mode montecarlo. With
ranges, auto is exhaustive when combinations x completions is at most
2,000,000 (e.g. a hand against 'AA**' on a flop), else Monte Carlo with
--trials and --seed. --trials with --mode exhaustive is an error.

The columns, each a share of the boards dealt (fractions of 1 in --json):
  equity  the hand's expected share of the pot, ties and halves counted
  hi win  the high half won alone      hi tie  the high half shared
  lo win  the low half won alone       lo tie  the low half shared
  scoop   both halves won (or the high when no low qualifies)
  3/4 1/2 1/4  the boards on which the hand receives that share of the pot
          (3/4: the high and a quartered low; 1/4: a quartered low alone)
  quartered  the low half shared with one or more players
  combos  (ranges) the combinations a range keeps after card removal
  ± stderr (Monte Carlo) the standard error of equity
For --game omaha-hi there is no low half: the lo, scoop, share and
quartered columns are left out (a scoop is then a high win).
--outcomes adds a table of every share of the pot a hand receives on some
board (1, 5/6, 3/4, ..., 0) and how often; --json carries them always, per
player as "outcomes" (with standard errors in Monte Carlo) and "quartered".
`

// Run is `scoop equity` with args (those after "equity"): it parses the
// flags and hands, computes the equities and prints a table, or with
// --json the equity.Result object. Bad flags or input return a
// *UsageError (exit status 2, one line).
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("equity", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var in equity.Input
	fs.StringVar(&in.Game, "game", "omaha-hilo", "game: omaha-hilo or omaha-hi")
	fs.StringVar(&in.Board, "board", "", "board cards, 0 to 5")
	fs.StringVar(&in.Dead, "dead", "", "dead cards (out of the deck)")
	fs.StringVar(&in.Mode, "mode", "auto", "auto, exhaustive or montecarlo")
	trials := fs.Int("trials", equity.DefaultTrials, "Monte Carlo trials, 1 to 10000000 (not with --mode exhaustive)")
	seed := fs.Uint64("seed", equity.DefaultSeed, "Monte Carlo seed")
	asJSON := fs.Bool("json", false, "print one JSON object")
	list := fs.Int("list", 0, "print N sample combinations of each range instead of equities")
	allOutcomes := fs.Bool("outcomes", false, "add every share of the pot each hand receives, and how often")
	// Flags may follow the hands: parse, take one hand, parse the rest.
	hands, help, err := ParseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if help {
		PrintHelp(stderr, equityUsage, fs)
		return nil
	}
	if err := unquotedHand(hands); err != nil {
		return err
	}
	in.Hands = append(in.Hands, hands...)
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	// equity.ParseInput owns the rules (trials 1 to MaxTrials, none with
	// mode exhaustive): pass on only what was given.
	if set["trials"] {
		in.Trials = trials
	}
	if set["seed"] {
		in.Seed = seed
	}
	if set["list"] {
		if *list < 1 || *list > maxList {
			return usagef("list: want 1 to %d combinations, got %d", maxList, *list)
		}
		ls, err := equity.ListRanges(in, *list)
		if err != nil {
			return inputError(err)
		}
		if *asJSON {
			return json.NewEncoder(stdout).Encode(struct {
				Game   string                `json:"game"`
				Ranges []equity.RangeListing `json:"ranges"`
			}{in.Game, ls})
		}
		return printListing(stdout, ls)
	}
	if !allHands(in.Hands) {
		return equityRanges(ctx, in, *asJSON, *allOutcomes, stdout, stderr)
	}
	req, err := equity.ParseInput(in)
	if err != nil {
		return inputError(err)
	}
	res, err := equity.Compute(ctx, req)
	if err != nil {
		return inputError(err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		return enc.Encode(res)
	}
	return printEquity(stdout, res, nil, *allOutcomes)
}

// unquotedHand returns a usage error with a hint when a hand argument is
// one plain card: a hand written with spaces and not quoted (scoop equity
// As 2s 3d Kd ...) reaches us as one card per argument. Nil otherwise.
func unquotedHand(hands []string) error {
	for i, h := range hands {
		if l, err := cards.Parse(h); err == nil && len(l) == 1 {
			return usagef("hands[%d] %q is one card, not a hand: quote a hand written with spaces ('As 2s 3d Kd') or write it as one word (As2s3dKd)", i, h)
		}
	}
	return nil
}

// maxList bounds --list.
const maxList = 10_000

// allHands reports whether every hand is written as exactly four cards
// (possibly a bad or repeated card): those take equity.Compute's path and
// its messages, anything else is a range.
func allHands(hands []string) bool {
	for _, h := range hands {
		if l, err := cards.Parse(h); err != nil || len(l) != 4 {
			return false
		}
	}
	return true
}

// equityRanges computes and prints the equities of ranges, saying on
// stderr, one line each, which hands were read as ranges.
func equityRanges(ctx context.Context, in equity.Input, asJSON, allOutcomes bool, stdout, stderr io.Writer) error {
	req, err := equity.ParseRangeInput(in)
	if err != nil {
		return inputError(err)
	}
	res, err := equity.ComputeRanges(ctx, req)
	if err != nil {
		return inputError(err)
	}
	for _, r := range res.ReadAsRange {
		fmt.Fprintln(stderr, r.Message)
	}
	if asJSON {
		return json.NewEncoder(stdout).Encode(res)
	}
	return printEquity(stdout, res.Result, res.Combos, allOutcomes)
}

// printListing writes each range's size and sample.
func printListing(w io.Writer, ls []equity.RangeListing) error {
	for i, l := range ls {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "hands[%d] %s: %d combinations", i, l.Hand, l.Combos)
		if l.Combos != l.Total {
			fmt.Fprintf(w, " (%d before removal)", l.Total)
		}
		fmt.Fprintln(w)
		for j := 0; j < len(l.Sample); j += 8 {
			fmt.Fprintf(w, "  %s\n", strings.Join(l.Sample[j:min(j+8, len(l.Sample))], " "))
		}
	}
	return nil
}

// inputError turns a *fault.Error of kind Invalid or Impossible into a
// usage error (exit status 2, one line); other errors pass through.
func inputError(err error) error {
	var fe *fault.Error
	if errors.As(err, &fe) && (fe.Kind == fault.Invalid || fe.Kind == fault.Impossible) {
		return usagef("%v", fe)
	}
	return err
}

// shareOf returns the probability of share among outcomes (0 when absent).
func shareOf(outcomes []equity.Outcome, share string) float64 {
	for _, o := range outcomes {
		if o.Share == share {
			return o.Probability
		}
	}
	return 0
}

// printEquity writes the human-readable table of res; combos, when not
// nil, adds each player's combinations after card removal (ranges). For
// omaha-hi the lo win, lo tie, scoop, share and quartered columns are
// left out. With allOutcomes a second table gives every share of the pot
// any player receives on some board.
func printEquity(w io.Writer, res equity.Result, combos []int, allOutcomes bool) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	mc := res.Mode == equity.MonteCarlo
	header := "hand\t"
	if combos != nil {
		header += "combos\t"
	}
	hilo := res.Game != "omaha-hi" // omaha-hi has no low half: no lo or scoop column
	header += "equity\thi win\thi tie\t"
	if hilo {
		header += "lo win\tlo tie\tscoop\t3/4\t1/2\t1/4\tquartered\t"
	}
	if mc {
		header += "± stderr\t"
	}
	// Each line is made in one buffer and written to tw at once: by
	// fmt.Sprintf, cell by cell, the table was an eighth of the
	// instructions of a whole `scoop equity` flop (appendPct writes what
	// "%.2f%%" does).
	line := make([]byte, 0, 256)
	line = append(append(line, header...), '\n')
	if _, err := tw.Write(line); err != nil {
		return err
	}
	cell := func(x float64) { line = append(appendPct(line, x), '\t') }
	for i, p := range res.Players {
		line = append(append(line[:0], p.Hand...), '\t')
		if combos != nil {
			line = append(strconv.AppendInt(line, int64(combos[i]), 10), '\t')
		}
		cell(p.Equity)
		cell(p.HiWin)
		cell(p.HiTie)
		if hilo {
			cell(p.LoWin)
			cell(p.LoTie)
			cell(p.Scoop)
			cell(shareOf(p.Outcomes, "3/4"))
			cell(shareOf(p.Outcomes, "1/2"))
			cell(shareOf(p.Outcomes, "1/4"))
			cell(p.Quartered)
		}
		if mc {
			cell(p.Stderr)
		}
		line = append(line, '\n')
		if _, err := tw.Write(line); err != nil {
			return err
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if allOutcomes {
		if err := printOutcomes(w, res); err != nil {
			return err
		}
	}
	board := res.Board
	if board == "" {
		board = "none"
	}
	fmt.Fprintf(w, "\ngame %s, board %s", res.Game, board)
	if res.Dead != "" {
		fmt.Fprintf(w, ", dead %s", res.Dead)
	}
	if mc {
		fmt.Fprintf(w, "\nmode %s (seed %d), %d trials", res.Mode, derefSeed(res.Seed), res.Boards)
	} else {
		fmt.Fprintf(w, "\nmode %s, %d boards", res.Mode, res.Boards)
	}
	if res.Game == "omaha-hilo" {
		fmt.Fprintf(w, ", no low %s", appendPct(nil, res.NoLow))
	}
	_, err := fmt.Fprintf(w, ", %.2f ms\n", res.Elapsed)
	return err
}

// printOutcomes writes the share of boards on which each player receives
// each share of the pot, a column for every share any player receives,
// largest first (ANALYSIS.md A8).
func printOutcomes(w io.Writer, res equity.Result) error {
	var shares []string
	value := map[string]float64{}
	for _, p := range res.Players {
		for _, o := range p.Outcomes {
			if _, ok := value[o.Share]; !ok {
				v, ok := new(big.Rat).SetString(o.Share)
				if !ok {
					return fmt.Errorf("outcome share %q is not a fraction", o.Share)
				}
				value[o.Share], _ = v.Float64()
				shares = append(shares, o.Share)
			}
		}
	}
	sort.Slice(shares, func(a, b int) bool { return value[shares[a]] > value[shares[b]] })
	fmt.Fprintln(w, "\nshare of the pot, by share of the boards:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "hand\t"+strings.Join(shares, "\t")+"\t")
	for _, p := range res.Players {
		line := p.Hand + "\t"
		for _, s := range shares {
			line += fmt.Sprintf("%.2f%%\t", 100*shareOf(p.Outcomes, s))
		}
		fmt.Fprintln(tw, line)
	}
	return tw.Flush()
}

// appendPct appends 100*x as fmt's "%.2f%%" writes it ("56.68%"):
// strconv's digits, but an infinity without its plus sign, as fmt writes
// it.
func appendPct(b []byte, x float64) []byte {
	v := 100 * x
	if math.IsInf(v, 1) {
		return append(b, "Inf%"...)
	}
	return append(strconv.AppendFloat(b, v, 'f', 2, 64), '%')
}

func derefSeed(p *uint64) uint64 {
	if p == nil {
		return 0
	}
	return *p
}
