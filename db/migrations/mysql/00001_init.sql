-- +goose Up
-- Master data: the lists members pick from. Loaded by `tfm seed` from db/seed/master.
CREATE TABLE religions (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(100) NOT NULL,
  UNIQUE KEY uq_religions_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE communities (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  religion_id BIGINT UNSIGNED NOT NULL,
  name VARCHAR(100) NOT NULL,
  sort INT NOT NULL DEFAULT 0,
  UNIQUE KEY uq_communities_name (name),
  CONSTRAINT fk_communities_religion FOREIGN KEY (religion_id) REFERENCES religions(id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE languages (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(100) NOT NULL,
  sort INT NOT NULL DEFAULT 0,
  UNIQUE KEY uq_languages_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE countries (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  code CHAR(2) NOT NULL,
  name VARCHAR(100) NOT NULL,
  phone_code VARCHAR(8) NOT NULL DEFAULT '',
  UNIQUE KEY uq_countries_code (code),
  KEY ix_countries_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE states (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  country_id BIGINT UNSIGNED NOT NULL,
  code VARCHAR(8) NOT NULL,
  name VARCHAR(100) NOT NULL,
  type VARCHAR(8) NOT NULL DEFAULT 'state',
  UNIQUE KEY uq_states_country_code (country_id, code),
  KEY ix_states_name (name),
  CONSTRAINT fk_states_country FOREIGN KEY (country_id) REFERENCES countries(id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE cities (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  state_id BIGINT UNSIGNED NOT NULL,
  name VARCHAR(100) NOT NULL,
  lat DOUBLE NOT NULL,
  lng DOUBLE NOT NULL,
  UNIQUE KEY uq_cities_state_name (state_id, name),
  KEY ix_cities_name (name),
  CONSTRAINT fk_cities_state FOREIGN KEY (state_id) REFERENCES states(id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE degrees (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(150) NOT NULL,
  level VARCHAR(20) NOT NULL DEFAULT '',
  sort INT NOT NULL DEFAULT 0,
  UNIQUE KEY uq_degrees_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE colleges (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(191) NOT NULL,
  city VARCHAR(100) NOT NULL DEFAULT '',
  state_code VARCHAR(8) NOT NULL DEFAULT '',
  UNIQUE KEY uq_colleges_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE professions (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(150) NOT NULL,
  category VARCHAR(60) NOT NULL DEFAULT '',
  UNIQUE KEY uq_professions_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE companies (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(191) NOT NULL,
  UNIQUE KEY uq_companies_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE income_bands (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  code VARCHAR(20) NOT NULL,
  label VARCHAR(60) NOT NULL,
  min_inr BIGINT NOT NULL DEFAULT 0,
  max_inr BIGINT NOT NULL DEFAULT 0,
  sort INT NOT NULL DEFAULT 0,
  UNIQUE KEY uq_income_bands_code (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE heights (
  cm INT NOT NULL PRIMARY KEY,
  label VARCHAR(40) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Plans and site settings (admins edit them later; seeded defaults).
CREATE TABLE plans (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(40) NOT NULL,
  months INT NOT NULL,
  price_inr INT NOT NULL,
  contact_views INT NOT NULL,
  start_chats TINYINT(1) NOT NULL DEFAULT 1,
  profile_highlight TINYINT(1) NOT NULL DEFAULT 0,
  priority_support TINYINT(1) NOT NULL DEFAULT 0,
  daily_invitations INT NOT NULL DEFAULT 50,
  sort INT NOT NULL DEFAULT 0,
  active TINYINT(1) NOT NULL DEFAULT 1,
  UNIQUE KEY uq_plans_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE settings (
  setting_key VARCHAR(64) NOT NULL PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at DATETIME(3) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Public content.
CREATE TABLE blogs (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  slug VARCHAR(191) NOT NULL,
  title VARCHAR(200) NOT NULL,
  summary VARCHAR(500) NOT NULL DEFAULT '',
  body MEDIUMTEXT NOT NULL,
  author VARCHAR(100) NOT NULL DEFAULT '',
  tags VARCHAR(500) NOT NULL DEFAULT '',
  published_at DATETIME(3) NOT NULL,
  status VARCHAR(16) NOT NULL DEFAULT 'published',
  created_at DATETIME(3) NOT NULL,
  updated_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_blogs_slug (slug),
  KEY ix_blogs_status_published (status, published_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE success_stories (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  seed_key VARCHAR(191) NULL,
  title VARCHAR(200) NOT NULL,
  bride_name VARCHAR(60) NOT NULL,
  groom_name VARCHAR(60) NOT NULL,
  denomination VARCHAR(100) NOT NULL DEFAULT '',
  city VARCHAR(100) NOT NULL DEFAULT '',
  wedding_date DATE NULL,
  summary VARCHAR(500) NOT NULL DEFAULT '',
  story TEXT NOT NULL,
  status VARCHAR(16) NOT NULL DEFAULT 'pending',
  submitter_email VARCHAR(191) NOT NULL DEFAULT '',
  submitter_phone VARCHAR(20) NOT NULL DEFAULT '',
  created_at DATETIME(3) NOT NULL,
  updated_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_success_stories_seed_key (seed_key),
  KEY ix_success_stories_status (status, wedding_date)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE faqs (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  category VARCHAR(60) NOT NULL,
  question VARCHAR(300) NOT NULL,
  answer TEXT NOT NULL,
  sort INT NOT NULL DEFAULT 0,
  UNIQUE KEY uq_faqs_question (question(191))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE pages (
  page_key VARCHAR(64) NOT NULL PRIMARY KEY,
  title VARCHAR(200) NOT NULL,
  body MEDIUMTEXT NOT NULL,
  updated_at DATETIME(3) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE contact_messages (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(60) NOT NULL,
  email VARCHAR(191) NOT NULL,
  phone VARCHAR(20) NOT NULL DEFAULT '',
  subject VARCHAR(120) NOT NULL,
  message TEXT NOT NULL,
  ip_hash CHAR(64) NOT NULL DEFAULT '',
  status VARCHAR(16) NOT NULL DEFAULT 'new',
  created_at DATETIME(3) NOT NULL,
  KEY ix_contact_messages_status (status, created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Members.
CREATE TABLE users (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  email VARCHAR(191) NOT NULL,
  phone_code VARCHAR(8) NOT NULL DEFAULT '+91',
  phone VARCHAR(20) NOT NULL,
  password_hash VARCHAR(255) NOT NULL,
  status VARCHAR(16) NOT NULL DEFAULT 'active',
  email_verified_at DATETIME(3) NULL,
  phone_verified_at DATETIME(3) NULL,
  token_version INT NOT NULL DEFAULT 0,
  is_demo TINYINT(1) NOT NULL DEFAULT 0,
  created_at DATETIME(3) NOT NULL,
  updated_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_users_email (email),
  UNIQUE KEY uq_users_phone (phone_code, phone)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE profiles (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  user_id BIGINT UNSIGNED NOT NULL,
  profile_code VARCHAR(16) NOT NULL,
  name VARCHAR(25) NOT NULL,
  profile_name VARCHAR(30) NOT NULL DEFAULT '',
  gender SMALLINT NOT NULL,
  dob DATE NOT NULL,
  height_cm INT NULL,
  marital_status VARCHAR(20) NOT NULL DEFAULT 'never_married',
  created_by VARCHAR(20) NOT NULL DEFAULT 'self',
  mother_tongue_id BIGINT UNSIGNED NULL,
  physical_status VARCHAR(20) NOT NULL DEFAULT 'normal',
  religion_id BIGINT UNSIGNED NULL,
  community_id BIGINT UNSIGNED NULL,
  sub_community VARCHAR(100) NOT NULL DEFAULT '',
  diocese VARCHAR(100) NOT NULL DEFAULT '',
  parish VARCHAR(150) NOT NULL DEFAULT '',
  vicar VARCHAR(100) NOT NULL DEFAULT '',
  faith_practice VARCHAR(20) NOT NULL DEFAULT '',
  degree_id BIGINT UNSIGNED NULL,
  college_id BIGINT UNSIGNED NULL,
  profession_id BIGINT UNSIGNED NULL,
  company_id BIGINT UNSIGNED NULL,
  income_band VARCHAR(20) NOT NULL DEFAULT '',
  country_id BIGINT UNSIGNED NULL,
  state_id BIGINT UNSIGNED NULL,
  city_id BIGINT UNSIGNED NULL,
  father_occupation VARCHAR(100) NOT NULL DEFAULT '',
  mother_occupation VARCHAR(100) NOT NULL DEFAULT '',
  siblings VARCHAR(200) NOT NULL DEFAULT '',
  family_type VARCHAR(20) NOT NULL DEFAULT '',
  family_values VARCHAR(20) NOT NULL DEFAULT '',
  about_me TEXT NULL,
  about_family TEXT NULL,
  diet VARCHAR(20) NOT NULL DEFAULT '',
  smoking VARCHAR(20) NOT NULL DEFAULT '',
  drinking VARCHAR(20) NOT NULL DEFAULT '',
  photo_visibility VARCHAR(16) NOT NULL DEFAULT 'all',
  contact_filter VARCHAR(16) NOT NULL DEFAULT 'paid',
  chat_setting VARCHAR(16) NOT NULL DEFAULT 'verified',
  hidden TINYINT(1) NOT NULL DEFAULT 0,
  completed_steps INT NOT NULL DEFAULT 0,
  last_active_at DATETIME(3) NULL,
  created_at DATETIME(3) NOT NULL,
  updated_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_profiles_user (user_id),
  UNIQUE KEY uq_profiles_code (profile_code),
  KEY ix_profiles_search (gender, hidden, community_id, dob),
  KEY ix_profiles_city (city_id),
  CONSTRAINT fk_profiles_user FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE photos (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  profile_id BIGINT UNSIGNED NOT NULL,
  file_key VARCHAR(64) NOT NULL,
  is_default TINYINT(1) NOT NULL DEFAULT 0,
  sort INT NOT NULL DEFAULT 0,
  created_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_photos_file_key (file_key),
  KEY ix_photos_profile (profile_id, sort),
  CONSTRAINT fk_photos_profile FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE subscriptions (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  profile_id BIGINT UNSIGNED NOT NULL,
  plan_id BIGINT UNSIGNED NOT NULL,
  starts_at DATETIME(3) NOT NULL,
  expires_at DATETIME(3) NOT NULL,
  contact_views_total INT NOT NULL DEFAULT 0,
  contact_views_used INT NOT NULL DEFAULT 0,
  prev_contact_view_pending INT NOT NULL DEFAULT 0,
  created_at DATETIME(3) NOT NULL,
  KEY ix_subscriptions_profile (profile_id, expires_at),
  KEY ix_subscriptions_active (expires_at),
  CONSTRAINT fk_subscriptions_profile FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE,
  CONSTRAINT fk_subscriptions_plan FOREIGN KEY (plan_id) REFERENCES plans(id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Back office accounts (Casbin subjects by role).
CREATE TABLE admins (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  email VARCHAR(191) NOT NULL,
  password_hash VARCHAR(255) NOT NULL,
  role VARCHAR(20) NOT NULL,
  created_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_admins_email (email)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- +goose Down
DROP TABLE admins;
DROP TABLE subscriptions;
DROP TABLE photos;
DROP TABLE profiles;
DROP TABLE users;
DROP TABLE contact_messages;
DROP TABLE pages;
DROP TABLE faqs;
DROP TABLE success_stories;
DROP TABLE blogs;
DROP TABLE settings;
DROP TABLE plans;
DROP TABLE heights;
DROP TABLE income_bands;
DROP TABLE companies;
DROP TABLE professions;
DROP TABLE colleges;
DROP TABLE degrees;
DROP TABLE cities;
DROP TABLE states;
DROP TABLE countries;
DROP TABLE languages;
DROP TABLE communities;
DROP TABLE religions;
