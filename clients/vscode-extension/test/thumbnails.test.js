// @ts-check
'use strict';

/** The thumbnail file cache behind tree and quick-pick icons. */

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ThumbnailCache } = require('../src/tree/thumbnails');
const { encodePng } = require('./helpers/png');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fonsters-thumbs-'));
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));

const uri = (/** @type {number} */ shade) => `data:image/png;base64,${encodePng(1, 1, new Uint8Array([shade, shade, shade, 255])).toString('base64')}`;

test('one file per distinct picture, named by content, holding the decoded bytes', () => {
  const cache = new ThumbnailCache(dir);
  const a = cache.fileFor(uri(10));
  assert.equal(cache.fileFor(uri(10)), a);
  const b = cache.fileFor(uri(20));
  assert.notEqual(a, b);
  assert.match(path.basename(a), /^[0-9a-f]{40}\.png$/);
  assert.ok(fs.readFileSync(a).equals(Buffer.from(uri(10).split(',')[1], 'base64')));
  const svg = cache.fileFor('data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E');
  assert.match(fs.readFileSync(svg, 'utf8'), /^<svg xmlns/);
});

test('sweep removes files left unused for a while and keeps the ones in use', () => {
  const cache = new ThumbnailCache(dir);
  const kept = cache.fileFor(uri(30));
  const old = cache.fileFor(uri(40));
  cache.sweep();
  const past = new Date(Date.now() - 60 * 60 * 1000);
  fs.utimesSync(old, past, past);
  fs.utimesSync(kept, past, past);
  cache.fileFor(uri(30));
  const fresh = path.join(dir, 'from-another-window.png');
  fs.writeFileSync(fresh, 'x');
  cache.sweep();
  assert.ok(fs.existsSync(kept), 'in use');
  assert.ok(!fs.existsSync(old), 'unused and old');
  assert.ok(fs.existsSync(fresh), 'unused but recent: maybe another window\'s');
});
