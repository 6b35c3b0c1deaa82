import QRCode from 'qrcode';
import type { AppDeps } from '../deps';

/** The URL a phone opens from the QR code: the secret sits in the fragment, which browsers never send. */
export function pairingUrl(deps: AppDeps, session: { id: string; pairing_secret: string }): string {
  return `${deps.config.publicUrl}/capture/${encodeURIComponent(session.id)}#${session.pairing_secret}`;
}

/** The pairing QR code as a PNG data URL. */
export function pairingQrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { margin: 1, width: 320, errorCorrectionLevel: 'M' });
}

/** Both at once, for session DTOs (owner only). */
export async function sessionQrCode(
  deps: AppDeps,
  session: { id: string; pairing_secret: string },
): Promise<string> {
  return pairingQrDataUrl(pairingUrl(deps, session));
}
