-- A bisect (issue 18): the first-parent commits between a good and a bad commit, narrowed by
-- probes until one commit (or the smallest range that could be judged) is left. A poller moves it:
-- running -> found (one commit) | range (only a range could be judged) | undecided (a probe stayed
-- unknown at the JVM cap) | failed | cancelled. The range is held as positions in bisect_commit:
-- good_position is known to measure as the good end, bad_position as the bad end.
create table bisect (
    id                bigserial primary key,
    benchmark         text        not null,
    task              text        not null,
    metric            text        not null,
    profile           text,
    corpus            text,
    jvms              integer     not null check (jvms between 2 and 100),
    max_jvms          integer     not null check (max_jvms >= jvms and max_jvms <= 100),
    want_profiles     boolean     not null default false,
    state             text        not null check (state in
                          ('running', 'found', 'range', 'undecided', 'failed', 'cancelled')),
    good_position     integer     not null,
    bad_position      integer     not null,
    reference_effect  double precision,                     -- the ends' relative difference
    message           text,                                 -- the result or the reason, one line
    change_point_id   bigint      references change_point (id) on delete set null,
    series_id         bigint      references series (id) on delete set null,
    annotation_id     bigint      references annotation (id) on delete set null,
    requested_by      text        not null,
    created_at        timestamptz not null default now(),
    finished_at       timestamptz
);

create index bisect_running on bisect (id) where state = 'running';
create index bisect_change_point on bisect (change_point_id);
create index bisect_series on bisect (series_id);

-- The commits of the walk, oldest (the good end, position 0) to newest (the bad end).
create table bisect_commit (
    bisect_id     bigint      not null references bisect (id) on delete cascade,
    position      integer     not null check (position >= 0),
    sha           text        not null,
    subject       text        not null,
    author        text,
    committed_at  timestamptz,
    unbuildable   boolean     not null default false,
    primary key (bisect_id, position)
);

-- Each A/B comparison the bisect ran: the ends first (step 0), then one per probe and try; a
-- probe judged unknown is tried again with more JVMs as a new row.
create table bisect_probe (
    id              bigserial primary key,
    bisect_id       bigint      not null references bisect (id) on delete cascade,
    step            integer     not null,
    position        integer     not null,                   -- the probed commit's position
    comparison_id   bigint      references comparison (run_id) on delete set null,
    jvms            integer     not null,
    verdict         text        check (verdict in ('DIFFERENT', 'SAME', 'UNKNOWN', 'UNBUILDABLE')),
    effect          double precision,                       -- relative difference to the good end
    effect_low      double precision,
    effect_high     double precision,
    note            text,
    started_at      timestamptz not null default now(),
    judged_at       timestamptz
);

create index bisect_probe_of on bisect_probe (bisect_id, id);

-- Webhook deliveries announce bisect results too: a delivery belongs to a change point or a
-- bisect, never both.
alter table webhook_delivery alter column change_point_id drop not null;
alter table webhook_delivery add column bisect_id bigint references bisect (id) on delete cascade;
alter table webhook_delivery add constraint webhook_delivery_one_subject
    check ((change_point_id is null) <> (bisect_id is null));
create unique index webhook_delivery_bisect_url on webhook_delivery (bisect_id, url)
    where bisect_id is not null;
