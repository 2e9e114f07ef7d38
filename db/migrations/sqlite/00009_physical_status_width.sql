-- +goose Up
-- MySQL widens profiles.physical_status here (VARCHAR(20) was one character
-- short of "physically_challenged"); SQLite's TEXT has no width to change.
SELECT 1;

-- +goose Down
SELECT 1;
