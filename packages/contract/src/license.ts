/** License expiry (SPEC §2 banners, §6): shared by the server, which refuses capture, and the web app. */

/** SPEC §6: an expired license keeps the data but ends recording; the server answers 403 with this. */
export const LICENSE_MESSAGES = {
  expired: 'Your license has expired: recording new sessions is disabled. Your data stays available.',
} as const;

/**
 * Whole days from `now` until the license's last day (negative once it is over); 15 when the end date is
 * unknown (SPEC §9). The last day counts in full, up to 23:59:59 UTC.
 */
export function licenseDaysLeft(endDate: string | null | undefined, now: Date = new Date()): number {
  if (!endDate) return 15;
  const end = new Date(`${endDate.slice(0, 10)}T23:59:59Z`).getTime();
  return Math.floor((end - now.getTime()) / 86_400_000);
}

export function licenseExpired(endDate: string | null | undefined, now: Date = new Date()): boolean {
  return licenseDaysLeft(endDate, now) < 0;
}
