-- +goose Up
-- "physically_challenged" (21 characters), a value of the physical status
-- list, did not fit VARCHAR(20): saving it failed on MySQL.
ALTER TABLE profiles MODIFY physical_status VARCHAR(32) NOT NULL DEFAULT 'normal';

-- +goose Down
ALTER TABLE profiles MODIFY physical_status VARCHAR(20) NOT NULL DEFAULT 'normal';
