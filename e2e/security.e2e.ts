/**
 * Issue #19 in the browser: changing the e-mail address (current password, link from the new address) and a
 * calibration waiting for a phone that left (named on screen; the page can be left or the recording
 * cancelled). The phones are test code speaking the real device protocol over HTTP and WebSocket.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import WebSocket from 'ws';
import { ffmpegPath } from '../packages/pipeline/src/video/ffmpeg-binaries';
import { createVerifiedUser, loginInBrowser, readOutbox, type TestUser } from './support/accounts';
import { shoot, waitForPath } from './support/accounts-ui';
import { DESKTOP, hasChromium, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function api<T>(server: RunningServer, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A phone without a browser: pairs with the QR secret, keeps a socket open and remembers the commands. */
class ProtocolPhone {
  readonly messages: Array<{ type: string; trial_id?: string }> = [];
  private ws!: WebSocket;
  private beat?: NodeJS.Timeout;
  token = '';

  constructor(private readonly server: RunningServer) {}

  async pair(sessionId: string, secret: string): Promise<void> {
    const res = await fetch(`${this.server.url}/api/capture/pair/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        session_id: sessionId,
        secret,
        model: 'Pixel 7',
        capabilities: { framerates: [60], width: 64, height: 64 },
      }),
    });
    this.token = ((await res.json()) as { device_token: string }).device_token;
    this.ws = new WebSocket(`${this.server.url.replace('http', 'ws')}/api/capture/ws`);
    await new Promise((resolve) => this.ws.once('open', resolve));
    this.ws.on('message', (raw) => this.messages.push(JSON.parse(String(raw))));
    this.ws.send(JSON.stringify({ type: 'hello', token: this.token }));
    this.beat = setInterval(() => this.ws.send(JSON.stringify({ type: 'heartbeat' })), 3000);
    await this.next('welcome');
  }

  async next(type: string): Promise<{ type: string; trial_id?: string }> {
    for (let i = 0; i < 200; i++) {
      const m = this.messages.find((x) => x.type === type);
      if (m) return m;
      await sleep(100);
    }
    throw new Error(`no ${type} message`);
  }

  /** Uploads `video` for the trial through the resumable protocol. */
  async upload(trialId: string, video: Buffer): Promise<void> {
    const dev = `Device ${this.token}`;
    const meta = {
      mime: 'video/mp4',
      model: 'Pixel 7',
      fps: 30,
      width: 64,
      height: 64,
      rotation: 0,
      duration_sec: 0.33,
      start_time_ms: Date.now(),
      frame_timestamps: null,
    };
    const start = await api<{ upload_id: string }>(this.server, 'POST', '/capture/uploads/', dev, {
      trial_id: trialId,
      total_bytes: video.length,
      meta,
    });
    const put = await fetch(`${this.server.url}/api/capture/uploads/${start.upload_id}/?offset=0`, {
      method: 'PUT',
      headers: { authorization: dev, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(video),
    });
    expect(put.status).toBe(200);
    await api(this.server, 'POST', `/capture/uploads/${start.upload_id}/complete/`, dev);
  }

  close(): void {
    clearInterval(this.beat);
    this.ws?.terminate();
  }
}

describe.skipIf(!hasChromium)('security in the browser (issue #19)', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(user: TestUser, extra: Record<string, unknown> = {}): Promise<Page> {
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await loginInBrowser(page, server, user, extra);
    return page;
  }

  it('changes the e-mail address only with the current password and the link sent to the new address', async () => {
    const user = await createVerifiedUser(server);
    const page = await signedIn(user);
    await page.goto(`${server.url}/profile/${user.username}/`);
    await page.getByRole('button', { name: 'Edit profile' }).click();
    expect(await page.getByLabel(/^Current password/).count()).toBe(0);
    const newEmail = `new.${user.username}@example.org`;
    await page.getByLabel(/^E-mail/).fill(newEmail);
    await page.getByLabel(/^Current password/).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter your current password to change the e-mail address.').waitFor();
    await page.getByLabel(/^Current password/).fill('not my password at all');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The current password is not correct.').first().waitFor();
    await shoot(page, 'security-email-change');
    await page.getByLabel(/^Current password/).fill(user.password);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile updated.').waitFor();
    await page.getByText(`Waiting for confirmation of ${newEmail}`).waitFor();
    await shoot(page, 'security-email-pending');

    // The old address is told; the new one gets the link.
    const mails = await readOutbox(server);
    expect(mails.some((m) => m.to === user.email && /about to change/.test(m.subject))).toBe(true);
    const link = mails.find((m) => m.to === newEmail)?.highlight ?? '';
    expect(link).toMatch(/\/confirm-email\/[\w-]+$/);
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm new e-mail address' }).click();
    await page.getByText(`Your e-mail address is now ${newEmail}.`).waitFor();
    await shoot(page, 'security-email-confirmed');
    const info = await api<{ email: string; pending_email: string | null }>(
      server,
      'POST',
      '/get_user_info/',
      `Token ${user.token}`,
      { username: user.username },
    );
    expect(info).toMatchObject({ email: newEmail, pending_email: null });
    await page.context().close();
  });

  it('names the phone a calibration waits for, lets the user leave, and cancels the recording', async () => {
    const user = await createVerifiedUser(server);
    const token = `Token ${user.token}`;
    const [session] = await api<Array<{ id: string }>>(server, 'GET', '/sessions/new/', token);
    const qr = await api<{ url: string }>(server, 'GET', `/sessions/${session.id}/get_qr/`, token);
    const secret = qr.url.split('#')[1];
    const phones = [new ProtocolPhone(server), new ProtocolPhone(server)];
    for (const p of phones) await p.pair(session.id, secret);
    const video = spawnSync(ffmpegPath, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x64:rate=30',
      '-frames:v',
      '10',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      'frag_keyframe+empty_moov',
      '-f',
      'mp4',
      'pipe:1',
    ]).stdout;
    const page = await signedIn(user, { currentSessionId: session.id });
    try {
      await page.goto(`${server.url}/${session.id}/calibration`);
      await page.getByText('2 phones connected').waitFor();
      await page.getByRole('button', { name: 'Calibrate' }).click();
      const record = await phones[0].next('record');
      // Calibration stops by itself; the first phone delivers, the second one is gone.
      await phones[0].next('stop');
      await phones[0].upload(record.trial_id!, video);
      phones[1].close();
      await page.getByText('Waiting for videos: 1 of 2 uploaded').waitFor({ timeout: 30_000 });
      await page
        .getByText(
          'Camera 2 (Pixel 7) is not connected. Reconnect it with the QR code, or cancel the recording.',
        )
        .waitFor({ timeout: 30_000 });
      expect(await page.getByRole('button', { name: 'Back' }).isEnabled()).toBe(true);
      await shoot(page, 'security-waiting-for-phone');

      // Leaving and coming back: the session still shows the waiting trial; cancelling gives it up.
      await page.getByRole('button', { name: 'Cancel recording' }).click();
      await page.getByRole('button', { name: 'Calibrate' }).waitFor();
      expect(await page.getByText('Waiting for videos').count()).toBe(0);
      const status = await api<{ status: string }>(server, 'GET', `/sessions/${session.id}/status/`, token);
      expect(status.status).toBe('ready');
      expect(phones[0].messages.some((m) => m.type === 'cancel' && m.trial_id === record.trial_id)).toBe(
        true,
      );
      // The stop went to the phone once.
      expect(phones[0].messages.filter((m) => m.type === 'stop')).toHaveLength(1);
      await page.getByRole('button', { name: 'Back' }).click();
      await waitForPath(page, `/${session.id}/connect-devices`);
    } finally {
      for (const p of phones) p.close();
      await page.context().close();
    }
  });
});
