package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
)

// TokenLen is the length of a token NewToken makes: 32 random bytes
// (256 bits) in unpadded base64url.
const TokenLen = 43

// NewToken returns a fresh bearer token for a browser session or a share
// link, and the hash to store of it (TokenHash). Only the hash is ever
// stored: the token is given out once.
func NewToken() (token string, hash []byte) {
	var b [32]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, TokenHash(token)
}

// TokenHash is what is stored of a token: its SHA-256.
func TokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// ValidToken reports whether t has the form NewToken gives (43 base64url
// characters), so that anything else costs no lookup.
func ValidToken(t string) bool {
	if len(t) != TokenLen {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(t)
	return err == nil
}

// CSRFToken is the anti-forgery token of the session whose token is
// session: derived from it (so nothing more is stored) under its own
// label, so that neither is the other's hash nor the stored hash.
func CSRFToken(session string) string {
	h := sha256.Sum256([]byte("scoop csrf\x00" + session))
	return base64.RawURLEncoding.EncodeToString(h[:])
}

// CSRFMatches reports, in constant time, whether got is the session's
// anti-forgery token.
func CSRFMatches(session, got string) bool {
	return subtle.ConstantTimeCompare([]byte(CSRFToken(session)), []byte(got)) == 1
}
