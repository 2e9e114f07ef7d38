-- +goose Up
-- The in-memory roster of members' facts (server/internal/directory/roster)
-- reads, every few seconds, the profiles changed or active since its last
-- read, and the partner preferences saved since then: one index each, so
-- that read never scans the table.
CREATE INDEX ix_profiles_updated ON profiles (updated_at);
CREATE INDEX ix_profiles_last_active ON profiles (last_active_at);
CREATE INDEX ix_partner_preferences_updated ON partner_preferences (updated_at);

-- +goose Down
DROP INDEX ix_partner_preferences_updated ON partner_preferences;
DROP INDEX ix_profiles_last_active ON profiles;
DROP INDEX ix_profiles_updated ON profiles;
