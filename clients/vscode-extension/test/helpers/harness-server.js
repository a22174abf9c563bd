// Serves a Chromium harness page's folders over loopback HTTP, as a webview's resource roots
// are (ES modules do not load from file:): /media, /ui (the shared modules), /helpers and
// /harness (the page). Only files under those roots; anything else is 404.
'use strict';

const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { EXTENSION_ROOT } = require('./servers');

const SHARED_UI = path.resolve(EXTENSION_ROOT, ...require('../../src/detail/ui-location').sharedUiSegments(EXTENSION_ROOT));
const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };

/**
 * @param {string} dir the harness folder
 * @returns {Promise<{ base: string, close: () => Promise<void> }>}
 */
function serveHarness(dir) {
  const roots = { media: path.join(EXTENSION_ROOT, 'media'), ui: SHARED_UI, helpers: __dirname, harness: dir };
  const server = http.createServer((req, res) => {
    const [, top, ...rest] = decodeURIComponent(new URL(req.url || '/', 'http://x').pathname).split('/');
    const root = roots[/** @type {keyof typeof roots} */ (top)];
    const file = root && path.resolve(root, ...rest);
    if (!file || !file.startsWith(root + path.sep) || !fs.existsSync(file)) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'Content-Type': TYPES[/** @type {'.js'} */ (path.extname(file))] || 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    resolve({ base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r(undefined))) });
  }));
}

module.exports = { serveHarness, SHARED_UI };
