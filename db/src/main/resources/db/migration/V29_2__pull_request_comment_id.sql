-- Issue 29: a /benchmark command is stored once per comment, not only once per delivery. The
-- X-GitHub-Delivery header is not covered by the webhook's signature, so a replayed delivery with a
-- new header must not start the benchmark again; the comment's id is inside the signed body.
-- Null for commands stored before this column existed.
alter table pull_request_benchmark add column comment_id bigint check (comment_id > 0);
create unique index pull_request_benchmark_comment
    on pull_request_benchmark (lower(repository), comment_id);
