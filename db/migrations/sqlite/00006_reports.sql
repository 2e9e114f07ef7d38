-- +goose Up
-- Reports of a profile or a chat (product.md "Rights and safety"), for the
-- moderators. Filing one also puts the reported profile on the reporter's
-- "don't show" list (and, for a chat, blocks it), so it drops out of the
-- reporter's view at once. Rows go with either profile (ON DELETE CASCADE).
-- kind: profile or chat. reason: fake, married, money, abusive or other.
-- status: open until a moderator closes it.
CREATE TABLE reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reporter_id INTEGER NOT NULL,
  reported_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  reason TEXT NOT NULL,
  details TEXT NOT NULL DEFAULT '',
  conversation_id INTEGER NULL,
  status TEXT NOT NULL DEFAULT 'open',
  created_at DATETIME NOT NULL,
  FOREIGN KEY (reporter_id) REFERENCES profiles(id) ON DELETE CASCADE,
  FOREIGN KEY (reported_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE INDEX ix_reports_status ON reports (status, created_at);
CREATE INDEX ix_reports_reporter ON reports (reporter_id, created_at);
CREATE INDEX ix_reports_reported ON reports (reported_id);

-- +goose Down
DROP TABLE reports;
