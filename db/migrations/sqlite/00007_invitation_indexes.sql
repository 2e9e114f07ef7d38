-- +goose Up
-- The inbox's Sent box (the latest invitation to each member), the partner
-- view's latest invitation between two members, and the daily count of a
-- sender's invitations (profile/invitations.go) each read by sender.
CREATE INDEX ix_invitations_sender_receiver ON invitations (sender_id, receiver_id, id);
CREATE INDEX ix_invitations_sender_created ON invitations (sender_id, created_at);

-- +goose Down
DROP INDEX ix_invitations_sender_created;
DROP INDEX ix_invitations_sender_receiver;
