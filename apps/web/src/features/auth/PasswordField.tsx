import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password field with a show/hide toggle (SPEC §2 Login and New password). */
export const PasswordField = forwardRef<HTMLInputElement, TextFieldProps>(function PasswordField(props, ref) {
  const { t } = useTranslation('auth');
  const [show, setShow] = useState(false);
  const field = String(props.label ?? t('login.password'));
  return (
    <TextField
      {...props}
      inputRef={ref}
      type={show ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        // The resting label ends before the eye button ('Passwort (mindestens 20 Zeichen)' ran into it: #29).
        inputLabel: {
          sx: { maxWidth: 'calc(100% - 64px)', '&.MuiInputLabel-shrink': { maxWidth: 'calc(133% - 32px)' } },
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={show ? t('password.hide', { field }) : t('password.show', { field })}
                onClick={() => setShow((s) => !s)}
                edge="end"
              >
                {show ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
});
