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
import { DATA_SHARING_CHOICES } from '@poselab/contract';
import { Card } from './WizardParts';

type Choice = (typeof DATA_SHARING_CHOICES)[number];

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
  return (
    <Card title="Data sharing agreement">
      <Typography variant="body2" sx={{ mb: 1 }}>
        Choose what the subject agrees to share with the research community.
      </Typography>
      <FormControl error={Boolean(errors.dataSharing)} disabled={disabled}>
        <FormLabel id="data-sharing-label">Data sharing</FormLabel>
        <RadioGroup
          aria-labelledby="data-sharing-label"
          value={value}
          onChange={(e) => onChange(e.target.value as Choice)}
        >
          {DATA_SHARING_CHOICES.map((c) => (
            <FormControlLabel key={c} value={c} control={<Radio />} label={c} />
          ))}
        </RadioGroup>
        {errors.dataSharing ? <FormHelperText>{errors.dataSharing}</FormHelperText> : null}
      </FormControl>
      <FormControl error={Boolean(errors.agreed)} disabled={disabled} sx={{ display: 'block', mt: 1 }}>
        <FormControlLabel
          control={<Checkbox checked={agreed} onChange={(e) => onAgreed(e.target.checked)} />}
          label="The subject has read and agrees to the data sharing agreement"
        />
        {errors.agreed ? <FormHelperText>{errors.agreed}</FormHelperText> : null}
      </FormControl>
    </Card>
  );
}
