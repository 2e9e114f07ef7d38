-- +goose Up
-- Billing (issue 19): the free tier as a plan row, subscriptions that know
-- the order that bought them, coupons, orders, payments, invoices with a
-- gap-free number per financial year, and the contact views members spend.

-- The free tier is a plan row too, so its limits (invitations a day) are
-- data an admin edits like the paid plans' numbers. It is never sold.
ALTER TABLE plans ADD COLUMN is_free TINYINT(1) NOT NULL DEFAULT 0;
INSERT INTO plans (name, months, price_inr, contact_views, start_chats, profile_highlight, priority_support, daily_invitations, sort, active, is_free)
  SELECT 'Free', 0, 0, 0, 0, 0, 0, 10, 0, 1, 1 FROM DUAL WHERE NOT EXISTS (SELECT 1 FROM plans WHERE name = 'Free');

-- status: active, renewed (superseded by a renewal that carried its views
-- and days forward), refunded, on_hold (payment disputed). period_start is
-- the start of the unbroken paid period a renewal continues: a contact
-- viewed since then is shown again for free.
ALTER TABLE subscriptions ADD COLUMN order_id BIGINT UNSIGNED NULL,
  ADD COLUMN status VARCHAR(16) NOT NULL DEFAULT 'active',
  ADD COLUMN period_start DATETIME(3) NULL,
  ADD COLUMN renewed_from_id BIGINT UNSIGNED NULL,
  ADD COLUMN ended_at DATETIME(3) NULL,
  ADD KEY ix_subscriptions_order (order_id);
UPDATE subscriptions SET period_start = starts_at WHERE period_start IS NULL;

