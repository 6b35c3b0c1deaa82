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
import { useState } from 'react';
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
import { toast } from '../../toast/toast';
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

/** SPEC §2/§5 Subject dialog: creates or edits a subject in the user's unit system (kg/m or lbs/ft-in). */
export function SubjectDialog(props: SubjectDialogProps) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="subject-dialog-title"
    >
      {props.open ? <SubjectForm key={props.subject?.id ?? 'new'} {...props} /> : null}
    </Dialog>
  );
}

function SubjectForm({ onClose, onSaved, subject }: SubjectDialogProps) {
  const { unit } = useAuth();
  const imperial = unit === 'imperial';
  const [values, setValues] = useState<FormValues>(() => initialValues(subject, unit));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<SubjectFieldErrors>({});
  const vocabulary = useSubjectTagVocabulary();
  const save = useSaveSubject();
  const check = validateSubjectInput(values, unit, new Date().getFullYear());
  // A server error shows until its field changes; the rules' errors show once a submit was attempted.
  const err = (f: keyof SubjectFieldErrors) =>
    serverErrors[f]?.[0] ?? (submitted ? check.errors[f]?.[0] : undefined);

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
          toast.success(subject ? 'Subject updated.' : 'Subject created.');
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
      <DialogTitle id="subject-dialog-title">{subject ? 'Edit subject' : 'New subject'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Name"
            required
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            error={Boolean(err('name'))}
            helperText={err('name')}
            autoFocus
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Weight"
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
              label="Height"
              required
              fullWidth
              value={values.height}
              placeholder={imperial ? `5'6"` : '1.8'}
              onChange={(e) => set('height', e.target.value)}
              error={Boolean(err('height'))}
              helperText={err('height') ?? (imperial ? `Feet and inches, like 5'6"` : undefined)}
              slotProps={{
                input: {
                  endAdornment: <InputAdornment position="end">{imperial ? 'ft/in' : 'm'}</InputAdornment>,
                },
              }}
            />
          </Stack>
          <TextField
            label="Birth year"
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
              label="Sex assigned at birth"
              value={values.sex_at_birth}
              onChange={(e) => set('sex_at_birth', e.target.value)}
            >
              <MenuItem value="">
                <em>Not specified</em>
              </MenuItem>
              {Object.entries(SEX_OPTIONS).map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label="Gender"
              value={values.gender}
              onChange={(e) => set('gender', e.target.value)}
            >
              <MenuItem value="">
                <em>Not specified</em>
              </MenuItem>
              {Object.entries(GENDER_OPTIONS).map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Autocomplete
            multiple
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
                label="Subject tags"
                required
                error={Boolean(err('subject_tags'))}
                helperText={
                  err('subject_tags') ?? (vocabulary.isError ? 'Could not load the subject tags.' : undefined)
                }
              />
            )}
          />
          <TextField
            label="Characteristics"
            multiline
            minRows={2}
            value={values.characteristics}
            onChange={(e) => set('characteristics', e.target.value)}
          />
          <FormControl error={Boolean(err('terms'))}>
            <FormControlLabel
              control={<Checkbox checked={values.terms} onChange={(e) => set('terms', e.target.checked)} />}
              label="The subject has given informed consent to be recorded and to have their data processed."
            />
            {err('terms') ? <FormHelperText>{err('terms')}</FormHelperText> : null}
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={save.isPending || (submitted && !check.value)}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
