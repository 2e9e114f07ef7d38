-- +goose Up
-- Profiles area (issue 4): partner preferences, proofs, profile views and
-- member settings. Every row belongs to a profile and goes with it
-- (ON DELETE CASCADE); proof files are removed by the profile area's
-- account DeleteHook. See the MySQL twin for the column notes.

CREATE TABLE partner_preferences (
  profile_id INTEGER NOT NULL PRIMARY KEY,
  age_min INTEGER NOT NULL,
  age_max INTEGER NOT NULL,
  age_strict INTEGER NOT NULL DEFAULT 0,
  height_min INTEGER NULL,
  height_max INTEGER NULL,
  height_strict INTEGER NOT NULL DEFAULT 0,
  income_min TEXT NOT NULL DEFAULT '',
  income_max TEXT NOT NULL DEFAULT '',
  income_strict INTEGER NOT NULL DEFAULT 0,
  marital_strict INTEGER NOT NULL DEFAULT 0,
  community_strict INTEGER NOT NULL DEFAULT 0,
  mother_tongue_strict INTEGER NOT NULL DEFAULT 0,
  degree_strict INTEGER NOT NULL DEFAULT 0,
  profession_strict INTEGER NOT NULL DEFAULT 0,
  country_strict INTEGER NOT NULL DEFAULT 0,
  state_strict INTEGER NOT NULL DEFAULT 0,
  city_strict INTEGER NOT NULL DEFAULT 0,
  diet_strict INTEGER NOT NULL DEFAULT 0,
  smoking_strict INTEGER NOT NULL DEFAULT 0,
  drinking_strict INTEGER NOT NULL DEFAULT 0,
  created_at DATETIME NOT NULL,
  updated_at DATETIME NOT NULL,
  FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE
);

CREATE TABLE partner_preference_values (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  profile_id INTEGER NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_partner_preference_values ON partner_preference_values (profile_id, field, value);
CREATE INDEX ix_partner_preference_values_field ON partner_preference_values (field, value);

CREATE TABLE profile_proofs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  profile_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  file_key TEXT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  note TEXT NOT NULL DEFAULT '',
  uploaded_at DATETIME NOT NULL,
  reviewed_at DATETIME NULL,
  FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_profile_proofs_kind ON profile_proofs (profile_id, kind);
CREATE UNIQUE INDEX uq_profile_proofs_file_key ON profile_proofs (file_key);
CREATE INDEX ix_profile_proofs_status ON profile_proofs (status, uploaded_at);

CREATE TABLE profile_views (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  viewer_id INTEGER NOT NULL,
  viewed_id INTEGER NOT NULL,
  view_count INTEGER NOT NULL DEFAULT 1,
  first_viewed_at DATETIME NOT NULL,
  last_viewed_at DATETIME NOT NULL,
  FOREIGN KEY (viewer_id) REFERENCES profiles(id) ON DELETE CASCADE,
  FOREIGN KEY (viewed_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_profile_views_pair ON profile_views (viewer_id, viewed_id);
CREATE INDEX ix_profile_views_viewed ON profile_views (viewed_id, last_viewed_at);
CREATE INDEX ix_profile_views_viewer ON profile_views (viewer_id, last_viewed_at);

CREATE TABLE member_settings (
  profile_id INTEGER NOT NULL PRIMARY KEY,
  show_in_public INTEGER NOT NULL DEFAULT 1,
  contact_person TEXT NOT NULL DEFAULT '',
  contact_relation TEXT NOT NULL DEFAULT '',
  call_time TEXT NOT NULL DEFAULT '',
  alert_invitations INTEGER NOT NULL DEFAULT 1,
  alert_requests INTEGER NOT NULL DEFAULT 1,
  alert_profile_views INTEGER NOT NULL DEFAULT 1,
  alert_plan_expiry INTEGER NOT NULL DEFAULT 1,
  alert_badges INTEGER NOT NULL DEFAULT 1,
  alert_newsletter INTEGER NOT NULL DEFAULT 0,
  updated_at DATETIME NOT NULL,
  FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE
);

-- +goose Down
DROP TABLE member_settings;
DROP TABLE profile_views;
DROP TABLE profile_proofs;
DROP TABLE partner_preference_values;
DROP TABLE partner_preferences;
