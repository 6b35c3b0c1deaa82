import { Autocomplete, Button, CircularProgress, Stack, TextField } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { SUBJECT_AUTOCOMPLETE_PAGE_SIZE, type Subject } from '@poselab/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalizeMessage } from '../../i18n/contract-messages';
import { useAuth } from '../../auth/auth-store';
import { SubjectDialog } from '../subjects/SubjectDialog';
import { useSubjects } from '../subjects/api';
import { Card } from './WizardParts';

/** SPEC §2 Session Info: subject autocomplete (40 per page, searched on the server), add-subject, session name. */
export function SessionInfoCard({
  sessionId,
  preselectId,
  subject,
  onSubject,
  sessionName,
  onSessionName,
  errors,
  disabled,
}: {
  sessionId: string;
  /** The session's subject, selected once it shows up in the list. */
  preselectId?: string | null;
  subject: Subject | null;
  onSubject: (s: Subject | null) => void;
  sessionName: string;
  onSessionName: (name: string) => void;
  errors: { subject?: string; sessionName?: string };
  disabled?: boolean;
}) {
  const { t } = useTranslation('wizard');
  const lm = useLocalizeMessage();
  const auth = useAuth();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setSearch(input), 250);
    return () => clearTimeout(t);
  }, [input]);
  const label = (s: Subject) =>
    (auth.unit === 'imperial' ? s.display_name_imperial : s.display_name) || s.name;
  // The input shows the chosen subject's label: that is not a search.
  const searching = search && !(subject && search === label(subject)) ? search : undefined;
  const list = useSubjects({
    start: 0,
    quantity: SUBJECT_AUTOCOMPLETE_PAGE_SIZE,
    search: searching,
    session_id: sessionId,
  });
  const options = useMemo(() => list.data?.subjects ?? [], [list.data]);
  const [preselected, setPreselected] = useState(false);
  useEffect(() => {
    if (preselected || subject || !preselectId) return;
    const match = options.find((o) => o.id === preselectId);
    if (match) {
      setPreselected(true);
      onSubject(match);
    }
  }, [options, preselectId, preselected, subject, onSubject]);
  return (
    <Card title={t('sessionInfo.title')}>
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
        >
          <Autocomplete
            sx={{ flexGrow: 1 }}
            options={options}
            value={subject}
            onChange={(_e, v) => onSubject(v)}
            inputValue={input}
            onInputChange={(_e, v) => setInput(v)}
            getOptionLabel={label}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(x) => x}
            loading={list.isFetching}
            disabled={disabled}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('sessionInfo.subject')}
                required
                error={Boolean(errors.subject)}
                helperText={errors.subject ?? ' '}
                slotProps={{
                  ...params.slotProps,
                  input: {
                    ...params.slotProps.input,
                    endAdornment: (
                      <>
                        {list.isFetching ? <CircularProgress size={18} /> : null}
                        {params.slotProps.input.endAdornment}
                      </>
                    ),
                  },
                }}
              />
            )}
          />
          <Button
            variant="outlined"
            startIcon={<PersonAddIcon />}
            onClick={() => setAdding(true)}
            disabled={disabled}
            sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            {t('sessionInfo.addSubject')}
          </Button>
        </Stack>
        <TextField
          label={t('sessionInfo.sessionName')}
          value={sessionName}
          onChange={(e) => onSessionName(e.target.value)}
          error={Boolean(errors.sessionName)}
          helperText={errors.sessionName ? lm(errors.sessionName) : ' '}
          disabled={disabled}
        />
      </Stack>
      <SubjectDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(s) => {
          setAdding(false);
          onSubject(s);
        }}
      />
    </Card>
  );
}
