-- Who may change what. Passwords are stored as Spring Security's delegating hashes
-- ({bcrypt}…), never in clear. Roles: viewer < editor < admin.
create table app_user (
    username      text        primary key check (username ~ '^[A-Za-z0-9._@-]{1,64}$'),
    password_hash text        not null,
    role          text        not null check (role in ('viewer', 'editor', 'admin')),
    created_at    timestamptz not null default now(),
    created_by    text        not null,
    password_changed_at timestamptz
);

-- Who asked for a run (null for the nightly schedule and the backfill).
alter table run add column requested_by text;
