import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { deviceName, type CaptureStatusReply } from './api';

type WaitingPhone = NonNullable<CaptureStatusReply['waiting_for']>[number];

/** One line per phone a recording still waits for: uploading (how far), not started, or not connected. */
export function waitingLine(t: TFunction, p: WaitingPhone): string {
  const name = deviceName(p.name);
  const phone = p.model ? `${name} (${p.model})` : name;
  if (!p.connected) return t('waiting.disconnected', { phone });
  if (p.total_bytes) {
    const percent = Math.floor((100 * (p.received_bytes ?? 0)) / p.total_bytes);
    return t('waiting.uploading', { phone, percent });
  }
  return t('waiting.notStarted', { phone });
}

/**
 * The stored trial error in the user's language when it carries a known code, else its text (through
 * `localize`, which translates texts of the contract by their English wording).
 */
export function trialErrorText(
  t: TFunction,
  meta: { error_msg?: string; error_code?: unknown; error_params?: unknown } | undefined,
  localize: (text: string) => string = (text) => text,
): string | undefined {
  const code = typeof meta?.error_code === 'string' ? meta.error_code : null;
  const phones = (meta?.error_params as { phones?: unknown } | undefined)?.phones;
  if (code && ['upload_abandoned', 'video_unreadable'].includes(code) && Array.isArray(phones)) {
    const named = phones.map((p) => String(p).replace(/^Camera \d+/, (m) => deviceName(m)));
    return t(`trialError.${code}`, { phones: named.join(', ') });
  }
  return meta?.error_msg === undefined ? undefined : localize(meta.error_msg);
}

/**
 * A recording stopped and waiting for videos: which phones are missing and why, that the page may be left,
 * and (with onCancel) a way to give the recording up.
 */
export function WaitingForPhones({
  status,
  onCancel,
  cancelling = false,
}: {
  status: CaptureStatusReply;
  onCancel?: () => void;
  cancelling?: boolean;
}) {
  const { t } = useTranslation('security');
  const waiting = status.waiting_for ?? [];
  const offline = waiting.some((p) => !p.connected);
  return (
    <Alert severity={offline ? 'warning' : 'info'} sx={{ mt: 2 }} role="status" aria-live="polite">
      <AlertTitle>
        {t('waiting.title', { uploaded: status.n_videos_uploaded, expected: status.n_videos_expected })}
      </AlertTitle>
      {waiting.length > 0 ? (
        <Box component="ul" sx={{ m: 0, mb: 1, pl: 2.5 }}>
          {waiting.map((p) => (
            <li key={p.id}>{waitingLine(t, p)}</li>
          ))}
        </Box>
      ) : null}
      <Typography variant="body2">{t('waiting.leaveHint')}</Typography>
      {onCancel ? (
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          sx={{ mt: 1.5 }}
          onClick={onCancel}
          disabled={cancelling}
        >
          {t('waiting.cancel')}
        </Button>
      ) : null}
    </Alert>
  );
}
