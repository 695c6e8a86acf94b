-- How each side of a comparison reads its index: FSDirectory's choice, MMapDirectory or
-- NIOFSDirectory, so a comparison can weigh a setting as well as a revision.
alter table comparison
    add column baseline_directory  text not null default 'default'
        check (baseline_directory in ('default', 'mmap', 'nio')),
    add column candidate_directory text not null default 'default'
        check (candidate_directory in ('default', 'mmap', 'nio'));
