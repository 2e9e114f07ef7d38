-- +goose Up
-- Profiles area (issue 4): partner preferences, proofs, profile views and
-- member settings. Every row belongs to a profile and goes with it
-- (ON DELETE CASCADE); proof files are removed by the profile area's
-- account DeleteHook.

-- Partner preferences (product.md "Partner preferences"): the ranges and one
-- strict flag per field. A member without a row gets defaults derived from
-- their own profile. Income bounds are income_bands.code values ('' = open).
CREATE TABLE partner_preferences (
  profile_id BIGINT UNSIGNED NOT NULL PRIMARY KEY,
  age_min INT NOT NULL,
  age_max INT NOT NULL,
  age_strict TINYINT(1) NOT NULL DEFAULT 0,
  height_min INT NULL,
  height_max INT NULL,
  height_strict TINYINT(1) NOT NULL DEFAULT 0,
  income_min VARCHAR(20) NOT NULL DEFAULT '',
  income_max VARCHAR(20) NOT NULL DEFAULT '',
  income_strict TINYINT(1) NOT NULL DEFAULT 0,
  marital_strict TINYINT(1) NOT NULL DEFAULT 0,
  community_strict TINYINT(1) NOT NULL DEFAULT 0,
  mother_tongue_strict TINYINT(1) NOT NULL DEFAULT 0,
  degree_strict TINYINT(1) NOT NULL DEFAULT 0,
  profession_strict TINYINT(1) NOT NULL DEFAULT 0,
  country_strict TINYINT(1) NOT NULL DEFAULT 0,
  state_strict TINYINT(1) NOT NULL DEFAULT 0,
  city_strict TINYINT(1) NOT NULL DEFAULT 0,
  diet_strict TINYINT(1) NOT NULL DEFAULT 0,
  smoking_strict TINYINT(1) NOT NULL DEFAULT 0,
  drinking_strict TINYINT(1) NOT NULL DEFAULT 0,
  created_at DATETIME(3) NOT NULL,
  updated_at DATETIME(3) NOT NULL,
  CONSTRAINT fk_partner_preferences_profile FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- The list values of a preference, one row each: field is marital, community,
-- mother_tongue, degree, profession, country, state, city, diet, smoking or
-- drinking; value is a master id (as text) or an enum value. No rows for a
-- field means "any" (for community: "any denomination").
CREATE TABLE partner_preference_values (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  profile_id BIGINT UNSIGNED NOT NULL,
  field VARCHAR(20) NOT NULL,
  value VARCHAR(32) NOT NULL,
  UNIQUE KEY uq_partner_preference_values (profile_id, field, value),
  KEY ix_partner_preference_values_field (field, value),
  CONSTRAINT fk_partner_preference_values_profile FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Proof images (an ID, or a parish letter), one current proof per kind.
-- file_key names the file in the private store (MEDIA_DIR/proofs); it becomes
-- NULL when the file is deleted (30 days after a verdict); the verdict stays.
-- status: pending, verified or rejected.
CREATE TABLE profile_proofs (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  profile_id BIGINT UNSIGNED NOT NULL,
  kind VARCHAR(8) NOT NULL,
  file_key VARCHAR(64) NULL,
  status VARCHAR(16) NOT NULL DEFAULT 'pending',
  note VARCHAR(255) NOT NULL DEFAULT '',
  uploaded_at DATETIME(3) NOT NULL,
  reviewed_at DATETIME(3) NULL,
  UNIQUE KEY uq_profile_proofs_kind (profile_id, kind),
  UNIQUE KEY uq_profile_proofs_file_key (file_key),
  KEY ix_profile_proofs_status (status, uploaded_at),
  CONSTRAINT fk_profile_proofs_profile FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Who viewed whom (GET profile/partner/{id}): one row per pair, feeding
-- "recent visitors" (by viewed_id) and "recently viewed" (by viewer_id).
CREATE TABLE profile_views (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  viewer_id BIGINT UNSIGNED NOT NULL,
  viewed_id BIGINT UNSIGNED NOT NULL,
  view_count INT NOT NULL DEFAULT 1,
  first_viewed_at DATETIME(3) NOT NULL,
  last_viewed_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_profile_views_pair (viewer_id, viewed_id),
  KEY ix_profile_views_viewed (viewed_id, last_viewed_at),
  KEY ix_profile_views_viewer (viewer_id, last_viewed_at),
  CONSTRAINT fk_profile_views_viewer FOREIGN KEY (viewer_id) REFERENCES profiles(id) ON DELETE CASCADE,
  CONSTRAINT fk_profile_views_viewed FOREIGN KEY (viewed_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Member settings beyond the profiles columns (photo_visibility,
-- contact_filter and chat_setting live there): privacy, the contact person
-- shown with a contact view, and e-mail alerts per category. A member without
-- a row has the defaults below.
CREATE TABLE member_settings (
  profile_id BIGINT UNSIGNED NOT NULL PRIMARY KEY,
  show_in_public TINYINT(1) NOT NULL DEFAULT 1,
  contact_person VARCHAR(50) NOT NULL DEFAULT '',
  contact_relation VARCHAR(20) NOT NULL DEFAULT '',
  call_time VARCHAR(50) NOT NULL DEFAULT '',
  alert_invitations TINYINT(1) NOT NULL DEFAULT 1,
  alert_requests TINYINT(1) NOT NULL DEFAULT 1,
  alert_profile_views TINYINT(1) NOT NULL DEFAULT 1,
  alert_plan_expiry TINYINT(1) NOT NULL DEFAULT 1,
  alert_badges TINYINT(1) NOT NULL DEFAULT 1,
  alert_newsletter TINYINT(1) NOT NULL DEFAULT 0,
  updated_at DATETIME(3) NOT NULL,
  CONSTRAINT fk_member_settings_profile FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- +goose Down
DROP TABLE member_settings;
DROP TABLE profile_views;
DROP TABLE profile_proofs;
DROP TABLE partner_preference_values;
DROP TABLE partner_preferences;
