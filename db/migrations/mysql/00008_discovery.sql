-- +goose Up
-- Discovery (issue 17): today's matches, saved searches, and the indexes the
-- match windows and searches walk in order.

-- Today's matches: up to 10 per member per day (day in India, Asia/Kolkata),
-- chosen once and kept, so a reload shows the same ten; viewed_at is set by
-- PATCH profile/today-viewed-matchs. Rows older than 30 days are pruned when
-- the member's next day is chosen.
CREATE TABLE daily_matches (
  profile_id BIGINT UNSIGNED NOT NULL,
  day DATE NOT NULL,
  match_id BIGINT UNSIGNED NOT NULL,
  position INT NOT NULL,
  viewed_at DATETIME(3) NULL,
  PRIMARY KEY (profile_id, day, match_id),
  KEY ix_daily_matches_match (match_id),
  CONSTRAINT fk_daily_matches_profile FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE,
  CONSTRAINT fk_daily_matches_match FOREIGN KEY (match_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Saved searches: a name (unique per member), basic or advance, and the
-- filter as JSON exactly as the search call takes it.
CREATE TABLE saved_searches (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  profile_id BIGINT UNSIGNED NOT NULL,
  name VARCHAR(40) NOT NULL,
  kind VARCHAR(10) NOT NULL,
  filter TEXT NOT NULL,
  created_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_saved_searches_name (profile_id, name),
  CONSTRAINT fk_saved_searches_profile FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Match windows and "last active" searches read the opposite gender's
-- visible profiles most recently active first, and test the usual strict
-- preferences (age, denomination, mother tongue, marital status, height) on
-- the index entry before reading the row; "new" reads them by join date.
CREATE INDEX ix_profiles_gender_active ON profiles (gender, hidden, last_active_at, dob, community_id, mother_tongue_id, marital_status, height_cm);
CREATE INDEX ix_profiles_gender_created ON profiles (gender, hidden, created_at);

-- +goose Down
DROP INDEX ix_profiles_gender_created ON profiles;
DROP INDEX ix_profiles_gender_active ON profiles;
DROP TABLE saved_searches;
DROP TABLE daily_matches;
