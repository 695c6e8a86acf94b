-- What a comparison measures besides search (indexing, PK lookups, NRT reopen, the load sweep),
-- which search task categories, and how each side's index is written: its stored fields mode
-- and postings format, as luceneutil's competitors allow. Null codec settings keep the release's
-- default codec as it is.
alter table comparison
    add column benchmarks text[] not null default '{search}'
        check (cardinality(benchmarks) > 0
               and benchmarks <@ array['search', 'pk-lookup', 'indexing', 'nrt', 'load']),
    add column categories text[] not null default '{}',
    add column baseline_stored_fields  text check (baseline_stored_fields in ('speed', 'compression')),
    add column candidate_stored_fields text check (candidate_stored_fields in ('speed', 'compression')),
    add column baseline_postings_format  text,
    add column candidate_postings_format text;
