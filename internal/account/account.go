// Package account names the owner of stored data. Every stored hand,
// analysis, import and stored equity result belongs to one account; an API
// key acts for its account, and everything a request reads or writes is
// limited to that account.
//
// The account travels in the request's context (With, From), set once by
// the API's authentication middleware or by a job from the record it works
// on. A context without one acts as Default: the command line working on
// its own database, maintenance (migrations, reverify) and a server run
// with authentication off all act as the default account, which owns the
// hands stored before accounts existed.
package account

import "context"

// ID identifies an account. IDs are internal: the API never shows them.
type ID int64

// Default is the account of unauthenticated single-user use and of every
// hand stored before accounts existed; the first admin key is created for
// it.
const Default ID = 1

// Nobody is the account of an anonymous request to a server that requires
// keys: it owns nothing and can store nothing (no such account exists), so
// a handler that forgot its scope fails closed instead of acting for
// Default.
const Nobody ID = -1

type ctxKey struct{}

// With returns a copy of ctx acting for account id.
func With(ctx context.Context, id ID) context.Context {
	return context.WithValue(ctx, ctxKey{}, id)
}

// From returns the account ctx acts for: the one With set (Nobody
// included), else Default.
func From(ctx context.Context) ID {
	if id, ok := ctx.Value(ctxKey{}).(ID); ok && id != 0 {
		return id
	}
	return Default
}
