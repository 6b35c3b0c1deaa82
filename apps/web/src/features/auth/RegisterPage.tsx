import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ACCOUNT_MESSAGES as M, registerEndpoint } from '@poselab/contract';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { currentLanguage, LANGUAGES } from '../../i18n';
import { useLocalizeMessage } from '../../i18n/contract-messages';
import { docsHref } from '../../layout/support';
import { routePath } from '../../routing/route-names';
import { toast } from '../../toast/toast';
import { AuthCard } from './AuthCard';
import { CheckboxField } from './CheckboxField';
import { countries, defaultCountry } from './countries';
import { applyFieldErrors, submitDisabled } from './form-helpers';
import { PasswordField } from './PasswordField';
import { REGISTER_DEFAULTS, registerFormSchema, type RegisterForm } from './register-schema';
import { SelectField } from './SelectField';

const SERVER_FIELDS = Object.keys(REGISTER_DEFAULTS);

/** SPEC §2 Register: the 30-day free trial sign-up form (rules of SPEC §5). */
export default function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const lm = useLocalizeMessage();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    // A visitor's UI language (stored choice or browser) is the likely choice for the account too.
    defaultValues: { ...REGISTER_DEFAULTS, language: currentLanguage(), country: defaultCountry() },
  });

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
      helperText={lm(errors[name]?.message)}
      {...extra}
      {...register(name)}
    />
  );

  return (
    <AuthCard title={t('register.title')} maxWidth={760}>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2}>
          {failure ? (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
              gap: 2,
            }}
          >
            {text('username', t('register.username'), {
              required: true,
              autoComplete: 'username',
              autoFocus: true,
            })}
            {text('email', t('register.email'), { required: true, type: 'email', autoComplete: 'email' })}
            {text('first_name', t('register.firstName'), { required: true, autoComplete: 'given-name' })}
            {text('last_name', t('register.lastName'), { required: true, autoComplete: 'family-name' })}
            <PasswordField
              label={t('register.password')}
              required
              autoComplete="new-password"
              error={Boolean(errors.password)}
              helperText={lm(errors.password?.message)}
              {...register('password')}
            />
            <PasswordField
              label={t('register.confirm')}
              required
              autoComplete="new-password"
              error={Boolean(errors.confirm)}
              helperText={lm(errors.confirm?.message)}
              {...register('confirm')}
            />
            {text('institution', t('register.institution'), { required: true, autoComplete: 'organization' })}
            {text('profession', t('register.profession'), {
              required: true,
              autoComplete: 'organization-title',
            })}
            <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
              {text('reason', t('register.reason'), {
                required: true,
                multiline: true,
                minRows: 2,
                fullWidth: true,
              })}
            </Box>
            {text('website', t('register.website'), { type: 'url', autoComplete: 'url' })}
            <SelectField
              control={control}
              name="country"
              label={t('register.country')}
              native
              options={countries().map((c) => ({ value: c.code, label: c.name }))}
            />
            <SelectField
              control={control}
              name="language"
              label={t('register.language')}
              options={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
            />
            <SelectField
              control={control}
              name="unit"
              label={t('register.units')}
              options={(['metric', 'imperial'] as const).map((value) => ({
                value,
                label: t(`units.${value}`),
              }))}
            />
          </Box>
          <Stack spacing={0.5}>
            <CheckboxField control={control} name="newsletter" label={t('register.newsletter')} />
            <CheckboxField
              control={control}
              name="privacy_policy"
              label={
                <Trans
                  t={t}
                  i18nKey="register.privacy"
                  components={{
                    link: <Link href={docsHref('privacy', i18n.language)} target="_blank" rel="noopener" />,
                  }}
                />
              }
            />
            <CheckboxField
              control={control}
              name="licensing_agreement"
              label={
                <Trans
                  t={t}
                  i18nKey="register.licensing"
                  components={{
                    link: <Link href={docsHref('terms', i18n.language)} target="_blank" rel="noopener" />,
                  }}
                />
              }
            />
          </Stack>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={submitDisabled(isSubmitting, isSubmitted, errors)}
          >
            {t('register.submit')}
          </Button>
          <Button component={RouterLink} to={routePath('Login')}>
            {t('backToLogin')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
