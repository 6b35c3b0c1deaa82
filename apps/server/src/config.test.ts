import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtp).toBeUndefined();
  });

  it('rejects invalid values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => loadConfig({ HTTPS: 'on' })).toThrow(/HTTPS_CERT/);
  });

  it('reads SMTP and public URL settings', () => {
    const c = loadConfig({
      SMTP_HOST: 'mail.local',
      SMTP_PORT: '2525',
      PUBLIC_URL: 'https://lab.example.org/',
    });
    expect(c.smtp).toMatchObject({ host: 'mail.local', port: 2525, secure: false });
    expect(c.publicUrl).toBe('https://lab.example.org');
  });
});
