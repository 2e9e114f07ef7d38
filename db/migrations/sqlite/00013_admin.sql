-- +goose Up
-- The admin back office (issue 21): see the MySQL migration of the same number.
-- (SQLite cannot give admins.role a default; inserts name it, and it is no longer read.)
ALTER TABLE admins ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE admins ADD COLUMN status TEXT NOT NULL DEFAULT 'active';
ALTER TABLE admins ADD COLUMN totp_secret TEXT NOT NULL DEFAULT '';
ALTER TABLE admins ADD COLUMN totp_enabled_at DATETIME NULL;
ALTER TABLE admins ADD COLUMN totp_step INTEGER NOT NULL DEFAULT 0;
ALTER TABLE admins ADD COLUMN last_login_at DATETIME NULL;
ALTER TABLE admins ADD COLUMN updated_at DATETIME NULL;

CREATE TABLE admin_sessions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  admin_id INTEGER NOT NULL,
  token_hash TEXT NOT NULL,
  stage TEXT NOT NULL,
  ip TEXT NOT NULL DEFAULT '',
  created_at DATETIME NOT NULL,
  last_seen_at DATETIME NOT NULL,
  expires_at DATETIME NOT NULL,
  revoked_at DATETIME NULL,
  FOREIGN KEY (admin_id) REFERENCES admins(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_admin_sessions_token ON admin_sessions (token_hash);
CREATE INDEX ix_admin_sessions_admin ON admin_sessions (admin_id);

CREATE TABLE casbin_rule (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ptype TEXT NOT NULL DEFAULT '',
  v0 TEXT NOT NULL DEFAULT '',
  v1 TEXT NOT NULL DEFAULT '',
  v2 TEXT NOT NULL DEFAULT '',
  v3 TEXT NOT NULL DEFAULT '',
  v4 TEXT NOT NULL DEFAULT '',
  v5 TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX idx_casbin_rule ON casbin_rule (ptype, v0, v1, v2, v3, v4, v5);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  admin_id INTEGER NOT NULL,
  admin_email TEXT NOT NULL,
  action TEXT NOT NULL,
  object TEXT NOT NULL,
  object_id TEXT NOT NULL DEFAULT '',
  detail TEXT NOT NULL,
  ip TEXT NOT NULL DEFAULT '',
  created_at DATETIME NOT NULL
);
CREATE INDEX ix_audit_created ON audit_log (created_at);
CREATE INDEX ix_audit_admin ON audit_log (admin_id, created_at);
CREATE INDEX ix_audit_object ON audit_log (object, object_id);

-- +goose StatementBegin
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
-- +goose StatementEnd

ALTER TABLE reports ADD COLUMN outcome TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN outcome_note TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN handled_by INTEGER NULL;
ALTER TABLE reports ADD COLUMN handled_at DATETIME NULL;

ALTER TABLE profile_proofs ADD COLUMN reviewed_by INTEGER NULL;
ALTER TABLE profile_proofs ADD COLUMN image_deleted_at DATETIME NULL;
CREATE INDEX ix_profile_proofs_reviewed ON profile_proofs (reviewed_at);

ALTER TABLE users ADD COLUMN suspended_until DATETIME NULL;

ALTER TABLE contact_messages ADD COLUMN assigned_to INTEGER NULL;
ALTER TABLE contact_messages ADD COLUMN answered_at DATETIME NULL;
ALTER TABLE contact_messages ADD COLUMN answered_by INTEGER NULL;
ALTER TABLE contact_messages ADD COLUMN admin_note TEXT NOT NULL DEFAULT '';
ALTER TABLE contact_messages ADD COLUMN updated_at DATETIME NULL;

ALTER TABLE blogs ADD COLUMN cover_key TEXT NULL;

-- +goose Down
ALTER TABLE blogs DROP COLUMN cover_key;
ALTER TABLE contact_messages DROP COLUMN updated_at;
ALTER TABLE contact_messages DROP COLUMN admin_note;
ALTER TABLE contact_messages DROP COLUMN answered_by;
ALTER TABLE contact_messages DROP COLUMN answered_at;
ALTER TABLE contact_messages DROP COLUMN assigned_to;
ALTER TABLE users DROP COLUMN suspended_until;
DROP INDEX ix_profile_proofs_reviewed;
ALTER TABLE profile_proofs DROP COLUMN image_deleted_at;
ALTER TABLE profile_proofs DROP COLUMN reviewed_by;
ALTER TABLE reports DROP COLUMN handled_at;
ALTER TABLE reports DROP COLUMN handled_by;
ALTER TABLE reports DROP COLUMN outcome_note;
ALTER TABLE reports DROP COLUMN outcome;
DROP TRIGGER audit_log_no_delete;
DROP TRIGGER audit_log_no_update;
DROP TABLE audit_log;
DROP TABLE casbin_rule;
DROP TABLE admin_sessions;
ALTER TABLE admins DROP COLUMN updated_at;
ALTER TABLE admins DROP COLUMN last_login_at;
ALTER TABLE admins DROP COLUMN totp_step;
ALTER TABLE admins DROP COLUMN totp_enabled_at;
ALTER TABLE admins DROP COLUMN totp_secret;
ALTER TABLE admins DROP COLUMN status;
ALTER TABLE admins DROP COLUMN name;
