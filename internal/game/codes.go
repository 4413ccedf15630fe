package game

import "fmt"

// codes are the text codes of a kind T whose values are 0, 1, ...: the
// text of the hand model's JSON and of PHH's _scoop_ keys, one per value.
// It spells once what Structure, PostKind and ActionKind each need to be
// written and read as text.
type codes[T ~uint8] struct {
	what string   // the kind in words, for errors: "structure", "post kind"
	text []string // by value
}

// code returns v's code and whether v is one of the kind's values.
func (c codes[T]) code(v T) (string, bool) {
	if int(v) < len(c.text) {
		return c.text[v], true
	}
	return "", false
}

// parse reads a code: an unknown one is the error `unknown <what> "s"`.
func (c codes[T]) parse(s string) (T, error) {
	for v, t := range c.text {
		if s == t {
			return T(v), nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q", c.what, s)
}

// marshal encodes v's code (encoding.TextMarshaler); a value that is not
// one of the kind's is an error.
func (c codes[T]) marshal(v T) ([]byte, error) {
	s, ok := c.code(v)
	if !ok {
		return nil, fmt.Errorf("unknown %s %d", c.what, uint8(v))
	}
	return []byte(s), nil
}

// unmarshal parses b into *v (encoding.TextUnmarshaler) with parse,
// leaving *v as it was on an error.
func (c codes[T]) unmarshal(v *T, b []byte, parse func(string) (T, error)) error {
	x, err := parse(string(b))
	if err != nil {
		return err
	}
	*v = x
	return nil
}
