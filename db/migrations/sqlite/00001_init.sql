-- +goose Up
-- Master data: the lists members pick from. Loaded by `tfm seed` from db/seed/master.
CREATE TABLE religions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL
);
CREATE UNIQUE INDEX uq_religions_name ON religions (name);

CREATE TABLE communities (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  religion_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0,
  FOREIGN KEY (religion_id) REFERENCES religions(id)
);
CREATE UNIQUE INDEX uq_communities_name ON communities (name);

CREATE TABLE languages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX uq_languages_name ON languages (name);

CREATE TABLE countries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  phone_code TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX uq_countries_code ON countries (code);
CREATE INDEX ix_countries_name ON countries (name);

CREATE TABLE states (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  country_id INTEGER NOT NULL,
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL DEFAULT 'state',
  FOREIGN KEY (country_id) REFERENCES countries(id)
);
CREATE UNIQUE INDEX uq_states_country_code ON states (country_id, code);
CREATE INDEX ix_states_name ON states (name);

CREATE TABLE cities (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  state_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  lat REAL NOT NULL,
  lng REAL NOT NULL,
  FOREIGN KEY (state_id) REFERENCES states(id)
);
CREATE UNIQUE INDEX uq_cities_state_name ON cities (state_id, name);
CREATE INDEX ix_cities_name ON cities (name);

