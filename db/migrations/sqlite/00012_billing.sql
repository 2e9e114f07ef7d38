-- +goose Up
-- Billing (issue 19): see the MySQL migration of the same number.
ALTER TABLE plans ADD COLUMN is_free INTEGER NOT NULL DEFAULT 0;
INSERT INTO plans (name, months, price_inr, contact_views, start_chats, profile_highlight, priority_support, daily_invitations, sort, active, is_free)
  SELECT 'Free', 0, 0, 0, 0, 0, 0, 10, 0, 1, 1 WHERE NOT EXISTS (SELECT 1 FROM plans WHERE name = 'Free');

ALTER TABLE subscriptions ADD COLUMN order_id INTEGER NULL;
ALTER TABLE subscriptions ADD COLUMN status TEXT NOT NULL DEFAULT 'active';
ALTER TABLE subscriptions ADD COLUMN period_start DATETIME NULL;
ALTER TABLE subscriptions ADD COLUMN renewed_from_id INTEGER NULL;
ALTER TABLE subscriptions ADD COLUMN ended_at DATETIME NULL;
CREATE INDEX ix_subscriptions_order ON subscriptions (order_id);
UPDATE subscriptions SET period_start = starts_at WHERE period_start IS NULL;

CREATE TABLE coupons (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  code TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL,
  value INTEGER NOT NULL,
  plan_id INTEGER NULL,
  valid_from DATETIME NOT NULL,
  valid_until DATETIME NOT NULL,
  max_uses INTEGER NOT NULL DEFAULT 0,
  used_count INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1,
  created_at DATETIME NOT NULL
);
CREATE UNIQUE INDEX uq_coupons_code ON coupons (code);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_no TEXT NOT NULL,
  profile_id INTEGER NULL,
  plan_id INTEGER NOT NULL,
  plan_name TEXT NOT NULL,
  plan_months INTEGER NOT NULL,
  contact_views INTEGER NOT NULL,
  list_price_paise INTEGER NOT NULL,
  discount_paise INTEGER NOT NULL DEFAULT 0,
  amount_paise INTEGER NOT NULL,
  currency TEXT NOT NULL DEFAULT 'INR',
  coupon_id INTEGER NULL,
  coupon_code TEXT NOT NULL DEFAULT '',
  coupon_held INTEGER NOT NULL DEFAULT 0,
  gateway TEXT NOT NULL,
  gateway_order_id TEXT NULL,
  status TEXT NOT NULL,
  payment_id TEXT NOT NULL DEFAULT '',
  method TEXT NOT NULL DEFAULT '',
  failure_reason TEXT NOT NULL DEFAULT '',
  paid_at DATETIME NULL,
  created_at DATETIME NOT NULL,
  updated_at DATETIME NOT NULL,
  FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE SET NULL,
  FOREIGN KEY (plan_id) REFERENCES plans(id)
);
CREATE UNIQUE INDEX uq_orders_no ON orders (order_no);
CREATE UNIQUE INDEX uq_orders_gateway_order ON orders (gateway_order_id);
CREATE INDEX ix_orders_profile ON orders (profile_id, id);
CREATE INDEX ix_orders_status ON orders (status, created_at);

CREATE TABLE payments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL,
  gateway_payment_id TEXT NOT NULL,
  status TEXT NOT NULL,
  amount_paise INTEGER NOT NULL,
  refunded_paise INTEGER NOT NULL DEFAULT 0,
  method TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL DEFAULT '',
  created_at DATETIME NOT NULL,
  updated_at DATETIME NOT NULL,
  FOREIGN KEY (order_id) REFERENCES orders(id)
);
CREATE UNIQUE INDEX uq_payments_gateway ON payments (gateway_payment_id);
CREATE INDEX ix_payments_order ON payments (order_id);

CREATE TABLE payment_events (
  event_id TEXT NOT NULL PRIMARY KEY,
  event TEXT NOT NULL,
  received_at DATETIME NOT NULL
);
CREATE INDEX ix_payment_events_received ON payment_events (received_at);

CREATE TABLE invoices (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL,
  number TEXT NOT NULL,
  fy TEXT NOT NULL,
  seq INTEGER NOT NULL,
  issued_at DATETIME NOT NULL,
  buyer_name TEXT NOT NULL DEFAULT '',
  buyer_email TEXT NOT NULL DEFAULT '',
  buyer_phone TEXT NOT NULL DEFAULT '',
  buyer_state TEXT NOT NULL DEFAULT '',
  seller_state TEXT NOT NULL DEFAULT '',
  sac TEXT NOT NULL DEFAULT '',
  taxable_paise INTEGER NOT NULL,
  cgst_paise INTEGER NOT NULL DEFAULT 0,
  sgst_paise INTEGER NOT NULL DEFAULT 0,
  igst_paise INTEGER NOT NULL DEFAULT 0,
  total_paise INTEGER NOT NULL,
  FOREIGN KEY (order_id) REFERENCES orders(id)
);
CREATE UNIQUE INDEX uq_invoices_order ON invoices (order_id);
CREATE UNIQUE INDEX uq_invoices_number ON invoices (number);
CREATE UNIQUE INDEX uq_invoices_seq ON invoices (fy, seq);

CREATE TABLE invoice_counters (
  fy TEXT NOT NULL PRIMARY KEY,
  last_seq INTEGER NOT NULL
);

CREATE TABLE contact_views (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  viewer_id INTEGER NOT NULL,
  owner_id INTEGER NOT NULL,
  subscription_id INTEGER NOT NULL,
  period_start DATETIME NOT NULL,
  viewed_at DATETIME NOT NULL,
  FOREIGN KEY (viewer_id) REFERENCES profiles(id) ON DELETE CASCADE,
  FOREIGN KEY (owner_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_contact_views ON contact_views (viewer_id, owner_id, period_start);
CREATE INDEX ix_contact_views_viewer ON contact_views (viewer_id, viewed_at);
CREATE INDEX ix_contact_views_owner ON contact_views (owner_id);

-- +goose Down
DROP TABLE contact_views;
DROP TABLE invoice_counters;
DROP TABLE invoices;
DROP TABLE payment_events;
DROP TABLE payments;
DROP TABLE orders;
DROP TABLE coupons;
DROP INDEX ix_subscriptions_order;
ALTER TABLE subscriptions DROP COLUMN order_id;
ALTER TABLE subscriptions DROP COLUMN status;
ALTER TABLE subscriptions DROP COLUMN period_start;
ALTER TABLE subscriptions DROP COLUMN renewed_from_id;
ALTER TABLE subscriptions DROP COLUMN ended_at;
DELETE FROM plans WHERE is_free = 1;
ALTER TABLE plans DROP COLUMN is_free;
