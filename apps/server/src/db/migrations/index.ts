import type { Migration } from 'kysely';
import * as m001 from './001_initial';
import * as m200 from './200_data';
import * as m201 from './201_session_counts';
import * as m202 from './202_session_list_versions';
import * as m300 from './300_capture';
import * as m450 from './450_job_kinds';
import * as m451 from './451_analysis_dashboards';
import * as m900 from './900_listed_sessions_public_email';
import * as m540 from './540_archives';
import * as m541 from './541_archive_video_copy';
import * as m520 from './520_comparison_reports';
import * as m500 from './500_analysis_tasks';
import * as m800 from './800_security';

/**
 * Migrations in code, applied in key order at start. Add new ones with the next number; never edit an
 * applied one. Numbers 100-199 are reserved for accounts, 200-299 data, 300-399 capture, 400-499 processing,
 * 500-599 analyses, reports and archives, 800-899 security, 900-999 web app.
 */
export const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '200_data': m200,
  '201_session_counts': m201,
  '202_session_list_versions': m202,
  '300_capture': m300,
  '450_job_kinds': m450,
  '451_analysis_dashboards': m451,
  '900_listed_sessions_public_email': m900,
  '540_archives': m540,
  '541_archive_video_copy': m541,
  '520_comparison_reports': m520,
  '500_analysis_tasks': m500,
  '800_security': m800,
};
