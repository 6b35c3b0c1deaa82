import type { ColumnType } from 'kysely';

/**
 * Database tables. Conventions that keep SQLite and PostgreSQL on one code path:
 * ids are text (UUIDs or random strings); times are ISO-8601 text in UTC (sortable);
 * booleans are integers 0/1; JSON is text; floating point is double precision.
 */
export interface UsersTable {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  institution: string;
  profession: string;
  reason: string;
  website: string;
  country: string;
  language: string;
  unit: string;
  newsletter: number;
  institutional_use: string | null;
  license_start_date: string;
  license_end_date: string;
  profile_picture_key: string | null;
  logo_key: string | null;
  created_at: string;
  /** Whether other users see the e-mail (a Contact link) on the profile page (migration 900). */
  show_email: ColumnType<number, number | undefined, number>;
}

export interface TokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  otp_verified: number;
  otp_code_hash: string | null;
  otp_expires_at: string | null;
  otp_attempts: number;
  otp_sent_at: string | null;
}

export interface RememberedDevicesTable {
  id: string;
  user_id: string;
  secret_hash: string;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SubjectsTable {
  id: string;
  user_id: string;
  name: string;
  weight: number;
  height: number;
  birth_year: number;
  sex_at_birth: string | null;
  gender: string | null;
  characteristics: string;
  subject_tags: string;
  terms: number;
  share_token: string;
  trashed: number;
  trashed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  subject_id: string | null;
  /** JSON: { sessionName?, settings: {...}, checkerboard: {...} } */
  meta: string;
  public: number;
  trashed: number;
  trashed_at: string | null;
  pairing_secret: string;
  /** Session whose calibration this one reuses ('new session same setup'). */
  calibration_session_id: string | null;
  /** Permanently removed but kept as the calibration source of a later session (migration 200). */
  removed_at?: string | null;
  /** 1 once the session has a paired phone, a trial or a name; empty sessions stay out of lists (migration 900). */
  listed: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface TrialsTable {
  id: string;
  session_id: string;
  name: string;
  status: string;
  tags: string;
  /** JSON: { error_msg?, ... } */
  meta: string;
  progress_percent: number | null;
  progress_message: string | null;
  expected_videos: number;
  trashed: number;
  trashed_at: string | null;
  started_at: string | null;
  stopped_at: string | null;
  /** Set once when every expected video is in (migration 300); guards a single processing enqueue. */
  uploads_completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DevicesTable {
  id: string;
  session_id: string;
  token_hash: string;
  name: string;
  model: string;
  user_agent: string;
  /** JSON: { framerates: number[], width, height, ... } */
  capabilities: string;
  last_seen_at: string;
  created_at: string;
}

export interface VideosTable {
  id: string;
  trial_id: string;
  device_id: string;
  storage_key: string;
  mime: string;
  size_bytes: number;
  fps: number;
  width: number;
  height: number;
  rotation: number;
  duration_sec: number;
  /** Start of the recording in server-clock milliseconds since the epoch. */
  start_time_ms: number | null;
  /** JSON array of per-frame times (ms, server clock) when the browser gave them. */
  frame_timestamps: string | null;
  /** Phone model reported at pairing (migration 300). */
  model: ColumnType<string, string | undefined, string>;
  created_at: string;
}

export interface UploadsTable {
  id: string;
  trial_id: string;
  device_id: string;
  storage_key: string;
  received_bytes: number;
  total_bytes: number;
  meta: string;
  created_at: string;
  updated_at: string;
  /** The one request appending to this upload now, and until when its claim holds (migration 800). */
  writer_token: ColumnType<string | null, string | null | undefined, string | null>;
  writer_until: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Rate-limit counters: one fixed window per key (migration 800). */
export interface RateLimitsTable {
  key: string;
  window_start: string;
  hits: number;
}

/** E-mail changes waiting for the link sent to the new address (migration 800). */
export interface EmailChangesTable {
  id: string;
  user_id: string;
  new_email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ResultsTable {
  id: string;
  trial_id: string;
  tag: string;
  device_id: string | null;
  storage_key: string | null;
  meta: string;
  created_at: string;
}

export interface JobsTable {
  id: string;
  kind: string;
  /** The trial processed or analysed; null for jobs that belong to none (reports, archives). */
  trial_id: string | null;
  /** The user the job works for (reports, archives, analyses); null for trial processing. */
  user_id: string | null;
  /** The kind's payload as JSON text ('{}' for trial processing). */
  payload: string;
  status: string;
  attempts: number;
  max_attempts: number;
  worker_id: string | null;
  lease_expires_at: string | null;
  progress_percent: number | null;
  progress_message: string | null;
  error: string | null;
  run_after: string;
  created_at: string;
  updated_at: string;
}

export interface CameraProfilesTable {
  id: string;
  model_key: string;
  intrinsics: string;
  created_at: string;
}

export interface WorkerTokensTable {
  id: string;
  name: string;
  token_hash: string;
  created_at: string;
}

export interface ComparisonReportsTable {
  id: string;
  user_id: string;
  state: string;
  storage_key: string | null;
  file_name: string;
  meta: string;
  created_at: string;
  /** Migration 520: what the report compares, the job making it, why it failed. */
  function_id?: string | null;
  trials_key?: string | null;
  trial_ids?: string | null;
  job_id?: string | null;
  error?: string | null;
  updated_at?: string | null;
}

/** A user's dashboard for one analysis function (migration 451); layout is the contract's dashboardLayout. */
export interface AnalysisDashboardsTable {
  id: string;
  user_id: string;
  function_id: string;
  title: string;
  layout: string;
  created_at: string;
  updated_at: string;
}

/** A data archive and its making (migration 540); its id is the task id of SPEC's async downloads. */
export interface ArchivesTable {
  id: string;
  user_id: string | null;
  /** 'session' or 'subject'. */
  scope: string;
  scope_id: string;
  /** 'owner', or 'public' for visitors of a public session. */
  audience: string;
  with_videos: number;
  /**
   * The copy of the videos asked for (contract ArchiveVideoCopy, migration 541); null for archives made before
   * it, read as with_videos says ('original' or 'none').
   */
  videos: string | null;
  content_hash: string;
  /** queued, running, ready, failed. */
  state: string;
  job_id: string | null;
  progress_percent: number | null;
  progress_message: string | null;
  storage_key: string | null;
  file_name: string;
  size_bytes: number | null;
  error: string | null;
  /** Stable code of `error` (contract ArchiveFailureCode). */
  error_code: string | null;
  /** JSON { [inputId]: { key, trial_id, video } }: what the archive's job may read (set at claim). */
  inputs: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

/** One task per trial and analysis function (migration 500); its id is SPEC's task_id. */
export interface AnalysisTasksTable {
  id: string;
  user_id: string;
  trial_id: string;
  function_id: string;
  job_id: string | null;
  /** 'pending' | 'successfull' | 'failed' (contract analysisTaskState). */
  state: string;
  /** JSON of the contract's analysisMessage (failed tasks). */
  message: string | null;
  result_id: string | null;
  dashboard_id: string | null;
  created_at: string;
  updated_at: string;
}

/** Per-user session totals maintained by triggers (migration 201). */
export interface SessionCountsTable {
  user_id: string;
  active: number;
  trashed: number;
}

/** Per-user version of the session list's content, raised by triggers (migration 202). */
export interface SessionListVersionsTable {
  user_id: string;
  version: number;
}

export interface Database {
  users: UsersTable;
  tokens: TokensTable;
  remembered_devices: RememberedDevicesTable;
  password_resets: PasswordResetsTable;
  subjects: SubjectsTable;
  sessions: SessionsTable;
  session_counts: SessionCountsTable;
  session_list_versions: SessionListVersionsTable;
  trials: TrialsTable;
  devices: DevicesTable;
  videos: VideosTable;
  uploads: UploadsTable;
  results: ResultsTable;
  jobs: JobsTable;
  camera_profiles: CameraProfilesTable;
  worker_tokens: WorkerTokensTable;
  comparison_reports: ComparisonReportsTable;
  analysis_dashboards: AnalysisDashboardsTable;
  archives: ArchivesTable;
  analysis_tasks: AnalysisTasksTable;
  rate_limits: RateLimitsTable;
  email_changes: EmailChangesTable;
}
