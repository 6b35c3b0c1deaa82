import { sql, type Kysely } from 'kysely';

// The schema works unchanged on SQLite and PostgreSQL: see db/schema.ts for the conventions.
const DOUBLE = sql`double precision`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('institution', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('profession', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('US'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo('metric'))
    .addColumn('newsletter', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('institutional_use', 'text')
    .addColumn('license_start_date', 'text', (c) => c.notNull())
    .addColumn('license_end_date', 'text', (c) => c.notNull())
    .addColumn('profile_picture_key', 'text')
    .addColumn('logo_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('otp_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('otp_code_hash', 'text')
    .addColumn('otp_expires_at', 'text')
    .addColumn('otp_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('otp_sent_at', 'text')
    .execute();

  await db.schema
    .createTable('remembered_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('subjects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('weight', DOUBLE, (c) => c.notNull())
    .addColumn('height', DOUBLE, (c) => c.notNull())
    .addColumn('birth_year', 'integer', (c) => c.notNull())
    .addColumn('sex_at_birth', 'text')
    .addColumn('gender', 'text')
    .addColumn('characteristics', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subject_tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('terms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('share_token', 'text', (c) => c.notNull())
    .addColumn('trashed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trashed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subjects_user_idx').on('subjects').columns(['user_id', 'trashed']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.references('subjects.id').onDelete('set null'))
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trashed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trashed_at', 'text')
    .addColumn('pairing_secret', 'text', (c) => c.notNull())
    .addColumn('calibration_session_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sessions_user_idx')
    .on('sessions')
    .columns(['user_id', 'trashed', 'created_at'])
    .execute();
  await db.schema.createIndex('sessions_subject_idx').on('sessions').column('subject_id').execute();

  await db.schema
    .createTable('trials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('progress_percent', DOUBLE)
    .addColumn('progress_message', 'text')
    .addColumn('expected_videos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trashed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trashed_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('stopped_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trials_session_idx')
    .on('trials')
    .columns(['session_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('capabilities', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('devices_session_idx').on('devices').column('session_id').execute();

  await db.schema
    .createTable('videos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('trial_id', 'text', (c) => c.notNull().references('trials.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size_bytes', DOUBLE, (c) => c.notNull())
    .addColumn('fps', DOUBLE, (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('rotation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_sec', DOUBLE, (c) => c.notNull())
    .addColumn('start_time_ms', DOUBLE)
    .addColumn('frame_timestamps', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('videos_trial_idx')
    .on('videos')
    .columns(['trial_id', 'device_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('trial_id', 'text', (c) => c.notNull().references('trials.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('received_bytes', DOUBLE, (c) => c.notNull().defaultTo(0))
    .addColumn('total_bytes', DOUBLE, (c) => c.notNull())
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('results')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('trial_id', 'text', (c) => c.notNull().references('trials.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('storage_key', 'text')
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('results_trial_idx').on('results').columns(['trial_id', 'tag']).execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('trial_id', 'text', (c) => c.notNull().references('trials.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('worker_id', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('progress_percent', DOUBLE)
    .addColumn('progress_message', 'text')
    .addColumn('error', 'text')
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_status_idx').on('jobs').columns(['status', 'run_after']).execute();

  await db.schema
    .createTable('camera_profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('model_key', 'text', (c) => c.notNull().unique())
    .addColumn('intrinsics', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('worker_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('comparison_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
