-- Issue 25: the cross-app e2e candidate run as a gate before an automatic rollout's first step.
-- While a rollout waits for its candidate run, its release is the app's canary at 0 %: no cohort
-- gets it, only clients that ask for that app's candidate (the cw_candidate cookie of the e2e suite).
alter table release_channels drop constraint release_channels_check;
alter table release_channels add constraint release_channels_canary_check
  check (canary_release_id is not null or canary_percent = 0);

alter table release_rollouts drop constraint release_rollouts_status_check;
alter table release_rollouts add constraint release_rollouts_status_check
  check (status in ('awaiting_candidate', 'running', 'paused', 'completed', 'rolled_back', 'superseded'));
-- When the candidate run was required, and what it reported (passed or not, who, a link).
alter table release_rollouts add column candidate_gate boolean not null default false;
alter table release_rollouts add column candidate_result jsonb;

drop index release_rollouts_active_idx;
create unique index release_rollouts_active_idx on release_rollouts (app)
  where status in ('awaiting_candidate', 'running', 'paused');

alter table release_audit drop constraint release_audit_action_check;
alter table release_audit add constraint release_audit_action_check check (action in (
  'release', 'refused', 'promote', 'canary', 'rollback', 'abort_canary', 'token_created', 'token_revoked',
  'rollout_start', 'rollout_advance', 'rollout_rollback', 'rollout_pause', 'rollout_resume', 'rollout_stop',
  'rollout_candidate_passed', 'rollout_candidate_failed'));
