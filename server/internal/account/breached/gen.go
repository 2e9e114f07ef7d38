//go:build ignore

// gen builds passwords.txt.gz from a frequency-ordered password list:
//
//	go run gen.go SOURCE.txt [N]
//
// It keeps, in rank order, the first N distinct lower-cased entries that a
// spec-valid password can reach through Common's variants (see README.md),
// then writes them sorted, one per line, gzip'ed without a timestamp so the
// output is byte-for-byte reproducible.
package main

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: go run gen.go SOURCE.txt [N]")
		os.Exit(2)
	}
	n := 200000
	if len(os.Args) > 2 {
		v, err := strconv.Atoi(os.Args[2])
		if err != nil {
			panic(err)
		}
		n = v
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		panic(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	var keep []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(keep) < n {
		e := strings.ToLower(strings.TrimRight(sc.Text(), "\r"))
		if reachable(e) && !seen[e] {
			seen[e] = true
			keep = append(keep, e)
		}
	}
	if err := sc.Err(); err != nil {
		panic(err)
	}
	sort.Strings(keep)
	out, err := os.Create("passwords.txt.gz")
	if err != nil {
		panic(err)
	}
	zw, _ := gzip.NewWriterLevel(out, gzip.BestCompression)
	w := bufio.NewWriter(zw)
	for _, e := range keep {
		w.WriteString(e)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		panic(err)
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	if err := out.Close(); err != nil {
		panic(err)
	}
	fmt.Printf("kept %d entries\n", len(keep))
}

// reachable reports whether some password that passes the spec rule can map
// to e: as itself lower-cased (8–20 characters with a letter, a digit and one
// of !@#$%^&*), or with its special characters removed or read as letters
// (6–19 characters with a letter and a digit and none of !@#$%^&*).
func reachable(e string) bool {
	var letter, digit, special bool
	for i := 0; i < len(e); i++ {
		c := e[i]
		switch {
		case c < 0x20 || c > 0x7e:
			return false
		case c >= 'a' && c <= 'z':
			letter = true
		case c >= '0' && c <= '9':
			digit = true
		case strings.IndexByte("!@#$%^&*", c) >= 0:
			special = true
		}
	}
	if !letter || !digit {
		return false
	}
	if special {
		return len(e) >= 8 && len(e) <= 20
	}
	return len(e) >= 6 && len(e) <= 19
}