CREATE TABLE degrees (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  level TEXT NOT NULL DEFAULT '',
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX uq_degrees_name ON degrees (name);

CREATE TABLE colleges (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  city TEXT NOT NULL DEFAULT '',
  state_code TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX uq_colleges_name ON colleges (name);

CREATE TABLE professions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  category TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX uq_professions_name ON professions (name);

CREATE TABLE companies (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL
);
CREATE UNIQUE INDEX uq_companies_name ON companies (name);

CREATE TABLE income_bands (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  code TEXT NOT NULL,
  label TEXT NOT NULL,
  min_inr INTEGER NOT NULL DEFAULT 0,
  max_inr INTEGER NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX uq_income_bands_code ON income_bands (code);

CREATE TABLE heights (
  cm INTEGER NOT NULL PRIMARY KEY,
  label TEXT NOT NULL
);

-- Plans and site settings (admins edit them later; seeded defaults).
CREATE TABLE plans (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  months INTEGER NOT NULL,
  price_inr INTEGER NOT NULL,
  contact_views INTEGER NOT NULL,
  start_chats INTEGER NOT NULL DEFAULT 1,
  profile_highlight INTEGER NOT NULL DEFAULT 0,
  priority_support INTEGER NOT NULL DEFAULT 0,
  daily_invitations INTEGER NOT NULL DEFAULT 50,
  sort INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX uq_plans_name ON plans (name);

CREATE TABLE settings (
  setting_key TEXT NOT NULL PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at DATETIME NOT NULL
);

-- Public content.
CREATE TABLE blogs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  summary TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL,
  author TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '',
  published_at DATETIME NOT NULL,
  status TEXT NOT NULL DEFAULT 'published',
  created_at DATETIME NOT NULL,
  updated_at DATETIME NOT NULL
);
CREATE UNIQUE INDEX uq_blogs_slug ON blogs (slug);
CREATE INDEX ix_blogs_status_published ON blogs (status, published_at);

CREATE TABLE success_stories (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  seed_key TEXT NULL,
  title TEXT NOT NULL,
  bride_name TEXT NOT NULL,
  groom_name TEXT NOT NULL,
  denomination TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  wedding_date DATE NULL,
  summary TEXT NOT NULL DEFAULT '',
  story TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  submitter_email TEXT NOT NULL DEFAULT '',
  submitter_phone TEXT NOT NULL DEFAULT '',
  created_at DATETIME NOT NULL,
  updated_at DATETIME NOT NULL
);
CREATE UNIQUE INDEX uq_success_stories_seed_key ON success_stories (seed_key);
CREATE INDEX ix_success_stories_status ON success_stories (status, wedding_date);

CREATE TABLE faqs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  category TEXT NOT NULL,
  question TEXT NOT NULL,
  answer TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX uq_faqs_question ON faqs (question);

CREATE TABLE pages (
  page_key TEXT NOT NULL PRIMARY KEY,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  updated_at DATETIME NOT NULL
);

CREATE TABLE contact_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  ip_hash TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'new',
  created_at DATETIME NOT NULL
);
CREATE INDEX ix_contact_messages_status ON contact_messages (status, created_at);

-- Members.
CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL,
  phone_code TEXT NOT NULL DEFAULT '+91',
  phone TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active',
  email_verified_at DATETIME NULL,
  phone_verified_at DATETIME NULL,
  token_version INTEGER NOT NULL DEFAULT 0,
  is_demo INTEGER NOT NULL DEFAULT 0,
  created_at DATETIME NOT NULL,
  updated_at DATETIME NOT NULL
);
CREATE UNIQUE INDEX uq_users_email ON users (email);
CREATE UNIQUE INDEX uq_users_phone ON users (phone_code, phone);

CREATE TABLE profiles (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  profile_code TEXT NOT NULL,
  name TEXT NOT NULL,
  profile_name TEXT NOT NULL DEFAULT '',
  gender INTEGER NOT NULL,
  dob DATE NOT NULL,
  height_cm INTEGER NULL,
  marital_status TEXT NOT NULL DEFAULT 'never_married',
  created_by TEXT NOT NULL DEFAULT 'self',
  mother_tongue_id INTEGER NULL,
  physical_status TEXT NOT NULL DEFAULT 'normal',
  religion_id INTEGER NULL,
  community_id INTEGER NULL,
  sub_community TEXT NOT NULL DEFAULT '',
  diocese TEXT NOT NULL DEFAULT '',
  parish TEXT NOT NULL DEFAULT '',
  vicar TEXT NOT NULL DEFAULT '',
  faith_practice TEXT NOT NULL DEFAULT '',
  degree_id INTEGER NULL,
  college_id INTEGER NULL,
  profession_id INTEGER NULL,
  company_id INTEGER NULL,
  income_band TEXT NOT NULL DEFAULT '',
  country_id INTEGER NULL,
  state_id INTEGER NULL,
  city_id INTEGER NULL,
  father_occupation TEXT NOT NULL DEFAULT '',
  mother_occupation TEXT NOT NULL DEFAULT '',
  siblings TEXT NOT NULL DEFAULT '',
  family_type TEXT NOT NULL DEFAULT '',
  family_values TEXT NOT NULL DEFAULT '',
  about_me TEXT NULL,
  about_family TEXT NULL,
  diet TEXT NOT NULL DEFAULT '',
  smoking TEXT NOT NULL DEFAULT '',
  drinking TEXT NOT NULL DEFAULT '',
  photo_visibility TEXT NOT NULL DEFAULT 'all',
  contact_filter TEXT NOT NULL DEFAULT 'paid',
  chat_setting TEXT NOT NULL DEFAULT 'verified',
  hidden INTEGER NOT NULL DEFAULT 0,
  completed_steps INTEGER NOT NULL DEFAULT 0,
  last_active_at DATETIME NULL,
  created_at DATETIME NOT NULL,
  updated_at DATETIME NOT NULL,
  FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_profiles_user ON profiles (user_id);
CREATE UNIQUE INDEX uq_profiles_code ON profiles (profile_code);
CREATE INDEX ix_profiles_search ON profiles (gender, hidden, community_id, dob);
CREATE INDEX ix_profiles_city ON profiles (city_id);

CREATE TABLE photos (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  profile_id INTEGER NOT NULL,
  file_key TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL DEFAULT 0,
  created_at DATETIME NOT NULL,
  FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_photos_file_key ON photos (file_key);
CREATE INDEX ix_photos_profile ON photos (profile_id, sort);

CREATE TABLE subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  profile_id INTEGER NOT NULL,
  plan_id INTEGER NOT NULL,
  starts_at DATETIME NOT NULL,
  expires_at DATETIME NOT NULL,
  contact_views_total INTEGER NOT NULL DEFAULT 0,
  contact_views_used INTEGER NOT NULL DEFAULT 0,
  prev_contact_view_pending INTEGER NOT NULL DEFAULT 0,
  created_at DATETIME NOT NULL,
  FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE CASCADE,
  FOREIGN KEY (plan_id) REFERENCES plans(id)
);
CREATE INDEX ix_subscriptions_profile ON subscriptions (profile_id, expires_at);
CREATE INDEX ix_subscriptions_active ON subscriptions (expires_at);

-- Back office accounts (Casbin subjects by role).
CREATE TABLE admins (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL,
  created_at DATETIME NOT NULL
);
CREATE UNIQUE INDEX uq_admins_email ON admins (email);

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
