/**
 * The console line of an e-mail kept in the outbox (no SMTP server): the code or link a new user needs, framed
 * so that it stands out among the request lines; on a terminal also in bold yellow.
 */
export function mailBanner(
  message: { to: string; subject: string; highlight?: string },
  isTTY = Boolean(process.stdout.isTTY),
): string {
  const lines = [`E-mail to ${message.to}: ${message.subject}`];
  if (message.highlight) lines.push(message.highlight);
  lines.push('(no SMTP server set: the e-mail is kept in DATA_DIR/outbox)');
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '='.repeat(width + 4);
  const body = lines.map((l) => `| ${l.padEnd(width)} |`);
  const text = [bar, ...body, bar].join('\n');
  return isTTY ? `\u001b[1;33m${text}\u001b[0m` : text;
}
