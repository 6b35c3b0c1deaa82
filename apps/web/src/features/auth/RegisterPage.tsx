import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ACCOUNT_MESSAGES as M, registerEndpoint } from '@poselab/contract';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { routePath } from '../../routing/route-names';
import { toast } from '../../toast/toast';
import { AuthCard } from './AuthCard';
import { CheckboxField } from './CheckboxField';
import { countries } from './countries';
import { applyFieldErrors, submitDisabled } from './form-helpers';
import { PasswordField } from './PasswordField';
import { REGISTER_DEFAULTS, registerFormSchema, type RegisterForm } from './register-schema';
import { SelectField } from './SelectField';

const SERVER_FIELDS = Object.keys(REGISTER_DEFAULTS);
const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'de', label: 'German (partly supported for reports)' },
];
const UNITS = [
  { value: 'metric', label: 'Metric (kg, cm)' },
  { value: 'imperial', label: 'Imperial (lbs, in)' },
];

/** SPEC §2 Register: the 30-day free trial sign-up form (rules of SPEC §5). */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<RegisterForm>({ resolver: zodResolver(registerFormSchema), defaultValues: REGISTER_DEFAULTS });

  const onSubmit = async ({
    confirm: _confirm,
    privacy_policy,
    licensing_agreement,
    ...values
  }: RegisterForm) => {
    setFailure(null);
    try {
      await apiCall(registerEndpoint, {
        body: {
          ...values,
          privacy_policy: privacy_policy as true,
          licensing_agreement: licensing_agreement as true,
        },
      });
      toast.success(M.userCreated);
      navigate(routePath('Login'));
    } catch (err) {
      if (!applyFieldErrors(err, setError, SERVER_FIELDS)) setFailure(errorText(err));
    }
  };

  const text = (name: keyof RegisterForm, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      {...extra}
      {...register(name)}
    />
  );

  return (
    <AuthCard title="Register for a 30-day free trial" maxWidth={760}>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2}>
          {failure ? (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            {text('username', 'Username', { required: true, autoComplete: 'username', autoFocus: true })}
            {text('email', 'E-mail', { required: true, type: 'email', autoComplete: 'email' })}
            {text('first_name', 'First name', { required: true, autoComplete: 'given-name' })}
            {text('last_name', 'Last name', { required: true, autoComplete: 'family-name' })}
            <PasswordField
              label="Password (20+ characters)"
              required
              autoComplete="new-password"
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
              {...register('password')}
            />
            <PasswordField
              label="Confirm password"
              required
              autoComplete="new-password"
              error={Boolean(errors.confirm)}
              helperText={errors.confirm?.message}
              {...register('confirm')}
            />
            {text('institution', 'Institution', { required: true, autoComplete: 'organization' })}
            {text('profession', 'Profession', { required: true, autoComplete: 'organization-title' })}
            <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
              {text('reason', 'Reason for using PoseLab', {
                required: true,
                multiline: true,
                minRows: 2,
                fullWidth: true,
              })}
            </Box>
            {text('website', 'Website (optional)', { type: 'url', autoComplete: 'url' })}
            <SelectField
              control={control}
              name="country"
              label="Country"
              native
              options={countries().map((c) => ({ value: c.code, label: c.name }))}
            />
            <SelectField control={control} name="language" label="Language" options={LANGUAGES} />
            <SelectField control={control} name="unit" label="Units" options={UNITS} />
          </Box>
          <Stack spacing={0.5}>
            <CheckboxField control={control} name="newsletter" label="Send me the PoseLab newsletter" />
            <CheckboxField
              control={control}
              name="privacy_policy"
              label={
                <>
                  I have read and accept the{' '}
                  <Link href="/docs/privacy.html" target="_blank" rel="noopener">
                    privacy policy
                  </Link>
                </>
              }
            />
            <CheckboxField
              control={control}
              name="licensing_agreement"
              label={
                <>
                  I accept the{' '}
                  <Link href="/docs/terms.html" target="_blank" rel="noopener">
                    licensing agreement
                  </Link>
                </>
              }
            />
          </Stack>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={submitDisabled(isSubmitting, isSubmitted, errors)}
          >
            Register
          </Button>
          <Button component={RouterLink} to={routePath('Login')}>
            Back to Login
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