-- Coupons: a percent or a flat discount in rupees, a validity window and a
-- use limit (0: none). used_count is raised by a conditional UPDATE when an
-- order holds a use, so concurrent buyers can never pass max_uses.
CREATE TABLE coupons (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  code VARCHAR(32) NOT NULL,
  description VARCHAR(200) NOT NULL DEFAULT '',
  kind VARCHAR(8) NOT NULL,
  value INT NOT NULL,
  plan_id BIGINT UNSIGNED NULL,
  valid_from DATETIME(3) NOT NULL,
  valid_until DATETIME(3) NOT NULL,
  max_uses INT NOT NULL DEFAULT 0,
  used_count INT NOT NULL DEFAULT 0,
  active TINYINT(1) NOT NULL DEFAULT 1,
  created_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_coupons_code (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Orders: what a member set out to buy, priced on the server. profile_id
-- becomes NULL when the buyer deletes the account (the order is kept, as
-- Indian tax law requires, without anything that identifies the person).
-- status: created, paid, failed, expired, refunded, disputed.
CREATE TABLE orders (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  order_no VARCHAR(24) NOT NULL,
  profile_id BIGINT UNSIGNED NULL,
  plan_id BIGINT UNSIGNED NOT NULL,
  plan_name VARCHAR(40) NOT NULL,
  plan_months INT NOT NULL,
  contact_views INT NOT NULL,
  list_price_paise BIGINT NOT NULL,
  discount_paise BIGINT NOT NULL DEFAULT 0,
  amount_paise BIGINT NOT NULL,
  currency CHAR(3) NOT NULL DEFAULT 'INR',
  coupon_id BIGINT UNSIGNED NULL,
  coupon_code VARCHAR(32) NOT NULL DEFAULT '',
  coupon_held TINYINT(1) NOT NULL DEFAULT 0,
  gateway VARCHAR(16) NOT NULL,
  gateway_order_id VARCHAR(64) NULL,
  status VARCHAR(16) NOT NULL,
  payment_id VARCHAR(64) NOT NULL DEFAULT '',
  method VARCHAR(32) NOT NULL DEFAULT '',
  failure_reason VARCHAR(255) NOT NULL DEFAULT '',
  paid_at DATETIME(3) NULL,
  created_at DATETIME(3) NOT NULL,
  updated_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_orders_no (order_no),
  UNIQUE KEY uq_orders_gateway_order (gateway_order_id),
  KEY ix_orders_profile (profile_id, id),
  KEY ix_orders_status (status, created_at),
  CONSTRAINT fk_orders_profile FOREIGN KEY (profile_id) REFERENCES profiles(id) ON DELETE SET NULL,
  CONSTRAINT fk_orders_plan FOREIGN KEY (plan_id) REFERENCES plans(id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Payments as the gateway reports them, one row per gateway payment id.
-- status: captured, failed, refunded, partially_refunded, disputed, duplicate.
CREATE TABLE payments (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  order_id BIGINT UNSIGNED NOT NULL,
  gateway_payment_id VARCHAR(64) NOT NULL,
  status VARCHAR(20) NOT NULL,
  amount_paise BIGINT NOT NULL,
  refunded_paise BIGINT NOT NULL DEFAULT 0,
  method VARCHAR(32) NOT NULL DEFAULT '',
  error VARCHAR(255) NOT NULL DEFAULT '',
  created_at DATETIME(3) NOT NULL,
  updated_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_payments_gateway (gateway_payment_id),
  KEY ix_payments_order (order_id),
  CONSTRAINT fk_payments_order FOREIGN KEY (order_id) REFERENCES orders(id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Webhook events already handled (X-Razorpay-Event-Id): a redelivery is
-- recognised and answered 200 without doing anything twice.
CREATE TABLE payment_events (
  event_id VARCHAR(64) NOT NULL PRIMARY KEY,
  event VARCHAR(48) NOT NULL,
  received_at DATETIME(3) NOT NULL,
  KEY ix_payment_events_received (received_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Tax invoices, one per paid order, numbered without gaps per financial
-- year (invoice_counters is taken in the grant's transaction). The buyer's
-- name, e-mail and phone are blanked when the account is deleted; the state
-- (place of supply) and the amounts stay, as tax law needs them.
CREATE TABLE invoices (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  order_id BIGINT UNSIGNED NOT NULL,
  number VARCHAR(20) NOT NULL,
  fy VARCHAR(7) NOT NULL,
  seq INT NOT NULL,
  issued_at DATETIME(3) NOT NULL,
  buyer_name VARCHAR(100) NOT NULL DEFAULT '',
  buyer_email VARCHAR(191) NOT NULL DEFAULT '',
  buyer_phone VARCHAR(24) NOT NULL DEFAULT '',
  buyer_state VARCHAR(100) NOT NULL DEFAULT '',
  seller_state VARCHAR(100) NOT NULL DEFAULT '',
  sac VARCHAR(8) NOT NULL DEFAULT '',
  taxable_paise BIGINT NOT NULL,
  cgst_paise BIGINT NOT NULL DEFAULT 0,
  sgst_paise BIGINT NOT NULL DEFAULT 0,
  igst_paise BIGINT NOT NULL DEFAULT 0,
  total_paise BIGINT NOT NULL,
  UNIQUE KEY uq_invoices_order (order_id),
  UNIQUE KEY uq_invoices_number (number),
  UNIQUE KEY uq_invoices_seq (fy, seq),
  CONSTRAINT fk_invoices_order FOREIGN KEY (order_id) REFERENCES orders(id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE invoice_counters (
  fy VARCHAR(7) NOT NULL PRIMARY KEY,
  last_seq INT NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Contact views: one row per viewer, member and paid period, written in
-- the transaction that spends the view, so a view is spent once per period
-- even when two reveals race.
CREATE TABLE contact_views (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  viewer_id BIGINT UNSIGNED NOT NULL,
  owner_id BIGINT UNSIGNED NOT NULL,
  subscription_id BIGINT UNSIGNED NOT NULL,
  period_start DATETIME(3) NOT NULL,
  viewed_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_contact_views (viewer_id, owner_id, period_start),
  KEY ix_contact_views_viewer (viewer_id, viewed_at),
  KEY ix_contact_views_owner (owner_id),
  CONSTRAINT fk_contact_views_viewer FOREIGN KEY (viewer_id) REFERENCES profiles(id) ON DELETE CASCADE,
  CONSTRAINT fk_contact_views_owner FOREIGN KEY (owner_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- +goose Down
DROP TABLE contact_views;
DROP TABLE invoice_counters;
DROP TABLE invoices;
DROP TABLE payment_events;
DROP TABLE payments;
DROP TABLE orders;
DROP TABLE coupons;
ALTER TABLE subscriptions DROP KEY ix_subscriptions_order, DROP COLUMN order_id, DROP COLUMN status, DROP COLUMN period_start,
  DROP COLUMN renewed_from_id, DROP COLUMN ended_at;
DELETE FROM plans WHERE is_free = 1;
ALTER TABLE plans DROP COLUMN is_free;
