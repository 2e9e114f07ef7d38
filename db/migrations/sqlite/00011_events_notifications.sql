-- +goose Up
-- Domain events (the outbox): see the MySQL migration of the same number.
CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  recipient_id INTEGER NOT NULL,
  actor_id INTEGER NOT NULL DEFAULT 0,
  detail TEXT NOT NULL DEFAULT '',
  dedupe_key TEXT NULL,
  created_at DATETIME NOT NULL
);
CREATE UNIQUE INDEX uq_events_dedupe ON events (dedupe_key);
CREATE INDEX ix_events_created ON events (created_at);

CREATE TABLE event_deliveries (
  event_id INTEGER NOT NULL,
  consumer TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  due_at DATETIME NOT NULL,
  lease_owner TEXT NULL,
  lease_until DATETIME NULL,
  failed_at DATETIME NULL,
  last_error TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (event_id, consumer),
  FOREIGN KEY (event_id) REFERENCES events(id) ON DELETE CASCADE
);
CREATE INDEX ix_event_deliveries_due ON event_deliveries (consumer, failed_at, due_at);

CREATE TABLE notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  profile_id INTEGER NOT NULL,
  event_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  actor_id INTEGER NOT NULL DEFAULT 0,
  detail TEXT NOT NULL DEFAULT '',
  read_at DATETIME NULL,
  created_at DATETIME NOT NULL,
  FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_notifications_event ON notifications (event_id);
CREATE INDEX ix_notifications_profile ON notifications (profile_id, id);
CREATE INDEX ix_notifications_unread ON notifications (profile_id, read_at);

ALTER TABLE member_settings ADD COLUMN alert_matches INTEGER NOT NULL DEFAULT 1;
ALTER TABLE member_settings ADD COLUMN match_digest TEXT NOT NULL DEFAULT 'weekly';
ALTER TABLE member_settings ADD COLUMN last_digest_at DATETIME NULL;

-- +goose Down
ALTER TABLE member_settings DROP COLUMN last_digest_at;
ALTER TABLE member_settings DROP COLUMN match_digest;
ALTER TABLE member_settings DROP COLUMN alert_matches;
DROP TABLE notifications;
DROP TABLE event_deliveries;
DROP TABLE events;
