-- One webhook message per (change point, configured URL): what is sent, and how its sending went.
-- The payload is built once, when the change point is stored, so a retry days later sends the same
-- message even if the series or run rows changed since.
-- State: delivered when delivered_at is set; pending while next_attempt_at is set (the worker takes
-- rows whose time has come); failed when neither is (attempts used up, left for a person to see).
create table webhook_delivery (
    id               bigint generated always as identity primary key,
    change_point_id  bigint      not null references change_point (id) on delete cascade,
    url              text        not null,
    payload          jsonb       not null,
    attempts         integer     not null default 0 check (attempts >= 0),
    next_attempt_at  timestamptz,
    last_attempt_at  timestamptz,
    last_status      integer,
    last_error       text,
    delivered_at     timestamptz,
    created_at       timestamptz not null default now(),
    unique (change_point_id, url),
    check (delivered_at is null or next_attempt_at is null)
);

-- Workers look for due rows every few seconds; delivered and failed ones stay out of that index.
create index webhook_delivery_due_idx on webhook_delivery (next_attempt_at)
    where delivered_at is null and next_attempt_at is not null;
