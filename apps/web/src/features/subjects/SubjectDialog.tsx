import {
  Autocomplete,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GENDER_OPTIONS,
  SEX_OPTIONS,
  SUBJECT_DEFAULTS,
  subjectToFormUnits,
  validateSubjectInput,
  type Subject,
  type SubjectFieldErrors,
} from '@poselab/contract';
import { ApiError, errorText } from '../../api/api-error';
import { useAuth } from '../../auth/auth-store';
import { useLocalizeMessage } from '../../i18n/contract-messages';
import { toast } from '../../toast/toast';
import { ConfirmDialog } from '../sessions/ConfirmDialog';
import { useSaveSubject } from './api';
import { tagLabel, useSubjectTagVocabulary } from './tags';

export interface SubjectDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: (subject: Subject) => void;
  /** The subject to edit; a new subject when absent. */
  subject?: Subject | null;
}

interface FormValues {
  name: string;
  weight: string;
  height: string;
  birth_year: string;
  sex_at_birth: string;
  gender: string;
  characteristics: string;
  subject_tags: string[];
  terms: boolean;
}

function initialValues(subject: Subject | null | undefined, unit: 'metric' | 'imperial'): FormValues {
  const units = subjectToFormUnits(
    subject?.weight ?? SUBJECT_DEFAULTS.weight,
    subject?.height ?? SUBJECT_DEFAULTS.height,
    unit,
  );
  return {
    name: subject?.name ?? '',
    ...units,
    birth_year: subject ? String(subject.birth_year) : '',
    sex_at_birth: subject?.sex_at_birth ?? '',
    gender: subject?.gender ?? '',
    characteristics: subject?.characteristics ?? '',
    subject_tags: subject?.subject_tags ?? [],
    terms: subject?.terms ?? false,
  };
}

/**
 * SPEC §2/§5 Subject dialog: creates or edits a subject in the user's unit system (kg/m or lbs/ft-in). With
 * unsaved changes, closing it (Cancel, Escape, a click beside it) asks first.
 */
