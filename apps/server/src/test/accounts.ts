import type { TestApp } from './test-app';

/** Registration payload that passes SPEC §5 rules; override what a test varies. */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    username: 'ada_l',
    email: 'ada@example.org',
    password: 'correct horse battery staple',
    first_name: 'Ada',
    last_name: 'Lovelace',
    institution: 'Analytical University',
    profession: 'Researcher',
    reason: 'Gait research',
    privacy_policy: true,
    licensing_agreement: true,
    ...overrides,
  };
}

/** The 6-digit code of the last mail sent. */
export function lastCode(t: TestApp): string {
  const m = /code=(\d{6})/.exec(t.mailer.last()?.highlight ?? '');
  if (!m) throw new Error('no code mail sent');
  return m[1];
}

export async function registerAndLogin(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<{ token: string; authorization: string; userId: string; password: string; username: string }> {
  const body = registration(overrides);
  const reg = await t.app.inject({ method: 'POST', url: '/api/register/', payload: body });
  if (reg.statusCode !== 200) throw new Error(`register failed: ${reg.body}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { username: body.username, password: body.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const json = res.json() as { token: string; user_id: string };
  return {
    token: json.token,
    authorization: `Token ${json.token}`,
    userId: json.user_id,
    password: String(body.password),
    username: String(body.username),
  };
}

/** Registered, logged in, verified and with an academic intended use. */
export async function verifiedAccount(t: TestApp, overrides: Record<string, unknown> = {}) {
  const acc = await registerAndLogin(t, overrides);
  const v = await t.app.inject({
    method: 'POST',
    url: '/api/verify/',
    headers: { authorization: acc.authorization },
    payload: { otp_token: lastCode(t) },
  });
  if (v.statusCode !== 200) throw new Error(`verify failed: ${v.body}`);
  await t.app.inject({
    method: 'POST',
    url: '/api/set-institutional-use/',
    headers: { authorization: acc.authorization },
    payload: { institutional_use: 'research_at_academic' },
  });
  return acc;
}
