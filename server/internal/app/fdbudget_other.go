//go:build !unix

package app

// openFileLimit is unknown off Unix: no derived socket cap.
func openFileLimit() int { return 0 }
