-- +goose Up
-- Relations between two profiles. All ids are profiles.id; rows go with
-- either profile (ON DELETE CASCADE), so deleting an account erases them.

-- blocker_id blocked blocked_id: neither sees the other anywhere, chat ends.
CREATE TABLE blocks (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  blocker_id BIGINT UNSIGNED NOT NULL,
  blocked_id BIGINT UNSIGNED NOT NULL,
  created_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_blocks_pair (blocker_id, blocked_id),
  KEY ix_blocks_blocked (blocked_id),
  CONSTRAINT fk_blocks_blocker FOREIGN KEY (blocker_id) REFERENCES profiles(id) ON DELETE CASCADE,
  CONSTRAINT fk_blocks_blocked FOREIGN KEY (blocked_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- profile_id asked not to be shown target_id ("don't show"); one-way.
CREATE TABLE dont_shows (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  profile_id BIGINT UNSIGNED NOT NULL,
  target_id BIGINT UNSIGNED NOT NULL,
  created_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_dont_shows_pair (profile_id, target_id),
  KEY ix_dont_shows_target (target_id),
  CONSTRAINT fk_dont_shows_profile FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE,
  CONSTRAINT fk_dont_shows_target FOREIGN KEY (target_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Invitations: status pending, accepted, declined or cancelled. pair_key is
-- "<low id>:<high id>" while the invitation is live (pending or accepted) and
-- NULL otherwise, so the unique key allows one live invitation per pair.
CREATE TABLE invitations (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  sender_id BIGINT UNSIGNED NOT NULL,
  receiver_id BIGINT UNSIGNED NOT NULL,
  status VARCHAR(16) NOT NULL DEFAULT 'pending',
  pair_key VARCHAR(48) NULL,
  created_at DATETIME(3) NOT NULL,
  updated_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_invitations_live (pair_key),
  KEY ix_invitations_receiver (receiver_id, status),
  KEY ix_invitations_sender (sender_id, status),
  CONSTRAINT fk_invitations_sender FOREIGN KEY (sender_id) REFERENCES profiles(id) ON DELETE CASCADE,
  CONSTRAINT fk_invitations_receiver FOREIGN KEY (receiver_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Photo and phone requests: kind photo or phone; status pending, accepted or ignored.
CREATE TABLE access_requests (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  kind VARCHAR(8) NOT NULL,
  requester_id BIGINT UNSIGNED NOT NULL,
  owner_id BIGINT UNSIGNED NOT NULL,
  status VARCHAR(16) NOT NULL DEFAULT 'pending',
  created_at DATETIME(3) NOT NULL,
  updated_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_access_requests (kind, requester_id, owner_id),
  KEY ix_access_requests_owner (owner_id, kind, status),
  CONSTRAINT fk_access_requests_requester FOREIGN KEY (requester_id) REFERENCES profiles(id) ON DELETE CASCADE,
  CONSTRAINT fk_access_requests_owner FOREIGN KEY (owner_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- +goose Down
DROP TABLE access_requests;
DROP TABLE invitations;
DROP TABLE dont_shows;
DROP TABLE blocks;
