import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The centred card every account page sits in; full width on phones, at most `maxWidth` on desktops. */
export function AuthCard({
  title,
  children,
  maxWidth = 460,
}: {
  title: string;
  children: ReactNode;
  maxWidth?: number;
}) {
  return (
    <Box
      component="main"
      sx={{ display: 'flex', justifyContent: 'center', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 5 } }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth, p: { xs: 2, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
