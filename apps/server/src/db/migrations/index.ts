import type { Migration } from 'kysely';
import * as m001 from './001_initial';
import * as m200 from './200_data';
import * as m201 from './201_session_counts';
import * as m202 from './202_session_list_versions';
import * as m300 from './300_capture';
import * as m800 from './800_security';

/**
 * Migrations in code, applied in key order at start. Add new ones with the next number; never edit an
 * applied one. Numbers 100-199 are reserved for accounts, 200-299 data, 300-399 capture, 400-499 processing.
 */
export const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '200_data': m200,
  '201_session_counts': m201,
  '202_session_list_versions': m202,
  '300_capture': m300,
  '800_security': m800,
};
