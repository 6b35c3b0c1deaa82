import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

describe('mailers', () => {
  it('writes to the outbox and logs one line with the code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'poselab-outbox-'));
    const lines: string[] = [];
    await new OutboxMailer(dir, (l) => lines.push(l)).send({
      to: 'a@b.org',
      subject: 'Code',
      text: 'Your code 123456',
      highlight: 'code=123456',
    });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(dir, files[0]), 'utf8')).text).toBe('Your code 123456');
    expect(lines).toEqual(['[mail] to=a@b.org subject="Code" code=123456']);
  });

  it('delivers through a real SMTP server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, cb) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          cb();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.server.address() as { port: number }).port;
    try {
      await new SmtpMailer(
        { host: '127.0.0.1', port, secure: false },
        'PoseLab <no-reply@poselab.local>',
      ).send({
        to: 'x@y.org',
        subject: 'Hello',
        text: 'Body 654321',
      });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Hello');
      expect(received[0]).toContain('Body 654321');
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
