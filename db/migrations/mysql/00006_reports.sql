-- +goose Up
-- Reports of a profile or a chat (product.md "Rights and safety"), for the
-- moderators. Filing one also puts the reported profile on the reporter's
-- "don't show" list (and, for a chat, blocks it), so it drops out of the
-- reporter's view at once. Rows go with either profile (ON DELETE CASCADE).
-- kind: profile or chat. reason: fake, married, money, abusive or other.
-- status: open until a moderator closes it.
CREATE TABLE reports (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  reporter_id BIGINT UNSIGNED NOT NULL,
  reported_id BIGINT UNSIGNED NOT NULL,
  kind VARCHAR(16) NOT NULL,
  reason VARCHAR(16) NOT NULL,
  details TEXT NOT NULL,
  conversation_id BIGINT UNSIGNED NULL,
  status VARCHAR(16) NOT NULL DEFAULT 'open',
  created_at DATETIME(3) NOT NULL,
  KEY ix_reports_status (status, created_at),
  KEY ix_reports_reporter (reporter_id, created_at),
  KEY ix_reports_reported (reported_id),
  CONSTRAINT fk_reports_reporter FOREIGN KEY (reporter_id) REFERENCES profiles(id) ON DELETE CASCADE,
  CONSTRAINT fk_reports_reported FOREIGN KEY (reported_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- +goose Down
DROP TABLE reports;
