-- Users are matched by e-mail case-insensitively (password login, OAuth); this index serves
-- `lower(email) = ?` so those lookups do not scan the table.
CREATE INDEX users_email_lower_idx ON users (lower(email));
