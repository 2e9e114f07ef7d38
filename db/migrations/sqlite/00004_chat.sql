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
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  low_id INTEGER NOT NULL,
  high_id INTEGER NOT NULL,
  started_by INTEGER NOT NULL,
  replied_at DATETIME NULL,
  message_count INTEGER NOT NULL DEFAULT 0,
  last_message_id INTEGER NOT NULL DEFAULT 0,
  low_read_id INTEGER NOT NULL DEFAULT 0,
  high_read_id INTEGER NOT NULL DEFAULT 0,
  low_unread INTEGER NOT NULL DEFAULT 0,
  high_unread INTEGER NOT NULL DEFAULT 0,
  created_at DATETIME NOT NULL,
  updated_at DATETIME NOT NULL,
  FOREIGN KEY (low_id) REFERENCES profiles(id) ON DELETE CASCADE,
  FOREIGN KEY (high_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_chat_conversations_pair ON chat_conversations (low_id, high_id);
CREATE INDEX ix_chat_conversations_high ON chat_conversations (high_id);

-- Messages, ordered by id within a conversation. client_id is the sender's
-- idempotency key (a retry with the same key returns the stored message);
-- warning is the early-chat safety flag ('' or 'money' or 'offsite').
CREATE TABLE chat_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id INTEGER NOT NULL,
  sender_id INTEGER NOT NULL,
  client_id TEXT NULL,
  body TEXT NOT NULL,
  warning TEXT NOT NULL DEFAULT '',
  created_at DATETIME NOT NULL,
  FOREIGN KEY (conversation_id) REFERENCES chat_conversations(id) ON DELETE CASCADE,
  FOREIGN KEY (sender_id) REFERENCES profiles(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX uq_chat_messages_client ON chat_messages (sender_id, client_id);
CREATE INDEX ix_chat_messages_conversation ON chat_messages (conversation_id, id);

-- +goose Down
DROP TABLE chat_messages;
DROP TABLE chat_conversations;
