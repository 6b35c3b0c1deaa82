import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage } from './mailer';

/** Without SMTP, messages are written as JSON files to DATA_DIR/outbox and summarised in one log line. */
export class OutboxMailer implements Mailer {
  private seq = 0;
  constructor(
    private readonly dir: string,
    /** Gets the summary line and the message (the server prints a banner with the code or link). */
    private readonly log: (line: string, message: MailMessage) => void = (line) => console.log(line),
  ) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${this.seq++}.json`;
    await writeFile(
      join(this.dir, name),
      JSON.stringify({ ...message, date: new Date().toISOString() }, null, 2),
    );
    this.log(
      `[mail] to=${message.to} subject="${message.subject}"${message.highlight ? ` ${message.highlight}` : ''}`,
      message,
    );
  }
}
