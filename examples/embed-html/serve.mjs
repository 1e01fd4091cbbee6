#!/usr/bin/env node
// Serves index.html, a plain school website, with the embed snippet pasted in, on its own origin (not the
// Conversa server's), so the widget runs as it does on a real site. Its photo (/campus.svg) answers late
// on purpose (`--image-delay`, 3 s by default): the launcher must show while the photo still holds
// `window.load`. No dependencies. Used by the browser journeys and the widget benchmark too.
//
//   node examples/embed-html/serve.mjs --snippet '<script src="http://127.0.0.1:8080/embed.js" data-assistant="…" async></script>'
//   node examples/embed-html/serve.mjs --assistant <id> [--server http://127.0.0.1:8080] [--port 5500]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const page = readFileSync(new URL('./index.html', import.meta.url), 'utf8');

/** A grey "photo" of the campus, as SVG. */
const campus =
  '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">' +
  '<rect width="640" height="360" fill="#c9d6df"/><rect x="120" y="140" width="400" height="180" fill="#8a9ba8"/>' +
  '<path d="M100 150 320 50 540 150z" fill="#52616b"/></svg>';

/** The snippet of an assistant, as "Share your assistant" gives it. */
export const snippetFor = (server, assistant) =>
  `<script src="${new URL('/embed.js', server).href}" data-assistant="${assistant}" async></script>`;

/**
 * Starts the example site; resolves to its base URL and a `close()`. `snippet` is pasted as it is;
 * `port` 0 picks a free one; `host` defaults to `localhost`, another origin than a server on 127.0.0.1.
 */
export function serveExample({ snippet, port = 0, host = 'localhost', imageDelayMs = 3000 }) {
  const html = page.replace('{{SNIPPET}}', snippet);
  const timers = new Set();
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://example');
    if (pathname === '/' || pathname === '/index.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(html);
    } else if (pathname === '/campus.svg') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        response.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' });
        response.end(campus);
      }, imageDelayMs);
      timers.add(timer);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        url: `http://${host}:${address.port}`,
        close: () =>
          new Promise((done) => {
            timers.forEach(clearTimeout);
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      snippet: { type: 'string' },
      assistant: { type: 'string' },
      server: { type: 'string', default: 'http://127.0.0.1:8080' },
      port: { type: 'string', default: '5500' },
      'image-delay': { type: 'string', default: '3000' },
    },
  });
  const snippet = values.snippet ?? (values.assistant && snippetFor(values.server, values.assistant));
  if (!snippet) {
    console.error("Give the snippet (--snippet '<script …></script>') or the assistant id (--assistant …).");
    process.exit(2);
  }
  const site = await serveExample({
    snippet,
    port: Number(values.port),
    imageDelayMs: Number(values['image-delay']),
  });
  process.stdout.write(
    `The example school website: ${site.url}\n` +
      `Add ${site.url} to the assistant's allowed websites (Share your assistant) if you list any.\n`,
  );
}
