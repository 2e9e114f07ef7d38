-- +goose Up
-- Sessions: one row per refresh token. Only the SHA-256 of the opaque token is
-- stored. A family is one login on one device; rotation adds a row to the
-- family, and reusing a rotated token revokes the whole family.
CREATE TABLE refresh_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  family_id TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  expires_at DATETIME NOT NULL,
  rotated_at DATETIME NULL,
  revoked_at DATETIME NULL,
  created_at DATETIME NOT NULL,
  FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_refresh_tokens_hash ON refresh_tokens (token_hash);
CREATE INDEX ix_refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX ix_refresh_tokens_user ON refresh_tokens (user_id);

-- Single-use links sent by e-mail (activation, password reset), stored hashed.
CREATE TABLE action_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  purpose TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  expires_at DATETIME NOT NULL,
  used_at DATETIME NULL,
  created_at DATETIME NOT NULL,
  FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_action_tokens_hash ON action_tokens (token_hash);
CREATE INDEX ix_action_tokens_user ON action_tokens (user_id, purpose);

-- +goose Down
DROP TABLE action_tokens;
DROP TABLE refresh_tokens;
