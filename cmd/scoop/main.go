// Command scoop is Scoop's one binary: the HTTP service and its
// command-line twin.
//
//	scoop serve    run the HTTP API
//	scoop migrate  apply database migrations
//	scoop equity   compute Omaha hi/lo equity
//	scoop replay   replay hand-history files and print a verdict per hand
//	scoop import   read, replay and store hand-history files
//	scoop convert  write hand-history files as PHH or Scoop JSON
//	scoop export   write the stored hands as CSV, PHH or PokerStars text
//	scoop analyze  analyse hand-history files (ANALYSIS.md A1-A6)
//	scoop reverify replay stored hands judged by an older engine
//	scoop version  print the module version and VCS revision
//
// Exit status: 0 on success, 2 for bad input or flags (one line on
// stderr), 1 for any other failure.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/scoophq/scoop/internal/equitycli"
	"github.com/scoophq/scoop/internal/handhistory"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// usageError marks bad input or flags: exit status 2. It is equitycli's,
// so that scoop equity's usage errors (run by both binaries) are this
// command line's without a conversion.
type usageError = equitycli.UsageError

func usagef(format string, args ...any) error {
	return &usageError{Msg: fmt.Sprintf(format, args...)}
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"serve", "run the HTTP API", runServe},
		{"worker", "run the import job workers only (no HTTP)", runWorker},
		{"migrate", "apply database migrations", runMigrate},
		{"equity", "compute Omaha hi/lo equity of 2 to 10 hands", runEquity},
		{"replay", "replay hand-history files, a verdict per hand", runReplay},
		{"import", "read, replay and store hand-history files", runImport},
		{"convert", "write hand-history files as PHH or Scoop JSON", runConvert},
		{"analyze", "replay and analyse hand-history files: equities street by street, decisions, all-in EV", runAnalyze},
		{"reverify", "replay the stored hands judged by an older engine, update their verdicts and analyses", runReverify},
		{"stats", "a player's statistics over hand-history files or the stored hands", runStats},
		{"export", "write the stored hands the filters keep as CSV, PHH or PokerStars text", runExport},
		{"apikey", "create, list and revoke the API keys of the server's database", runAPIKey},
		{"version", "print the module version and VCS revision of this binary", runVersion},
	}
}

// Run runs the scoop command line with args (without the program name) and
// returns the process exit status. It is separate from main so that tests
// can run the real program in-process.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 1 && args[0] == "help" {
		// scoop help CMD is scoop CMD -h.
		if len(args) > 2 {
			fmt.Fprintf(stderr, "scoop help: unexpected argument %q (usage: scoop help [COMMAND])\n", args[2])
			return 2
		}
		args = []string{args[1], "-h"}
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		err := c.run(ctx, args[1:], stdin, stdout, stderr)
		if err == nil {
			return 0
		}
		fmt.Fprintf(stderr, "scoop %s: %v\n", c.name, err)
		var ue *usageError
		if errors.As(err, &ue) {
			return 2
		}
		return 1
	}
	fmt.Fprintf(stderr, "scoop: unknown command %q (run scoop help)\n", args[0])
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: scoop <command> [flags] [args]")
	fmt.Fprintln(w)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run scoop <command> -h (or scoop help <command>) for a command's flags.")
}

// parseInterspersed parses flags before, between and after the
// positional arguments (equitycli.ParseInterspersed).
var parseInterspersed = equitycli.ParseInterspersed

// printHelp writes a command's -h text: its usage, then its flags
// (equitycli.PrintHelp).
func printHelp(w io.Writer, usage string, fs *flag.FlagSet) {
	equitycli.PrintHelp(w, withFormats(usage), fs)
}

// withFormats is usage with "{formats}" replaced by the names of the
// registered readers (handhistory.ReaderNames): the help lists every
// site Scoop reads, a new reader included, without being written again.
// The paragraph that names them is wrapped again at 72 columns.
func withFormats(usage string) string {
	paras := strings.Split(usage, "\n\n")
	for i, p := range paras {
		if strings.Contains(p, "{formats}") {
			paras[i] = wrap(strings.ReplaceAll(p, "{formats}", handhistory.ReaderNames()), 72)
		}
	}
	return strings.Join(paras, "\n\n")
}

// wrap fills the words of paragraph p into lines of at most width
// columns (a longer word stands alone on its line).
func wrap(p string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(p) {
		switch {
		case n == 0:
		case n+1+len(w) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}

// parseFlagsOnly parses args with fs for a command that takes no
// positional arguments. The flag package's own messages and fs.Usage are
// silenced so a bad flag is one usage error line; help is true for -h or
// --help (the caller prints its usage).
func parseFlagsOnly(fs *flag.FlagSet, args []string) (help bool, err error) {
	usage := fs.Usage
	fs.Usage = func() {} // the flag package calls it on every error
	defer func() { fs.Usage = usage }()
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return true, nil
		}
		return false, usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return false, usagef("unexpected argument %q", fs.Arg(0))
	}
	return false, nil
}
