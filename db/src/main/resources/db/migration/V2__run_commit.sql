-- The git commit a run's Lucene was built from (git: specs); null for releases and jar directories.
alter table run
    add column commit_sha     text,
    add column commit_author  text,
    add column commit_date    timestamptz,
    add column commit_subject text;
