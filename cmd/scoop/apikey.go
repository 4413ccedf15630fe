package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/scoophq/scoop/internal/auth"
	"github.com/scoophq/scoop/internal/store"
)

const apikeyUsage = `usage: scoop apikey create --name NAME [--account ACCOUNT] [--scopes read,write,admin]
       scoop apikey list [--json]
       scoop apikey revoke PREFIX
       scoop apikey revoke --account ACCOUNT

API keys of the server's database (PostgreSQL when DATABASE_URL is set, else
the SQLite file). create prints a new key once: only its prefix and a hash
are stored. A key acts for its account and sees only the account's hands;
an account is created with its first key. Without --account the key gets a
new account of its own, named after --name; --account default adds it to
the account of the first key, which owns the hands stored before keys
existed and by scoop import. Scopes: read (list and read hands,
analyses, statistics, imports, stored equity; replay and analyse without
storing), write (store hands, imports, stored equity), admin (everything,
and /metrics). list shows names, prefixes, scopes, creation and last use.
revoke PREFIX revokes one key; revoke --account revokes every key of the
account. Either takes effect at once.

`

// runAPIKey is `scoop apikey`.
func runAPIKey(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stderr, apikeyUsage)
		if len(args) == 0 {
			return usagef("a subcommand is required: create, list or revoke")
		}
		return nil
	}
	cfg := defaultStorageConfig()
	cfg.fromEnv(os.Getenv)
	fs := flag.NewFlagSet("apikey "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg.flags(fs)
	var run func(st store.Store, rest []string) error
	switch args[0] {
	case "create":
		name := fs.String("name", "", "what the key is for (required)")
		acct := fs.String("account", "", "the account the key acts for, created when new (default: a new account named after --name; \""+store.DefaultAccount+"\" is the first key's)")
		scopes := fs.String("scopes", "read,write", "comma-separated scopes: read, write, admin")
		run = func(st store.Store, rest []string) error {
			if len(rest) > 0 {
				return usagef("unexpected argument %q (usage: scoop apikey create --name NAME [--account ACCOUNT] [--scopes read,write,admin])", rest[0])
			}
			if strings.TrimSpace(*name) == "" {
				return usagef("--name is required (what the key is for)")
			}
			sc, err := auth.ParseScopes(*scopes)
			if err != nil {
				return usagef("--scopes: %v", err)
			}
			key, prefix, hash := auth.NewKey()
			k := store.APIKey{Prefix: prefix, Name: *name, Scopes: sc.String(), Hash: hash}
			if *acct == "" {
				// A key of its own account: a key made for a student or a tool
				// sees no one else's hands unless --account says so. The name
				// must not be an account's already: checked and created in
				// one transaction.
				*acct = *name
				if _, err := st.CreateKeyNewAccount(ctx, *acct, k); err != nil {
					return inputFault(err)
				}
			} else if _, err := st.CreateKey(ctx, *acct, k); err != nil {
				return inputFault(err)
			}
			fmt.Fprintln(stdout, key)
			fmt.Fprintf(stderr, "scoop apikey: key %s (%s) for account %s with scopes %s; the key above is shown once\n", prefix, *name, *acct, sc)
			return nil
		}
	case "list":
		asJSON := fs.Bool("json", false, "print the keys as JSON Lines")
		run = func(st store.Store, rest []string) error {
			if len(rest) > 0 {
				return usagef("unexpected argument %q (usage: scoop apikey list [--json])", rest[0])
			}
			// In pages, so that no read is unbounded.
			var keys []store.APIKey
			after := ""
			for {
				page, err := st.ListKeys(ctx, after, store.MaxLimit)
				if err != nil {
					return err
				}
				keys = append(keys, page...)
				if len(page) < store.MaxLimit {
					break
				}
				after = page[len(page)-1].Prefix
			}
			return printKeys(stdout, keys, *asJSON)
		}
	case "revoke":
		acct := fs.String("account", "", "revoke every key of this account")
		run = func(st store.Store, rest []string) error {
			switch {
			case *acct != "" && len(rest) == 0:
				if err := st.RevokeAccount(ctx, *acct); err != nil {
					return inputFault(err)
				}
				fmt.Fprintf(stdout, "revoked account %s: none of its keys is accepted from now on\n", *acct)
				return nil
			case *acct == "" && len(rest) == 1:
				if !auth.ValidPrefix(rest[0]) {
					return usagef("%q is not a key prefix (scoop apikey list shows them: %s<10 characters>)", rest[0], auth.KeyMark)
				}
				if err := st.RevokeKey(ctx, rest[0]); err != nil {
					return inputFault(err)
				}
				fmt.Fprintf(stdout, "revoked %s: it is refused from now on\n", rest[0])
				return nil
			}
			return usagef("revoke one key by its prefix, or an account with --account (usage: scoop apikey revoke PREFIX | --account ACCOUNT)")
		}
	default:
		return usagef("unknown subcommand %q: want create, list or revoke", args[0])
	}
	rest, help, err := parseInterspersed(fs, args[1:])
	if err != nil {
		return err
	}
	if help {
		fmt.Fprint(stderr, apikeyUsage)
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return nil
	}
	st, _, _, err := openStorage(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	return run(st, rest)
}

// keyLine is one key as `scoop apikey list --json` prints it.
type keyLine struct {
	Prefix     string     `json:"prefix"`
	Name       string     `json:"name"`
	Account    string     `json:"account"`
	Scopes     string     `json:"scopes"`
	CreatedAt  time.Time  `json:"created_at"`
	LastUsedAt *time.Time `json:"last_used_at"`
	Revoked    bool       `json:"revoked"`
}

func printKeys(w io.Writer, keys []store.APIKey, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		for _, k := range keys {
			if err := enc.Encode(keyLine{Prefix: k.Prefix, Name: k.Name, Account: k.Account, Scopes: k.Scopes,
				CreatedAt: k.CreatedAt, LastUsedAt: k.LastUsedAt, Revoked: !k.Live()}); err != nil {
				return err
			}
		}
		return nil
	}
	if len(keys) == 0 {
		_, err := fmt.Fprintln(w, "no API keys (scoop apikey create --name NAME makes one)")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PREFIX\tNAME\tACCOUNT\tSCOPES\tCREATED\tLAST USED\tSTATE")
	for _, k := range keys {
		used := "never"
		if k.LastUsedAt != nil {
			used = k.LastUsedAt.UTC().Format(time.RFC3339)
		}
		state := "live"
		switch {
		case k.RevokedAt != nil:
			state = "revoked " + k.RevokedAt.UTC().Format(time.RFC3339)
		case k.AccountRevoked:
			state = "account revoked"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k.Prefix, oneLine(k.Name), oneLine(k.Account), k.Scopes,
			k.CreatedAt.UTC().Format(time.RFC3339), used, state)
	}
	return tw.Flush()
}
