-- +goose Up
-- A session (a refresh-token family) lives at most 90 days from its login,
-- however often it is refreshed: every token of a family carries the
-- family's start. Rows from before this column take their family's first token.
ALTER TABLE refresh_tokens ADD COLUMN family_started_at DATETIME(3) NULL;
UPDATE refresh_tokens r JOIN (SELECT family_id, MIN(created_at) AS started FROM refresh_tokens GROUP BY family_id) f
  ON f.family_id = r.family_id SET r.family_started_at = f.started;

-- +goose Down
ALTER TABLE refresh_tokens DROP COLUMN family_started_at;
