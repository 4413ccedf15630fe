package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/scoophq/scoop/api"
	"github.com/scoophq/scoop/internal/analysis"
	"github.com/scoophq/scoop/internal/fault"
	"github.com/scoophq/scoop/internal/filter"
	"github.com/scoophq/scoop/internal/handhistory"
	moneyfmt "github.com/scoophq/scoop/internal/money"
	"github.com/scoophq/scoop/internal/stats"
	"github.com/scoophq/scoop/internal/store"
)

const statsUsage = `usage: scoop stats --player NAME [--game G] [--structure S] [--site S] [--stakes BB]
                   [--kind K] [--currency C] [--ledger L] [--from T] [--to T]
                   [--position P] [--holding RANGE] [--saw_flop B] [--showdown B] [--allin B]
                   [--freeroll B] [--result won|lost] [--tag T] [--by position|holding|session]
                   [--json] [FILE|DIR...]

A player's statistics (ANALYSIS.md S1-S5) over his legal hands: hands, net
(chips, and the currency when every hand shares one), big blinds per 100,
VPIP, PFR, 3-bet, aggression factor, WTSD, W$SD, hi/lo scoops, quarters and
lows won, and the all-in adjusted net with its luck. With files or
directories, their hands are replayed (and those of the player analysed for
the all-in adjusted net) on the fly, nothing stored; with none, the stored
hands are read from the database (PostgreSQL when DATABASE_URL is set, else
the SQLite file). A hand found twice (by its site and hand number, else
its content, as the store keys it) counts once. --stakes is the big blind
in chips (fixed limit: the small bet); --kind is cash, tournament or play;
--currency a currency code; --ledger a ledger's key (cash/USD/0.01);
--from (inclusive) and --to (exclusive) are RFC 3339 times; --position,
--holding (a range: A2**, AA**, 15%), --saw_flop, --showdown, --allin,
--freeroll and --result keep the hands by his part in them, the same
filters as the API's; --tag keeps the stored hands carrying a tag (PUT
/v1/hands/{id}/tags: hands read from files carry none). Money is never mixed: amounts are given per ledger
(one currency and chip unit, one tournament, or play money), cash first.
--by position gives the statistics once per seat he played (UTG ... BB),
--by holding once per starting-hand group of his known hole cards (Hi/Lo:
A2 with a suited ace, A2 with another low card, ... pairs, others; Omaha
High: double-suited, aces, rundowns, pairs, others), --by session once
per session of the stored hands (a site's hands cut where 30 minutes or
more pass between two; the newest 500, hands without a time in none).
With --json, the statistics as GET /v1/players/{name}/stats (--by:
/stats/positions, /stats/holdings, /sessions) answers them.

`

