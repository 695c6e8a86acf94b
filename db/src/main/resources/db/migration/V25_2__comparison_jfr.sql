-- Issue 18: a comparison may ask both sides' search and indexing JVMs to record JFR profiles, so
-- its page shows what got slower.
alter table comparison add column jfr boolean not null default false;
