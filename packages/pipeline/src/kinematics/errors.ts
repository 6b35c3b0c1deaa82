/** Failures of the kinematics steps that are the recording's, in words for the user. */
export type KinematicsErrorCode = 'no_static_phase' | 'scaling_failed' | 'ik_failed' | 'fit_too_poor';

export class KinematicsError extends Error {
  constructor(
    readonly code: KinematicsErrorCode,
    /** What went wrong and what to do, for the user (English). */
    message: string,
    /** Developer detail (the underlying error). */
    readonly detail: string,
  ) {
    super(message);
    this.name = 'KinematicsError';
  }
}
