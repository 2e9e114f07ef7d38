-- +goose Up
-- A session (a refresh-token family) lives at most 90 days from its login,
-- however often it is refreshed: every token of a family carries the
-- family's start. Rows from before this column take their family's first token.
ALTER TABLE refresh_tokens ADD COLUMN family_started_at DATETIME NULL;
UPDATE refresh_tokens SET family_started_at = (SELECT MIN(t.created_at) FROM refresh_tokens t WHERE t.family_id = refresh_tokens.family_id);

-- +goose Down
ALTER TABLE refresh_tokens DROP COLUMN family_started_at;
