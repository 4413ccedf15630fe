package preflop

// planes is a table's fixed-point uint16s as the files store them: the
// high bytes of all of them, then the low bytes. Read in place from the
// embedded file, a process converts nothing when it starts and reads in
// only the pages its lookups touch.
type planes struct{ hi, lo []byte }

// planesOf returns the n uint16s stored at the start of raw (2n bytes).
func planesOf(raw []byte, n int) planes {
	return planes{hi: raw[:n:n], lo: raw[n : 2*n : 2*n]}
}

// at returns the i-th value.
func (p planes) at(i int) uint16 { return uint16(p.hi[i])<<8 | uint16(p.lo[i]) }

// appendPlanes appends v to out as planes.
func appendPlanes(out []byte, v []uint16) []byte {
	for _, x := range v {
		out = append(out, byte(x>>8))
	}
	for _, x := range v {
		out = append(out, byte(x))
	}
	return out
}