// runStats is `scoop stats`.
func runStats(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg := defaultStorageConfig()
	cfg.fromEnv(os.Getenv)
	fs := flag.NewFlagSet("stats", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg.flags(fs)
	player := fs.String("player", "", "the player's name as the site writes it (required)")
	fv := filterFlags(fs, filter.Player) // --player is whose statistics they are
	by := fs.String("by", "", "position, holding or session: the statistics per seat, per starting-hand group, or per session")
	asJSON := fs.Bool("json", false, "print the statistics as JSON (the API's shape)")
	acct := fs.String("account", "", "with no file: the stored hands of this account (default: the default account)")
	files, help, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if help {
		printHelp(stderr, statsUsage, fs)
		return nil
	}
	if *player == "" {
		return usagef("--player is required (usage: scoop stats --player NAME [FILE|DIR...])")
	}
	f, err := parseFilterFlags(fv)
	if err != nil {
		return err
	}
	if f.Tag != "" && len(files) > 0 {
		return usagef("--tag %q: hands read from files carry no tags; leave out the files to read the stored hands", f.Tag)
	}
	if *by != "" && *by != store.ByPosition && *by != store.ByHolding && *by != bySession {
		return usagef("--by %q: want position, holding or session", *by)
	}
	if *by == bySession {
		if len(files) > 0 {
			return usagef("--by session reads the stored hands; leave out the files")
		}
		return sessionStats(ctx, cfg, *acct, *player, f, *asJSON, stdout)
	}
	if *by != "" {
		return groupStats(ctx, cfg, *acct, *player, f, *by, *asJSON, files, stdin, stdout, stderr)
	}
	var r stats.Report
	if len(files) == 0 {
		st, _, _, err := openStorage(ctx, cfg)
		if err != nil {
			return err
		}
		defer st.Close()
		if ctx, err = actAs(ctx, st, *acct); err != nil {
			return err
		}
		all, err := st.PlayerStats(ctx, *player, f)
		if err != nil {
			return err
		}
		ledgers, err := st.PlayerLedgers(ctx, *player, f)
		if err != nil {
			return err
		}
		r = stats.NewReportOf(*player, all, ledgers)
	} else {
		var t stats.ByLedger
		if err := fileStats(ctx, *player, f, files, stdin, stderr, t.Add); err != nil {
			return err
		}
		r = stats.NewReport(*player, t.Totals()...)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(r)
	}
	_, err = io.WriteString(stdout, reportText(r))
	return err
}

// filterHelp are the filter flags' help lines.
var filterHelp = map[string]string{
	filter.Game:      "only omaha-hi or omaha-hilo hands",
	filter.Structure: "only fixed-limit, pot-limit or no-limit hands",
	filter.Site:      "only hands of this site (pokerstars, ggpoker...)",
	filter.Kind:      "only cash, tournament or play hands",
	filter.Currency:  "only cash hands in this currency (USD, EUR...)",
	filter.Ledger:    "only hands of this ledger (cash/USD/0.01, tournament/pokerstars/7817460, play)",
	filter.Stakes:    "only hands of this big blind, in chips",
	filter.From:      "only hands recorded at or after this RFC 3339 time",
	filter.To:        "only hands recorded before this RFC 3339 time",
	filter.Position:  "only hands he played in this seat: BTN, SB, BB, UTG, MP or CO",
	filter.Holding:   "only hands whose hole cards are in this range (A2**, AA**, 15%)",
	filter.SawFlop:   "true or false: only hands in which he saw the flop, or not",
	filter.Showdown:  "true or false: only hands he took to a showdown, or not",
	filter.AllIn:     "true or false: only hands of a qualifying all-in of his (A5), or not",
	filter.Freeroll:  "true or false: only hands in which he freerolled (A9), or not",
	filter.Result:    "won or lost: only hands he won, or lost",
	filter.Legal:     "true or false (statistics are over legal hands: false selects none)",
	filter.Tag:       "only stored hands carrying this tag (not with files: they carry no tags)",
}

// fileStats replays the hands of files and gives add the player's facts
// in each of his legal hands that pass f, each analysed for its all-in
// adjusted net. A hand whose natural key (store.NaturalKey) was seen
// before counts once, as the store keeps it once: the first one read. An
// unreadable file is a usage error naming it (as scoop analyze); a
// directory's files that are not hand histories are skipped.
func fileStats(ctx context.Context, player string, f stats.Filter, files []string, stdin io.Reader, stderr io.Writer, add func(stats.Hand, stats.Facts)) error {
	var failed []string
	seen := map[string]bool{}
	dups := 0
	for _, wf := range expandDirs(files) {
		if err := ctx.Err(); err != nil {
			return err
		}
		entries, err := readEntries(wf, stdin)
		if errors.Is(err, errNotHandHistory) {
			fmt.Fprintln(stderr, skippedLine(wf.Name))
			continue
		}
		if err != nil {
			failed = append(failed, err.Error())
			continue
		}
		for _, e := range entries {
			h := e.Hand
			if h == nil || e.Err != nil || e.Skipped != "" {
				continue
			}
			key, err := handKey(h)
			if err != nil {
				continue
			}
			if seen[key] {
				dups++
				continue
			}
			seen[key] = true
			seat := -1
			for i, p := range h.Players {
				if p.Name == player {
					seat = i
				}
			}
			d := stats.Describe(h)
			if seat < 0 || !f.Match(d) || f.Legal != nil && !*f.Legal {
				continue
			}
			v, err := analysis.FromEntryContext(ctx, e)
			if err != nil {
				return err
			}
			if !v.Legal {
				continue
			}
			a, err := analysis.Analyze(ctx, h)
			if err != nil {
				if fault.KindOf(err) == fault.Canceled {
					return err
				}
				a = nil // counted at its net, as a stored hand without analysis
			}
			fs, err := stats.Compute(h, &v, a)
			if err != nil || !f.MatchFacts(d.Game, fs[seat]) {
				continue
			}
			add(d, fs[seat])
		}
	}
	if dups > 0 {
		fmt.Fprintf(stderr, "scoop stats: duplicate hands counted once: %d (the same site and hand number, or the same hand)\n", dups)
	}
	switch len(failed) {
	case 0:
		return nil
	case 1:
		return usagef("%s", failed[0])
	}
	return usagef("%d files unreadable: %s", len(failed), strings.Join(failed, "; "))
}

// handKey is the natural key the store would keep h under.
func handKey(h *handhistory.Hand) (string, error) {
	if h.Site != "" && h.SiteHandID != "" {
		return store.NaturalKey(h.Site, h.SiteHandID, nil), nil
	}
	canonical, err := json.Marshal(h)
	if err != nil {
		return "", err
	}
	return store.NaturalKey("", "", canonical), nil
}

// reportText is the readable form of a player's statistics: a summary
// line as a tracker shows it, then one line per group. Over hands of
// several ledgers, the shares are over all of them and each ledger's
// money has its own lines, cash first: amounts are never added across
// ledgers.
func reportText(r stats.Report) string {
	var b strings.Builder
	pct := func(s stats.Share) string {
		if s.Value == nil {
			return "-"
		}
		return fmt.Sprintf("%.1f%% (%d/%d)", 100**s.Value, s.Count, s.Opportunities)
	}
	// money is an amount of a ledger as every readable amount is written
	// (package money): "€15.60", tournament chips as integers, play money
	// at its chip unit ("-0.04"), an expectation to the chip.
	money := func(m *stats.Money, l *stats.Ledger) string {
		if m == nil {
			return "-"
		}
		f := moneyfmt.For(m.ChipUnit, m.Currency, l != nil && l.Kind == stats.Tournament)
		s := f.Expected(m.Chips)
		if f.Plain() {
			s += " chips"
		}
		return s
	}
	bb := func(f stats.Figures) string {
		if f.BBPer100 == nil {
			return ""
		}
		return fmt.Sprintf(", %.2f bb (%.2f bb/100)", f.NetBB, *f.BBPer100)
	}
	allIn := func(f stats.Figures, l *stats.Ledger) string {
		s := fmt.Sprintf("adjusted net %s over %d all-in hands, luck %s", money(f.AllInAdjustedNet, l), f.AllInHands, money(f.Luck, l))
		if f.UnanalyzedHands > 0 {
			s += fmt.Sprintf(" (%d hands not analysed yet counted at their net)", f.UnanalyzedHands)
		}
		return s
	}
	several := len(r.Ledgers) > 1 || r.Net == nil
	if several {
		fmt.Fprintf(&b, "%s: %d hands in %d ledgers%s\n", r.Player, r.Hands, len(r.Ledgers), bb(r.Figures))
	} else {
		fmt.Fprintf(&b, "%s: %d hands, net %s%s\n", r.Player, r.Hands, money(r.Net, r.Ledger), bb(r.Figures))
	}
	af := "-"
	if r.AF.Value != nil {
		af = fmt.Sprintf("%.2f", *r.AF.Value)
	}
	fmt.Fprintf(&b, "  preflop   VPIP %s  PFR %s  3-bet %s\n", pct(r.VPIP), pct(r.PFR), pct(r.ThreeBet))
	fmt.Fprintf(&b, "  postflop  AF %s (%d bets and raises, %d calls)  WTSD %s  W$SD %s\n", af, r.AF.BetsRaises, r.AF.Calls, pct(r.WTSD), pct(r.WSD))
	fmt.Fprintf(&b, "  hi/lo     scoops %s  quartered %s  lows won %s  freerolls %d (scooped %s)\n", pct(r.Scoops), pct(r.Quartered), pct(r.LowsWon),
		r.Freerolls.Hands, pct(r.Freerolls.Scooped))
	if !several {
		fmt.Fprintf(&b, "  all-in    %s\n", allIn(r.Figures, r.Ledger))
		return b.String()
	}
	for _, l := range r.Ledgers {
		fmt.Fprintf(&b, "%s: %d hands, net %s%s\n", l.Label, l.Hands, money(l.Net, &l.Ledger), bb(l.Figures))
		fmt.Fprintf(&b, "  all-in    %s\n", allIn(l.Figures, &l.Ledger))
	}
	if r.OtherLedgersHands > 0 {
		fmt.Fprintf(&b, "(%d hands of further ledgers not listed: filter with --kind, --currency or --ledger)\n", r.OtherLedgersHands)
	}
	return b.String()
}

// groupStats is `scoop stats --by position|holding`: the statistics once
// per seat or starting-hand group, from the files' hands or the store's.
func groupStats(ctx context.Context, cfg storageConfig, acct, player string, f stats.Filter, by string, asJSON bool,
	files []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var rows []stats.GroupTotals
	if len(files) == 0 {
		st, _, _, err := openStorage(ctx, cfg)
		if err != nil {
			return err
		}
		defer st.Close()
		if ctx, err = actAs(ctx, st, acct); err != nil {
			return err
		}
		if rows, err = st.PlayerGroups(ctx, player, f, by); err != nil {
			return err
		}
	} else {
		groups := map[[2]string]*stats.ByLedger{}
		var order [][2]string
		err := fileStats(ctx, player, f, files, stdin, stderr, func(d stats.Hand, fa stats.Facts) {
			k := [2]string{"", fa.Seat}
			if by == store.ByHolding {
				if fa.Group == "" {
					return
				}
				k = [2]string{d.Game, fa.Group}
			}
			if groups[k] == nil {
				groups[k] = &stats.ByLedger{}
				order = append(order, k)
			}
			groups[k].Add(d, fa)
		})
		if err != nil {
			return err
		}
		for _, k := range order {
			for _, t := range groups[k].Totals() {
				rows = append(rows, stats.GroupTotals{Game: k[0], Group: k[1], Totals: t})
			}
		}
	}
	var out any
	var text strings.Builder
	if by == store.ByPosition {
		r := stats.NewPositionsReport(player, rows)
		out = r
		for _, p := range r.Positions {
			text.WriteString(reportText(blockReport(player+" at "+p.Position, p.Block)))
		}
	} else {
		r := stats.NewHoldingsReport(player, rows)
		out = r
		for _, h := range r.Holdings {
			text.WriteString(reportText(blockReport(player+", "+h.Label+" ("+h.Game+")", h.Block)))
		}
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(out)
	}
	if text.Len() == 0 {
		text.WriteString(player + ": no hands\n")
	}
	_, err := io.WriteString(stdout, text.String())
	return err
}

// blockReport is a group's block as a Report for reportText, titled.
func blockReport(title string, b stats.Block) stats.Report {
	return stats.Report{Player: title, Figures: b.Figures, Ledger: b.Ledger, Ledgers: b.Ledgers}
}

// bySession is --by session.
const bySession = "session"

// sessionStats prints the newest store.MaxLimit sessions of player's
// stored hands passing f (api.NewPlayerSessions with asJSON), newest
// first, each session's statistics as reportText gives them.
func sessionStats(ctx context.Context, cfg storageConfig, acct, player string, f stats.Filter, asJSON bool, stdout io.Writer) error {
	st, _, _, err := openStorage(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	if ctx, err = actAs(ctx, st, acct); err != nil {
		return err
	}
	page, err := st.PlayerSessions(ctx, store.SessionsQuery{Player: player, Filter: f, Limit: store.MaxLimit})
	if err != nil {
		return err
	}
	r := api.NewPlayerSessions(player, page)
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(r)
	}
	var text strings.Builder
	for _, x := range r.Sessions {
		title := fmt.Sprintf("%s, %s session %s to %s UTC", player, x.Site, x.Start.Format("2006-01-02 15:04"), x.End.Format("15:04"))
		if x.End.YearDay() != x.Start.YearDay() || x.End.Year() != x.Start.Year() {
			title = fmt.Sprintf("%s, %s session %s to %s UTC", player, x.Site, x.Start.Format("2006-01-02 15:04"), x.End.Format("2006-01-02 15:04"))
		}
		if len(x.Tables) > 0 {
			title += ", tables " + strings.Join(x.Tables, ", ")
		}
		text.WriteString(reportText(blockReport(title, x.Block)))
	}
	switch {
	case len(r.Sessions) == 0:
		text.WriteString(player + ": no sessions\n")
	case r.Next != nil:
		fmt.Fprintf(&text, "(older sessions left out: the newest %d are shown)\n", len(r.Sessions))
	}
	if r.Untimed > 0 {
		fmt.Fprintf(&text, "%d hands without a time played are in no session\n", r.Untimed)
	}
	_, err = io.WriteString(stdout, text.String())
	return err
}