export function SubjectDialog(props: SubjectDialogProps) {
  const { t } = useTranslation('subjects');
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (!props.open) {
      setDirty(false);
      setAsking(false);
    }
  }, [props.open]);
  const requestClose = () => (dirty ? setAsking(true) : props.onClose());
  return (
    <>
      <Dialog
        open={props.open}
        onClose={requestClose}
        fullWidth
        maxWidth="sm"
        aria-labelledby="subject-dialog-title"
      >
        {props.open ? (
          <SubjectForm
            key={props.subject?.id ?? 'new'}
            {...props}
            onClose={requestClose}
            onDirtyChange={setDirty}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={asking}
        title={t('dialog.discardTitle')}
        text={t('dialog.discardText')}
        focus="no"
        onNo={() => setAsking(false)}
        onYes={() => {
          setAsking(false);
          props.onClose();
        }}
      />
    </>
  );
}

function SubjectForm({
  onClose,
  onSaved,
  subject,
  onDirtyChange,
}: SubjectDialogProps & { onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation(['subjects', 'common']);
  const lm = useLocalizeMessage();
  const { unit } = useAuth();
  const imperial = unit === 'imperial';
  const { i18n } = useTranslation();
  const [initial] = useState<FormValues>(() => {
    const v = initialValues(subject, unit);
    // Numbers as a German user writes them: 1,8 m.
    const comma = (x: string) => (i18n.language === 'de' ? x.replace('.', ',') : x);
    return unit === 'imperial'
      ? { ...v, weight: comma(v.weight) }
      : { ...v, weight: comma(v.weight), height: comma(v.height) };
  });
  const [values, setValues] = useState<FormValues>(initial);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<SubjectFieldErrors>({});
  const vocabulary = useSubjectTagVocabulary();
  const save = useSaveSubject();
  // A decimal comma (German) is read as a point; the rules and the server take numbers with a point.
  const decimal = (v: string) => v.replace(/^(\s*-?\d+),(\d+\s*)$/, '$1.$2');
  const check = validateSubjectInput(
    { ...values, weight: decimal(values.weight), height: imperial ? values.height : decimal(values.height) },
    unit,
    new Date().getFullYear(),
  );
  // A server error shows until its field changes; the rules' errors show once a submit was attempted.
  const err = (f: keyof SubjectFieldErrors) => {
    const message = serverErrors[f]?.[0] ?? (submitted ? check.errors[f]?.[0] : undefined);
    return message ? lm(message) : undefined;
  };

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = () => {
    setSubmitted(true);
    if (!check.value) return;
    const body = {
      ...check.value,
      sex_at_birth: values.sex_at_birth || null,
      gender: values.gender || null,
      characteristics: values.characteristics,
      terms: values.terms,
    };
    save.mutate(
      { id: subject?.id, body },
      {
        onSuccess: (saved) => {
          toast.success(subject ? t('dialog.updated') : t('dialog.created'));
          onSaved(saved);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 400 && Object.keys(e.fieldErrors).length > 0) {
            setServerErrors(e.fieldErrors as SubjectFieldErrors);
          } else {
            toast.error(errorText(e));
          }
        },
      },
    );
  };

  const options = vocabulary.data ?? [];
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <DialogTitle id="subject-dialog-title">
        {subject ? t('dialog.editTitle') : t('dialog.newTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('dialog.name')}
            required
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            error={Boolean(err('name'))}
            helperText={err('name')}
            autoFocus
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('dialog.weight')}
              required
              fullWidth
              value={values.weight}
              onChange={(e) => set('weight', e.target.value)}
              error={Boolean(err('weight'))}
              helperText={err('weight')}
              slotProps={{
                input: {
                  endAdornment: <InputAdornment position="end">{imperial ? 'lbs' : 'kg'}</InputAdornment>,
                },
                htmlInput: { inputMode: 'decimal' },
              }}
            />
            <TextField
              label={t('dialog.height')}
              required
              fullWidth
              value={values.height}
              placeholder={imperial ? `5'6"` : '1.8'}
              onChange={(e) => set('height', e.target.value)}
              error={Boolean(err('height'))}
              helperText={err('height') ?? (imperial ? t('dialog.heightHint') : undefined)}
              slotProps={{
                input: {
                  endAdornment: <InputAdornment position="end">{imperial ? 'ft/in' : 'm'}</InputAdornment>,
                },
              }}
            />
          </Stack>
          <TextField
            label={t('dialog.birthYear')}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            value={values.birth_year}
            onChange={(e) => set('birth_year', e.target.value)}
            error={Boolean(err('birth_year'))}
            helperText={err('birth_year')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              fullWidth
              label={t('dialog.sex')}
              value={values.sex_at_birth}
              onChange={(e) => set('sex_at_birth', e.target.value)}
            >
              <MenuItem value="">
                <em>{t('dialog.notSpecified')}</em>
              </MenuItem>
              {Object.keys(SEX_OPTIONS).map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`sex.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label={t('dialog.gender')}
              value={values.gender}
              onChange={(e) => set('gender', e.target.value)}
            >
              <MenuItem value="">
                <em>{t('dialog.notSpecified')}</em>
              </MenuItem>
              {Object.keys(GENDER_OPTIONS).map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`gender.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Autocomplete
            multiple
            // The list stays open while tags are picked, so Escape closes the list (the Autocomplete keeps
            // that key from the dialog) instead of reaching the dialog and asking to discard the changes.
            disableCloseOnSelect
            options={options.map((o) => o.value)}
            value={values.subject_tags}
            loading={vocabulary.isLoading}
            getOptionLabel={(v) => tagLabel(options, v)}
            onChange={(_e, v) => set('subject_tags', v)}
            renderValue={(value, getItemProps) =>
              value.map((v, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={tagLabel(options, v)} {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('dialog.tags')}
                required
                error={Boolean(err('subject_tags'))}
                helperText={err('subject_tags') ?? (vocabulary.isError ? t('dialog.tagsFailed') : undefined)}
              />
            )}
          />
          <TextField
            label={t('dialog.characteristics')}
            multiline
            minRows={2}
            value={values.characteristics}
            onChange={(e) => set('characteristics', e.target.value)}
          />
          <FormControl error={Boolean(err('terms'))}>
            <FormControlLabel
              control={<Checkbox checked={values.terms} onChange={(e) => set('terms', e.target.checked)} />}
              label={t('dialog.consent')}
            />
            {err('terms') ? <FormHelperText>{err('terms')}</FormHelperText> : null}
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending || (submitted && !check.value)}>
          {t('common:actions.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
