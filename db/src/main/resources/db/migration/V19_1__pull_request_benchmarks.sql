-- A "/benchmark" command on a GitHub pull request, from the webhook to the edited reply. The
-- webhook only stores the command (GitHub waits 10 s at most); a poller does the slow parts in
-- this order: received -> running (comparison queued, reply posted) -> done; commands answered
-- with text alone (help, refusals, usage) go reply -> done. A newer command on the same pull
-- request supersedes an older one that has not ended.
create table pull_request_benchmark (
    id                bigserial primary key,
    delivery          text        not null unique,           -- X-GitHub-Delivery: GitHub retries
    repository        text        not null,                  -- owner/name
    pull_number       integer     not null check (pull_number > 0),
    commenter         text        not null,
    command           text        not null,                  -- the command line as understood
    state             text        not null check (state in
                          ('received', 'reply', 'running', 'done', 'failed', 'superseded')),
    reply             text,                                  -- what to answer, for state reply
    comparison_id     bigint      references comparison (run_id) on delete set null,
    head_sha          text,
    base_sha          text,
    reply_comment_id  bigint,                                -- our comment, edited at the end
    error             text,
    received_at       timestamptz not null default now(),
    updated_at        timestamptz not null default now()
);

create index pull_request_benchmark_open on pull_request_benchmark (state)
    where state in ('received', 'reply', 'running');
create index pull_request_benchmark_pull on pull_request_benchmark (repository, pull_number);
