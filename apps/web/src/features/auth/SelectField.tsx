import { MenuItem, TextField } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** A react-hook-form select (native on every screen size, so phones get their own picker). */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  native = false,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: Array<{ value: string; label: string }>;
  native?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ select: { native }, inputLabel: { shrink: true } }}
        >
          {options.map((o) =>
            native ? (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ) : (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ),
          )}
        </TextField>
      )}
    />
  );
}
