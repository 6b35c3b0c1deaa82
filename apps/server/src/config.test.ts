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
    expect(c.trustProxy).toEqual([]);
    expect(c.storageQuotaBytes).toBe(100 * 1024 ** 3);
  });

  it('reads TRUST_PROXY as named proxies only and refuses anything that trusts every client', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', '*', '1', '10.0.0.0/33', 'proxy.local', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads the storage quota in GB (0: none)', () => {
    expect(loadConfig({ STORAGE_QUOTA_GB: '0.5' }).storageQuotaBytes).toBe(512 * 1024 ** 2);
    expect(loadConfig({ STORAGE_QUOTA_GB: '0' }).storageQuotaBytes).toBeNull();
    expect(() => loadConfig({ STORAGE_QUOTA_GB: '-1' })).toThrow(ConfigError);
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
