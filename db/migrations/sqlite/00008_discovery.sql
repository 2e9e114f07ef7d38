-- +goose Up
-- Discovery (issue 17): today's matches, saved searches, and the indexes the
-- match windows and searches walk in order. See the MySQL migration for the
-- meaning of each column.
CREATE TABLE daily_matches (
  profile_id INTEGER NOT NULL,
  day DATE NOT NULL,
  match_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  viewed_at DATETIME NULL,
  PRIMARY KEY (profile_id, day, match_id),
  FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE,
  FOREIGN KEY (match_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE INDEX ix_daily_matches_match ON daily_matches (match_id);

CREATE TABLE saved_searches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  profile_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  filter TEXT NOT NULL,
  created_at DATETIME NOT NULL,
  FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_saved_searches_name ON saved_searches (profile_id, name);

CREATE INDEX ix_profiles_gender_active ON profiles (gender, hidden, last_active_at, dob, community_id, mother_tongue_id, marital_status, height_cm);
CREATE INDEX ix_profiles_gender_created ON profiles (gender, hidden, created_at);

-- +goose Down
DROP INDEX ix_profiles_gender_created;
DROP INDEX ix_profiles_gender_active;
DROP TABLE saved_searches;
DROP TABLE daily_matches;
