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
import { useQr } from './api';

/** The pairing QR code of a session, with its loading and error states. */
export function PairingQr({ sessionId, size = 240 }: { sessionId: string; size?: number }) {
  const qr = useQr(sessionId);
  if (qr.isPending) return <CircularProgress aria-label="Loading QR code" />;
  if (qr.isError) return <Alert severity="error">{qr.error.message}</Alert>;
  return (
    <Box
      component="img"
      src={qr.data.qr}
      alt="QR code to pair a phone with this session"
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
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" size="small" startIcon={<QrCode2Icon />} onClick={() => setOpen(true)}>
        Reconnect phone
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="reconnect-phone-title">
        <DialogTitle id="reconnect-phone-title">Reconnect phone</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
          <Typography variant="body2">
            Scan this code with a phone that lost its connection, or with an extra phone, to add it to the
            session.
          </Typography>
          {open ? <PairingQr sessionId={sessionId} /> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
