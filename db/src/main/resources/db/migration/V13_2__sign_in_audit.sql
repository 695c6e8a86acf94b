-- Failed and throttled sign-ins, kept for whoever looks into an attack afterwards. The username is
-- as typed (it may name no user); never a password.
create table sign_in_audit (
    id        bigint generated always as identity primary key,
    at        timestamptz not null default now(),
    outcome   text        not null check (outcome in ('failure', 'throttled')),
    username  text        not null,
    address   text        not null,
    detail    text        not null
);

create index sign_in_audit_at on sign_in_audit (at);
