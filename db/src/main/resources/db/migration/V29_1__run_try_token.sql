-- Issue 29: each try of a run owns it. A worker that starts a run sets a fresh token; every later
-- transition, progress write and log line of that try names it, and is refused once the run was
-- handed to another try (the dead-run check clears it when it queues the run again or fails it),
-- so a frozen worker that wakes up can no longer write over its successor. Null while queued.
alter table run add column try_token uuid;
