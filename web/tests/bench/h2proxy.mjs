// An HTTP/2 TLS reverse proxy in front of a local server, for the slow-network benchmark (`slow.mjs
// --h2`): the site is deployed behind Caddy over TLS, where a browser speaks HTTP/2 and a page's requests
// share one connection, while the local server speaks HTTP/1.1 (6 connections a host). Node's own
// `http2` module, a self-signed certificate made at start with `openssl` (Chromium is launched with
// `--ignore-certificate-errors`).
//
// Every request is forwarded as Caddy does (`Host` kept, `X-Forwarded-Proto: https`,
// `X-Forwarded-For`). The WebSocket of a game page: Chromium opens it over a separate HTTP/1.1 TLS
// connection (the proxy does not offer RFC 8441's extended CONNECT, as Caddy by default does not
// either), which `allowHTTP1` accepts and the 'upgrade' event pipes to the server as raw bytes.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Headers of one hop only: never forwarded (and refused in an HTTP/2 answer). */
const HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'http2-settings',
  'host',
]);

/** The headers of `headers` worth sending on: no pseudo-header (`:path`…), no hop-by-hop one. */
function forwardable(headers) {
  /** @type {Record<string, string | string[]>} */
  const out = {};
  for (const [k, v] of Object.entries(headers)) {
    if (k.startsWith(':') || HOP.has(k) || v === undefined) continue;
    out[k] = v;
  }
  return out;
}

/** A self-signed certificate for 127.0.0.1, made now in a temporary directory: {key, cert}. */
function certificate() {
  const dir = mkdtempSync(join(tmpdir(), 'mancala-h2-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the proxy on a free port of 127.0.0.1 in front of `backend` (`http://127.0.0.1:PORT`):
 * {base: 'https://127.0.0.1:PORT', stop(), streams()} where `streams` counts the HTTP/2 requests seen
 * (the benchmark checks the pages did come over HTTP/2).
 */
export async function startH2Proxy(backend) {
  const target = new URL(backend);
  let h2Requests = 0;
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  const server = http2.createSecureServer({ ...certificate(), allowHTTP1: true });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('request', (req, res) => {
    if (req.httpVersionMajor === 2) h2Requests += 1;
    const host = req.headers[':authority'] || req.headers.host;
    const up = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: {
          ...forwardable(req.headers),
          host,
          'x-forwarded-proto': 'https',
          'x-forwarded-for': req.socket.remoteAddress || '127.0.0.1',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode || 502, forwardable(answer.headers));
        answer.pipe(res);
      },
    );
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  // The WebSocket handshake (HTTP/1.1 over TLS): sent on as it came, then bytes both ways.
  server.on('upgrade', (req, socket, head) => {
    const up = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      lines.push('X-Forwarded-Proto: https', `X-Forwarded-For: ${socket.remoteAddress || '127.0.0.1'}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    const end = () => {
      up.destroy();
      socket.destroy();
    };
    up.on('error', end);
    socket.on('error', end);
    up.on('close', end);
    socket.on('close', end);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  return {
    base: `https://127.0.0.1:${port}`,
    streams: () => h2Requests,
    stop: () =>
      new Promise((ok) => {
        for (const s of sockets) s.destroy();
        server.close(() => ok(undefined));
      }),
  };
}
