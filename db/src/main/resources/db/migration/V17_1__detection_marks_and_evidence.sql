-- What editors tell the detector about a series (issue 17), and the evidence kept with each change
-- point so an alert shows why it was raised without recomputing.

-- A night left out of detection (a bad night: its point stays on the chart, greyed), or an expected
-- change (a benchmark or environment change starting at this run: a known boundary, never an alert).
create table detection_mark (
    id          bigint generated always as identity primary key,
    series_id   bigint      not null references series (id) on delete cascade,
    run_id      bigint      not null references run (id) on delete cascade,
    kind        text        not null check (kind in ('excluded', 'expected')),
    note        text,
    created_by  text        not null,
    created_at  timestamptz not null default now(),
    unique (series_id, run_id, kind)
);

-- Per-series sensitivity, as Perfherder's per-signature thresholds: a step smaller than this
-- relative change is not reported for this series (a series without a row keeps the default).
create table detection_override (
    series_id            bigint primary key references series (id) on delete cascade,
    min_relative_change  double precision not null
                         check (min_relative_change >= 0 and min_relative_change <= 1),
    updated_by           text        not null,
    updated_at           timestamptz not null default now()
);

-- The evidence: effect in units of the estimated noise, that noise (σ of one night around its
-- level) and the lag-1 serial correlation the detector measured. Null for change points stored
-- before the detector measured them.
alter table change_point
    add column effect_sigma       double precision,
    add column noise_sigma        double precision,
    add column serial_correlation double precision;
