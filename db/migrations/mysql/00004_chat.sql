-- +goose Up
-- Private one-to-one chat (product.md "Chat"). All profile ids are profiles.id.
-- Rows go with either profile (ON DELETE CASCADE), and the chat area's
-- account DeleteHook deletes them explicitly too, so deleting an account
-- erases the messages the member sent and the conversations they were in.

-- One conversation per pair: low_id < high_id. started_by sent the first
-- message; replied_at is set when the other member first answers, after which
-- either may write whatever their plan. message_count drives the early-chat
-- safety warning; last_message_id, the read markers and the unread counters
-- serve the unread counts without scanning messages.
CREATE TABLE chat_conversations (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  low_id BIGINT UNSIGNED NOT NULL,
  high_id BIGINT UNSIGNED NOT NULL,
  started_by BIGINT UNSIGNED NOT NULL,
  replied_at DATETIME(3) NULL,
  message_count INT NOT NULL DEFAULT 0,
  last_message_id BIGINT UNSIGNED NOT NULL DEFAULT 0,
  low_read_id BIGINT UNSIGNED NOT NULL DEFAULT 0,
  high_read_id BIGINT UNSIGNED NOT NULL DEFAULT 0,
  low_unread INT NOT NULL DEFAULT 0,
  high_unread INT NOT NULL DEFAULT 0,
  created_at DATETIME(3) NOT NULL,
  updated_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_chat_conversations_pair (low_id, high_id),
  KEY ix_chat_conversations_high (high_id),
  CONSTRAINT fk_chat_conversations_low FOREIGN KEY (low_id) REFERENCES profiles(id) ON DELETE CASCADE,
  CONSTRAINT fk_chat_conversations_high FOREIGN KEY (high_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Messages, ordered by id within a conversation. client_id is the sender's
-- idempotency key (a retry with the same key returns the stored message);
-- warning is the early-chat safety flag ('' or 'money' or 'offsite').
CREATE TABLE chat_messages (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  conversation_id BIGINT UNSIGNED NOT NULL,
  sender_id BIGINT UNSIGNED NOT NULL,
  client_id VARCHAR(64) NULL,
  body TEXT NOT NULL,
  warning VARCHAR(16) NOT NULL DEFAULT '',
  created_at DATETIME(3) NOT NULL,
  UNIQUE KEY uq_chat_messages_client (sender_id, client_id),
  KEY ix_chat_messages_conversation (conversation_id, id),
  CONSTRAINT fk_chat_messages_conversation FOREIGN KEY (conversation_id) REFERENCES chat_conversations(id) ON DELETE CASCADE,
  CONSTRAINT fk_chat_messages_sender FOREIGN KEY (sender_id) REFERENCES profiles(id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- +goose Down
DROP TABLE chat_messages;
DROP TABLE chat_conversations;
