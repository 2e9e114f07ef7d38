-- +goose Up
-- Relations between two profiles. All ids are profiles.id; rows go with
-- either profile (ON DELETE CASCADE), so deleting an account erases them.

-- blocker_id blocked blocked_id: neither sees the other anywhere, chat ends.
CREATE TABLE blocks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  blocker_id INTEGER NOT NULL,
  blocked_id INTEGER NOT NULL,
  created_at DATETIME NOT NULL,
  FOREIGN KEY (blocker_id) REFERENCES profiles(id) ON DELETE CASCADE,
  FOREIGN KEY (blocked_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_blocks_pair ON blocks (blocker_id, blocked_id);
CREATE INDEX ix_blocks_blocked ON blocks (blocked_id);

-- profile_id asked not to be shown target_id ("don't show"); one-way.
CREATE TABLE dont_shows (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  profile_id INTEGER NOT NULL,
  target_id INTEGER NOT NULL,
  created_at DATETIME NOT NULL,
  FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE,
  FOREIGN KEY (target_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_dont_shows_pair ON dont_shows (profile_id, target_id);
CREATE INDEX ix_dont_shows_target ON dont_shows (target_id);

-- Invitations: status pending, accepted, declined or cancelled. pair_key is
-- "<low id>:<high id>" while the invitation is live (pending or accepted) and
-- NULL otherwise, so the unique key allows one live invitation per pair.
CREATE TABLE invitations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sender_id INTEGER NOT NULL,
  receiver_id INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  pair_key TEXT NULL,
  created_at DATETIME NOT NULL,
  updated_at DATETIME NOT NULL,
  FOREIGN KEY (sender_id) REFERENCES profiles(id) ON DELETE CASCADE,
  FOREIGN KEY (receiver_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_invitations_live ON invitations (pair_key);
CREATE INDEX ix_invitations_receiver ON invitations (receiver_id, status);
CREATE INDEX ix_invitations_sender ON invitations (sender_id, status);

-- Photo and phone requests: kind photo or phone; status pending, accepted or ignored.
CREATE TABLE access_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  requester_id INTEGER NOT NULL,
  owner_id INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  created_at DATETIME NOT NULL,
  updated_at DATETIME NOT NULL,
  FOREIGN KEY (requester_id) REFERENCES profiles(id) ON DELETE CASCADE,
  FOREIGN KEY (owner_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_access_requests ON access_requests (kind, requester_id, owner_id);
CREATE INDEX ix_access_requests_owner ON access_requests (owner_id, kind, status);

-- +goose Down
DROP TABLE access_requests;
DROP TABLE invitations;
DROP TABLE dont_shows;
DROP TABLE blocks;
