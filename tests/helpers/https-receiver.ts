import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export type Received = { path: string; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * An HTTPS endpoint on 127.0.0.1 with a certificate of its own (made with the system's openssl, valid for that
 * address), for a portal in production mode, which sends webhooks over https only: start the portal with
 * NODE_EXTRA_CA_CERTS=`certFile` so it trusts the certificate. Answers 200 to every POST and keeps what came.
 */
export async function httpsReceiver(dir: string): Promise<{ url: string; certFile: string; received: Received[]; close: () => Promise<void> }> {
  const keyFile = path.join(dir, 'receiver-key.pem');
  const certFile = path.join(dir, 'receiver-cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' });
  const received: Received[] = [];
  const server = https.createServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) }, (req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    certFile,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
