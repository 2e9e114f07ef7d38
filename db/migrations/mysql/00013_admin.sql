-- +goose Up
-- The admin back office (issue 21): admin accounts with a second factor,
-- their sessions, the Casbin policy (roles are Casbin subjects), the audit
-- log, and what moderators, support and content admins record on the rows
-- they act on.

-- admins.role is no longer read: roles live in casbin_rule as "g" lines.
-- totp_secret is sealed with a key derived from the server secret;
-- totp_step is the last accepted code's time step, so a code works once.
ALTER TABLE admins ADD COLUMN name VARCHAR(100) NOT NULL DEFAULT '',
  ADD COLUMN status VARCHAR(16) NOT NULL DEFAULT 'active',
  ADD COLUMN totp_secret VARCHAR(255) NOT NULL DEFAULT '',
  ADD COLUMN totp_enabled_at DATETIME(3) NULL,
  ADD COLUMN totp_step BIGINT NOT NULL DEFAULT 0,
  ADD COLUMN last_login_at DATETIME(3) NULL,
  ADD COLUMN updated_at DATETIME(3) NULL,
  MODIFY role VARCHAR(20) NOT NULL DEFAULT '';

-- An admin session is an opaque bearer token kept only as its SHA-256.
-- stage: "password" (the password was right, the second factor is due),
-- "enroll" (the authenticator is being set up) or "full".
CREATE TABLE admin_sessions (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  admin_id BIGINT UNSIGNED NOT NULL,
  token_hash CHAR(64) NOT NULL,
  stage VARCHAR(12) NOT NULL,
  ip VARCHAR(64) NOT NULL DEFAULT '',
  created_at DATETIME(3) NOT NULL,
  last_seen_at DATETIME(3) NOT NULL,
  expires_at DATETIME(3) NOT NULL,
  revoked_at DATETIME(3) NULL,
  UNIQUE KEY uq_admin_sessions_token (token_hash),
  KEY ix_admin_sessions_admin (admin_id),
  CONSTRAINT fk_admin_sessions_admin FOREIGN KEY (admin_id) REFERENCES admins(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Casbin's policy, in the table and shape its GORM adapter uses.
CREATE TABLE casbin_rule (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  ptype VARCHAR(100) NOT NULL DEFAULT '',
  v0 VARCHAR(100) NOT NULL DEFAULT '',
  v1 VARCHAR(100) NOT NULL DEFAULT '',
  v2 VARCHAR(100) NOT NULL DEFAULT '',
  v3 VARCHAR(100) NOT NULL DEFAULT '',
  v4 VARCHAR(100) NOT NULL DEFAULT '',
  v5 VARCHAR(100) NOT NULL DEFAULT '',
  UNIQUE KEY idx_casbin_rule (ptype, v0, v1, v2, v3, v4, v5)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Every admin action and every view of a member's private data. The
-- application only inserts; the triggers below refuse changes and deletes
-- from anyone, so the log cannot be edited after the fact.
CREATE TABLE audit_log (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  admin_id BIGINT UNSIGNED NOT NULL,
  admin_email VARCHAR(191) NOT NULL,
  action VARCHAR(48) NOT NULL,
  object VARCHAR(32) NOT NULL,
  object_id VARCHAR(64) NOT NULL DEFAULT '',
  detail TEXT NOT NULL,
  ip VARCHAR(64) NOT NULL DEFAULT '',
  created_at DATETIME(3) NOT NULL,
  KEY ix_audit_created (created_at),
  KEY ix_audit_admin (admin_id, created_at),
  KEY ix_audit_object (object, object_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- +goose StatementBegin
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'audit_log is append-only';
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log FOR EACH ROW
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'audit_log is append-only';
-- +goose StatementEnd

-- What moderators decide on a report (dismissed, warned, suspended, banned).
ALTER TABLE reports ADD COLUMN outcome VARCHAR(16) NOT NULL DEFAULT '',
  ADD COLUMN outcome_note VARCHAR(500) NOT NULL DEFAULT '',
  ADD COLUMN handled_by BIGINT UNSIGNED NULL,
  ADD COLUMN handled_at DATETIME(3) NULL;

-- Who reviewed a proof; its image is deleted 30 days after the verdict (file_key NULL).
ALTER TABLE profile_proofs ADD COLUMN reviewed_by BIGINT UNSIGNED NULL,
  ADD COLUMN image_deleted_at DATETIME(3) NULL,
  ADD KEY ix_profile_proofs_reviewed (reviewed_at);

-- A suspension ends by itself at suspended_until; a ban does not.
ALTER TABLE users ADD COLUMN suspended_until DATETIME(3) NULL;

-- The contact-us inbox: who handles a message and when it was answered.
ALTER TABLE contact_messages ADD COLUMN assigned_to BIGINT UNSIGNED NULL,
  ADD COLUMN answered_at DATETIME(3) NULL,
  ADD COLUMN answered_by BIGINT UNSIGNED NULL,
  ADD COLUMN admin_note VARCHAR(1000) NOT NULL DEFAULT '',
  ADD COLUMN updated_at DATETIME(3) NULL;

-- A blog's cover image (a media key), shown on the list and the article.
ALTER TABLE blogs ADD COLUMN cover_key VARCHAR(64) NULL;

-- +goose Down
ALTER TABLE blogs DROP COLUMN cover_key;
ALTER TABLE contact_messages DROP COLUMN assigned_to, DROP COLUMN answered_at, DROP COLUMN answered_by, DROP COLUMN admin_note, DROP COLUMN updated_at;
ALTER TABLE users DROP COLUMN suspended_until;
ALTER TABLE profile_proofs DROP KEY ix_profile_proofs_reviewed, DROP COLUMN reviewed_by, DROP COLUMN image_deleted_at;
ALTER TABLE reports DROP COLUMN outcome, DROP COLUMN outcome_note, DROP COLUMN handled_by, DROP COLUMN handled_at;
DROP TRIGGER audit_log_no_delete;
DROP TRIGGER audit_log_no_update;
DROP TABLE audit_log;
DROP TABLE casbin_rule;
DROP TABLE admin_sessions;
ALTER TABLE admins DROP COLUMN name, DROP COLUMN status, DROP COLUMN totp_secret, DROP COLUMN totp_enabled_at, DROP COLUMN totp_step,
  DROP COLUMN last_login_at, DROP COLUMN updated_at;
