import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DATA_SHARING_CHOICES } from '@poselab/contract';
import { useLocalizeMessage } from '../../i18n/contract-messages';
import { Card } from './WizardParts';

type Choice = (typeof DATA_SHARING_CHOICES)[number];

/** Catalogue keys of the SPEC §9 choices, in their order (the English values are what the server stores). */
const CHOICE_KEYS = ['identified', 'deidentified', 'processed', 'none'] as const;

/** SPEC §2 data sharing agreement card: the four choices and the subject's agreement. */
export function DataSharingCard({
  value,
  onChange,
  agreed,
  onAgreed,
  errors,
  disabled,
}: {
  value: Choice | '';
  onChange: (v: Choice) => void;
  agreed: boolean;
  onAgreed: (v: boolean) => void;
  errors: { dataSharing?: string; agreed?: string };
  disabled?: boolean;
}) {
  const { t } = useTranslation('wizard');
  const lm = useLocalizeMessage();
  return (
    <Card title={t('sharing.title')}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('sharing.intro')}
      </Typography>
      <FormControl error={Boolean(errors.dataSharing)} disabled={disabled}>
        <FormLabel id="data-sharing-label">{t('sharing.label')}</FormLabel>
        <RadioGroup
          aria-labelledby="data-sharing-label"
          value={value}
          onChange={(e) => onChange(e.target.value as Choice)}
        >
          {DATA_SHARING_CHOICES.map((c, i) => (
            <FormControlLabel
              key={c}
              value={c}
              control={<Radio />}
              label={t(`sharing.choices.${CHOICE_KEYS[i]}`)}
            />
          ))}
        </RadioGroup>
        {errors.dataSharing ? <FormHelperText>{errors.dataSharing}</FormHelperText> : null}
      </FormControl>
      <FormControl error={Boolean(errors.agreed)} disabled={disabled} sx={{ display: 'block', mt: 1 }}>
        <FormControlLabel
          control={<Checkbox checked={agreed} onChange={(e) => onAgreed(e.target.checked)} />}
          label={t('sharing.agree')}
        />
        {errors.agreed ? <FormHelperText>{lm(errors.agreed)}</FormHelperText> : null}
      </FormControl>
    </Card>
  );
}
