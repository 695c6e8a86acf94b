-- What the other series of a run say about the machine at that run: how the control revision's
-- series (benchmark 'control') moved against their recent nights, and how many of the run's series
-- moved beyond their noise at once. Worked out once per run from its points (attribution.Evidence).
create table run_machine_evidence (
    run_id          bigint primary key references run (id) on delete cascade,
    control_version text,
    control_series  integer          not null,
    control_change  double precision,
    control_noise   double precision,
    series          integer          not null,
    moved_worse     integer          not null,
    moved_better    integer          not null,
    computed_at     timestamptz      not null default now()
);

-- An editor's word on whether an alert is the machine's or the code's; it stands over the evidence.
create table change_point_attribution (
    change_point_id bigint primary key references change_point (id) on delete cascade,
    verdict         text        not null check (verdict in ('machine', 'code')),
    set_by          text        not null,
    set_at          timestamptz not null default now()
);
