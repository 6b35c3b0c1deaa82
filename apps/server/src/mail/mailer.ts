export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A one-time code or link worth printing on the console when mail goes to the outbox. */
  highlight?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
