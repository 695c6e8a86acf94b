-- Who signed in from where: a name with its right password at an address is a known pair there, and
-- only that pair's own failures can slow it. Kept in the database so a restart forgets none.
create table sign_in_known_pair (
    username      text        not null,
    address       text        not null,
    signed_in_at  timestamptz not null default now(),
    primary key (username, address)
);
