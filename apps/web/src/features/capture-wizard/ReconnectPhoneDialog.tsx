import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/api-error';
import { useQr } from './api';

/** The pairing QR code of a session, with its loading and error states. */
export function PairingQr({ sessionId, size = 240 }: { sessionId: string; size?: number }) {
  const { t } = useTranslation('wizard');
  const qr = useQr(sessionId);
  if (qr.isPending) return <CircularProgress aria-label={t('qr.loading')} />;
  if (qr.isError) return <Alert severity="error">{errorText(qr.error)}</Alert>;
  return (
    <Box
      component="img"
      src={qr.data.qr}
      alt={t('qr.alt')}
      data-pairing-url={qr.data.url}
      sx={{
        width: size,
        height: size,
        maxWidth: '100%',
        imageRendering: 'pixelated',
        bgcolor: '#fff',
        p: 1,
        borderRadius: 1,
      }}
    />
  );
}

/** SPEC §2: the Reconnect phone QR dialog (Calibration, Neutral and Session). */
export function ReconnectPhoneDialog({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation(['wizard', 'common']);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" size="small" startIcon={<QrCode2Icon />} onClick={() => setOpen(true)}>
        {t('qr.reconnect')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="reconnect-phone-title">
        <DialogTitle id="reconnect-phone-title">{t('qr.reconnect')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
          <Typography variant="body2">{t('qr.reconnectText')}</Typography>
          {open ? <PairingQr sessionId={sessionId} /> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common:actions.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
