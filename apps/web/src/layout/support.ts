/** Where bug reports and contact requests go (profile e-mails are never shown to other users). */
export const SUPPORT_EMAIL = 'support@poselab.local';

export function mailto(subject: string, to = SUPPORT_EMAIL): string {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}`;
}
