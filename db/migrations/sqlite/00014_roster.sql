-- +goose Up
-- The in-memory roster's change reads: see the MySQL migration of the same number.
CREATE INDEX ix_profiles_updated ON profiles (updated_at);
CREATE INDEX ix_profiles_last_active ON profiles (last_active_at);
CREATE INDEX ix_partner_preferences_updated ON partner_preferences (updated_at);

-- +goose Down
DROP INDEX ix_partner_preferences_updated;
DROP INDEX ix_profiles_last_active;
DROP INDEX ix_profiles_updated;
