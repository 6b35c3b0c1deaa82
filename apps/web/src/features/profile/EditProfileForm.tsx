import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES as M,
  SECURITY_MESSAGES,
  websiteField,
  type OwnProfile,
  type UpdateProfileBody,
} from '@poselab/contract';
import { LANGUAGES } from '../../i18n';
import { useLocalizeMessage } from '../../i18n/contract-messages';
import { CheckboxField } from '../auth/CheckboxField';
import { PasswordField } from '../auth/PasswordField';
import { countries } from '../auth/countries';
import { applyFieldErrors, submitDisabled } from '../auth/form-helpers';
import { SelectField } from '../auth/SelectField';

/**
 * SPEC §5 Profile: first name, last name and e-mail required; the rest optional; username read-only. A new
 * e-mail address also needs the current password (issue #19).
 */
const fields = z.object({
  first_name: z.string().trim().min(1, M.firstNameRequired).max(150),
  last_name: z.string().trim().min(1, M.lastNameRequired).max(150),
  email: z.string().trim().min(1, M.emailRequired).email(M.emailInvalid),
  institution: z.string().trim().max(300),
  profession: z.string().trim().max(300),
  reason: z.string().trim().max(2000),
  website: websiteField,
  country: z.string(),
  language: z.enum(['en', 'de']),
  unit: z.enum(['metric', 'imperial']),
  newsletter: z.boolean(),
  current_password: z.string(),
  show_email: z.boolean(),
});
type ProfileForm = z.infer<typeof fields>;
const FIELDS = Object.keys(fields.shape);

const emailChanged = (email: string, current: string) => email.trim().toLowerCase() !== current.toLowerCase();

function profileSchema(currentEmail: string) {
  return fields.refine((v) => !emailChanged(v.email, currentEmail) || v.current_password.length > 0, {
    path: ['current_password'],
    message: SECURITY_MESSAGES.currentPasswordRequired,
  });
}

export function EditProfileForm({
  profile,
  onSave,
  onCancel,
}: {
  profile: OwnProfile;
  onSave: (body: UpdateProfileBody) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['profile', 'auth', 'common']);
  const { t: ts } = useTranslation('security');
  const lm = useLocalizeMessage();
  const schema = useMemo(() => profileSchema(profile.email), [profile.email]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ProfileForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      email: profile.email,
      institution: profile.institution,
      profession: profile.profession,
      reason: profile.reason,
      website: profile.website,
      country: profile.country || 'US',
      language: profile.language === 'de' ? 'de' : 'en',
      unit: profile.unit,
      newsletter: profile.newsletter,
      current_password: '',
      show_email: profile.show_email,
    },
  });
  const changingEmail = emailChanged(watch('email'), profile.email);

  const submit = async ({ current_password, ...values }: ProfileForm) => {
    try {
      await onSave(changingEmail ? { ...values, current_password } : values);
    } catch (err) {
      applyFieldErrors(err, setError, FIELDS);
    }
  };

  // SPEC §5: registration requires institution, profession and reason; the profile leaves them optional, and
  // says so, as registration says it of the website.
  const optional = (label: string) => t('fields.optional', { label });
  const text = (name: keyof ProfileForm, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      error={Boolean(errors[name])}
      helperText={lm(errors[name]?.message)}
      {...extra}
      {...register(name)}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(submit)} aria-label={t('editForm')}>
      <Stack spacing={2}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
            gap: 2,
          }}
        >
          <TextField
            label={t('fields.username')}
            value={profile.username}
            slotProps={{ htmlInput: { readOnly: true } }}
            helperText={t('fields.usernameReadOnly')}
          />
          {text('email', t('fields.email'), {
            required: true,
            type: 'email',
            autoComplete: 'email',
            ...(changingEmail && !errors.email ? { helperText: ts('profile.emailChangeHint') } : {}),
          })}
          {changingEmail ? (
            <PasswordField
              label={ts('profile.currentPassword')}
              required
              autoComplete="current-password"
              error={Boolean(errors.current_password)}
              helperText={lm(errors.current_password?.message)}
              {...register('current_password')}
            />
          ) : null}
          {text('first_name', t('fields.firstName'), { required: true, autoComplete: 'given-name' })}
          {text('last_name', t('fields.lastName'), { required: true, autoComplete: 'family-name' })}
          {text('institution', optional(t('fields.institution')), { autoComplete: 'organization' })}
          {text('profession', optional(t('fields.profession')))}
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
            {text('reason', optional(t('fields.reason')), { multiline: true, minRows: 2, fullWidth: true })}
          </Box>
          {text('website', optional(t('fields.website')), { type: 'url' })}
          <SelectField
            control={control}
            name="country"
            label={t('fields.country')}
            native
            options={countries().map((c) => ({ value: c.code, label: c.name }))}
          />
          <SelectField
            control={control}
            name="language"
            label={t('fields.language')}
            options={LANGUAGES.map((value) => ({ value, label: t(`auth:languages.${value}`) }))}
          />
          <SelectField
            control={control}
            name="unit"
            label={t('fields.units')}
            options={(['metric', 'imperial'] as const).map((value) => ({
              value,
              label: t(`auth:units.${value}`),
            }))}
          />
        </Box>
        <CheckboxField control={control} name="newsletter" label={t('fields.newsletterOptIn')} />
        <CheckboxField control={control} name="show_email" label={t('fields.showEmail')} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={isSubmitting}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitDisabled(isSubmitting, isSubmitted, errors)}
          >
            {t('common:actions.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
