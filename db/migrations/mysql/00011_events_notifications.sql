-- +goose Up
-- Domain events (the outbox): written in the same transaction as the change
-- they announce, then delivered by workers, one event_deliveries row per
-- consumer (in-app notification, e-mail). A delivery row is claimed with a
-- lease (lease_owner, lease_until): the database decides which node delivers
-- it, and a node that dies mid-delivery loses the lease, so another node
-- delivers it after lease_until. dedupe_key makes "once a day" and "once per
-- plan expiry" events idempotent across nodes and retries.
CREATE TABLE events (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  kind VARCHAR(40) NOT NULL,
  recipient_id BIGINT UNSIGNED NOT NULL,
  actor_id BIGINT UNSIGNED NOT NULL DEFAULT 0,
  detail VARCHAR(64) NOT NULL DEFAULT '',
  dedupe_key VARCHAR(120) NULL,
  created_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_events_dedupe (dedupe_key),
  KEY ix_events_created (created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE event_deliveries (
  event_id BIGINT UNSIGNED NOT NULL,
  consumer VARCHAR(20) NOT NULL,
  attempts INT NOT NULL DEFAULT 0,
  due_at DATETIME(3) NOT NULL,
  lease_owner VARCHAR(32) NULL,
  lease_until DATETIME(3) NULL,
  failed_at DATETIME(3) NULL,
  last_error VARCHAR(255) NOT NULL DEFAULT '',
  PRIMARY KEY (event_id, consumer),
  KEY ix_event_deliveries_due (consumer, failed_at, due_at),
  CONSTRAINT fk_event_deliveries_event FOREIGN KEY (event_id) REFERENCES events(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- In-app notifications (product.md "Notifications"), one per event at most.
-- Who may see the other member is decided when they are read, so a block or
-- hide after the event removes the notification from every list and count.
CREATE TABLE notifications (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  profile_id BIGINT UNSIGNED NOT NULL,
  event_id BIGINT UNSIGNED NOT NULL,
  kind VARCHAR(40) NOT NULL,
  actor_id BIGINT UNSIGNED NOT NULL DEFAULT 0,
  detail VARCHAR(64) NOT NULL DEFAULT '',
  read_at DATETIME(3) NULL,
  created_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_notifications_event (event_id),
  KEY ix_notifications_profile (profile_id, id),
  KEY ix_notifications_unread (profile_id, read_at),
  CONSTRAINT fk_notifications_profile FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- The new-matches e-mail digest: on or off, daily or weekly, and when the
-- last one went out (the next one lists matches that joined since).
ALTER TABLE member_settings ADD COLUMN alert_matches TINYINT(1) NOT NULL DEFAULT 1,
  ADD COLUMN match_digest VARCHAR(10) NOT NULL DEFAULT 'weekly',
  ADD COLUMN last_digest_at DATETIME(3) NULL;

-- +goose Down
ALTER TABLE member_settings DROP COLUMN alert_matches, DROP COLUMN match_digest, DROP COLUMN last_digest_at;
DROP TABLE notifications;
DROP TABLE event_deliveries;
DROP TABLE events;
