package store

import (
	"context"
	"time"

	"github.com/scoophq/scoop/internal/account"
	"github.com/scoophq/scoop/internal/fault"
)

// DefaultAccount is the name of account.Default.
const DefaultAccount = "default"

// APIKey is a stored API key: never the key itself, only its prefix and
// hash (see package auth).
type APIKey struct {
	Prefix    string // the key's public part, unique: "sk_scoop_<id>"
	Name      string // what the key is for, as given when it was created
	Account   string // the account's name
	AccountID account.ID
	Scopes    string // auth.Scope's String form, e.g. "read,write"
	// Hash is the key's SHA-256; KeyByPrefix fills it, listings do not.
	Hash       []byte
	CreatedAt  time.Time
	LastUsedAt *time.Time // nil for a key never used
	RevokedAt  *time.Time // nil for a live key
	// AccountRevoked is set when the key's account is revoked: the key is
	// then refused like a revoked one.
	AccountRevoked bool
}

// Live reports whether the key may be used: neither it nor its account is
// revoked.
func (k APIKey) Live() bool { return k.RevokedAt == nil && !k.AccountRevoked }

// Keys keeps accounts and their API keys. Key material never reaches it:
// only prefixes and hashes.
type Keys interface {
	// CreateKey stores k (Prefix, Name, Scopes, Hash) for the account
	// named accountName, created when new (DefaultAccount for ""), and
	// returns the account's id. Invalid for a name a store cannot hold
	// (CheckText, fields "name" and "account") or a revoked account.
	CreateKey(ctx context.Context, accountName string, k APIKey) (account.ID, error)
	// KeyByPrefix returns the key with the given prefix, with its Hash and
	// its account's state; NotFound when there is none.
	KeyByPrefix(ctx context.Context, prefix string) (APIKey, error)
	// TouchKey records that the key with the given prefix was used now.
	TouchKey(ctx context.Context, prefix string) error
	// CreateKeyNewAccount is CreateKey for an account that must be new: it
	// creates the account and its first key in one transaction, and is a
	// Invalid (AccountExists) when an account of that name exists,
	// however many callers try at once.
	CreateKeyNewAccount(ctx context.Context, accountName string, k APIKey) (account.ID, error)
	// CreateFirstKey stores k for the default account only when no key
	// was ever made, atomically: of any number of concurrent callers (two
	// replicas starting together) exactly one creates it; the others get
	// false.
	CreateFirstKey(ctx context.Context, k APIKey) (created bool, err error)
	// ListKeys returns a page of keys, live and revoked, oldest first,
	// without hashes: up to limit (PageLimit) keys made after the key
	// whose prefix is after ("" for the first page). An after that names
	// no key is NotFound.
	ListKeys(ctx context.Context, after string, limit int) ([]APIKey, error)
	// RevokeKey revokes the key with the given prefix from now on
	// (revoking a revoked key again changes nothing); NotFound when there
	// is none.
	RevokeKey(ctx context.Context, prefix string) error
	// RevokeAccount revokes the named account: each of its keys is refused
	// from now on. NotFound when there is none.
	RevokeAccount(ctx context.Context, name string) error
	// LiveKeys counts the keys that may be used.
	LiveKeys(ctx context.Context) (int, error)
	// AccountID returns the id of the named account (revoked or not):
	// for the command line, which acts for an account by name. NotFound
	// when there is none.
	AccountID(ctx context.Context, name string) (account.ID, error)
}

// CheckNewKey validates CreateKey's arguments before the database.
func CheckNewKey(accountName string, k APIKey) error {
	if err := CheckText("account", accountName); err != nil {
		return err
	}
	if err := CheckText("name", k.Name); err != nil {
		return err
	}
	if len(accountName) > 200 {
		return fault.Field(fault.Invalid, "account", "account name of %d bytes; at most 200", len(accountName))
	}
	if k.Name == "" || len(k.Name) > 200 {
		return fault.Field(fault.Invalid, "name", "a key needs a name of 1 to 200 bytes")
	}
	if k.Prefix == "" || len(k.Hash) == 0 || k.Scopes == "" {
		return fault.New(fault.Internal, "create key: prefix, hash and scopes are required")
	}
	return nil
}

// NoKey is the NotFound error of a key prefix that names no key.
func NoKey(prefix string) error {
	return fault.New(fault.NotFound, "no API key with prefix %q", prefix)
}

// NoAccount is the NotFound error of an account name that names none.
func NoAccount(name string) error {
	return fault.Field(fault.NotFound, "account", "no account named %q (scoop apikey create --account makes one)", name)
}

// AccountExists is the Invalid error of a new account whose name is an
// account's already.
func AccountExists(name string) error {
	return fault.Field(fault.Invalid, "account", "an account named %q exists: add a key to it with --account %q, or choose another --name", name, name)
}
