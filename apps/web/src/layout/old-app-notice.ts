/** SPEC §2: the older recording app's support ends on Nov 7; its notice is shown up to that day only. */
export const OLD_APP_SUPPORT_ENDS = '2026-11-07';

export function oldAppNoticeDue(now: Date): boolean {
  return now.getTime() < new Date(`${OLD_APP_SUPPORT_ENDS}T23:59:59`).getTime();
}
