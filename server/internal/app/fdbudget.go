package app

// socketBudget is how many chat sessions this process may hold: CHAT_MAX_SOCKETS
// when set, else the open-file limit less a reserve (a fifth, at least 256)
// kept for plain HTTP, the database, Redis and the files served, so that
// sockets can never starve /healthz or a login of a file descriptor.
func socketBudget(configured int) int {
	if configured > 0 {
		return configured
	}
	limit := openFileLimit()
	if limit <= 0 {
		return 0
	}
	reserve := max(256, limit/5)
	return max(64, limit-reserve)
}
