import { Button } from '@mui/material';
import { SnackbarProvider, closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '@poselab/contract';
import { localizeMessage } from '../i18n/contract-messages';

function CloseButton({ id }: { id: SnackbarKey }) {
  const { t } = useTranslation();
  return (
    <Button color="inherit" size="small" onClick={() => closeSnackbar(id)}>
      {t('actions.close')}
    </Button>
  );
}

const CloseAction = (key: SnackbarKey) => <CloseButton id={key} />;

/** Toasts at the bottom centre with a Close action (SPEC §2); errors and successes last 10 s (SPEC §8). */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={4}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      autoHideDuration={TOAST_DURATION_MS}
      action={CloseAction}
    >
      {children}
    </SnackbarProvider>
  );
}

/** notistack's enqueue exists once a SnackbarProvider is mounted; component tests may render without one. */
function enqueue(message: string, options: Parameters<typeof enqueueSnackbar>[1]): SnackbarKey | undefined {
  // Contract texts (SPEC §8 toasts) arrive in English; show them in the UI language.
  const text = localizeMessage(message);
  if (typeof enqueueSnackbar !== 'function') {
    console.warn(`[toast without provider] ${text}`);
    return undefined;
  }
  return enqueueSnackbar(text, options);
}

export const toast = {
  success: (message: string) => enqueue(message, { variant: 'success', autoHideDuration: TOAST_DURATION_MS }),
  error: (message: string) => enqueue(message, { variant: 'error', autoHideDuration: TOAST_DURATION_MS }),
  /** Warnings stay until cleared (SPEC §8). */
  warning: (message: string) => enqueue(message, { variant: 'warning', persist: true }),
  info: (message: string) => enqueue(message, { variant: 'info', autoHideDuration: TOAST_DURATION_MS }),
  close: (key?: SnackbarKey) => closeSnackbar(key),
};
