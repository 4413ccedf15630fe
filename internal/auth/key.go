// Package auth is Scoop's API key material and scopes: how a key is made,
// what it looks like, how it is stored (a prefix and a hash, never the
// key), and which scopes a key may hold. It knows nothing of HTTP or SQL;
// the api package authenticates requests with it and the stores keep what
// Stored returns.
//
// A key reads "sk_scoop_<id>_<secret>": the fixed "sk_scoop_" makes a
// leaked key easy to grep for, <id> (10 lowercase letters and digits) with
// it forms the key's Prefix, unique, shown in listings and logs, and
// <secret> is 40 letters and digits from crypto/rand (about 238 bits).
// Only the SHA-256 of the whole key is stored: a fast hash is right for a
// secret of that entropy (there is nothing to brute-force), and it lets a
// request be checked with one indexed read and a constant-time compare.
package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"strings"
)

// KeyMark starts every key.
const KeyMark = "sk_scoop_"

const (
	idLen     = 10
	secretLen = 40
	// PrefixLen is the length of a key's Prefix.
	PrefixLen = len(KeyMark) + idLen
	// KeyLen is the length of a whole key.
	KeyLen = PrefixLen + 1 + secretLen
)

const (
	idAlphabet     = "abcdefghijklmnopqrstuvwxyz0123456789"
	secretAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
)

// NewKey returns a fresh key, its prefix and the hash to store.
func NewKey() (key, prefix string, hash []byte) {
	b := make([]byte, 0, KeyLen)
	b = append(b, KeyMark...)
	b = appendRandom(b, idAlphabet, idLen)
	prefix = string(b)
	b = append(b, '_')
	b = appendRandom(b, secretAlphabet, secretLen)
	key = string(b)
	return key, prefix, Hash(key)
}

// appendRandom appends n characters of alphabet drawn uniformly from
// crypto/rand (rejection sampling keeps the draw unbiased).
func appendRandom(b []byte, alphabet string, n int) []byte {
	limit := 256 - 256%len(alphabet)
	var buf [64]byte
	for n > 0 {
		rand.Read(buf[:]) // never fails (crypto/rand)
		for _, c := range buf {
			if int(c) >= limit {
				continue
			}
			b = append(b, alphabet[int(c)%len(alphabet)])
			if n--; n == 0 {
				break
			}
		}
	}
	return b
}

// Hash is what is stored of a key: its SHA-256.
func Hash(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

// Matches reports, in time independent of where they differ, whether key
// hashes to stored.
func Matches(key string, stored []byte) bool {
	return subtle.ConstantTimeCompare(Hash(key), stored) == 1
}

// ParseKey returns the prefix of a key of the right form, or an error
// saying what is wrong with it that never quotes the key.
func ParseKey(key string) (prefix string, err error) {
	if !strings.HasPrefix(key, KeyMark) {
		return "", fmt.Errorf("not a Scoop API key (keys start with %s)", KeyMark)
	}
	if len(key) != KeyLen || key[PrefixLen] != '_' ||
		!only(key[len(KeyMark):PrefixLen], idAlphabet) || !only(key[PrefixLen+1:], secretAlphabet) {
		return "", fmt.Errorf("malformed Scoop API key (want %s, %d characters in all)", KeyMark+"<id>_<secret>", KeyLen)
	}
	return key[:PrefixLen], nil
}

// ValidPrefix reports whether p has the form of a key's Prefix.
func ValidPrefix(p string) bool {
	return len(p) == PrefixLen && strings.HasPrefix(p, KeyMark) && only(p[len(KeyMark):], idAlphabet)
}

func only(s, alphabet string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(alphabet, s[i]) < 0 {
			return false
		}
	}
	return true
}
