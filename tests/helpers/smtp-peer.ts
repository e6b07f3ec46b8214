import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };

/**
 * A real SMTP peer for tests (no TLS, no auth) that hands every mail to `onMail`. It can go down and come back:
 * `listen` starts a fresh server (on `port`, or any free one) and resolves with its port; `close` stops it.
 */
export function smtpPeer(onMail: (mail: ReceivedMail) => void) {
  let server: SMTPServer | undefined;
  return {
    listen: (port = 0) =>
      new Promise<number>((resolve) => {
        const s = new SMTPServer({
          authOptional: true,
          disabledCommands: ['STARTTLS'],
          onData(stream, session, callback) {
            let raw = '';
            stream.on('data', (c: Buffer) => (raw += c.toString()));
            stream.on('end', () => {
              onMail({ to: session.envelope.rcptTo.map((r) => r.address), raw });
              callback();
            });
          },
        });
        server = s;
        s.listen(port, '127.0.0.1', () => resolve((s.server.address() as AddressInfo).port));
      }),
    close: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}
