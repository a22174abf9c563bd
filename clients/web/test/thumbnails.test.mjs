// Thumbnails are asked for once per seed and engine, shared by etag, and the
// cache stays within its bound (releasing URLs nobody uses any more).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createThumbnailCache, dataUriToBlob } from '../app/thumbnails.js';

test('one request per seed and engine; equal etags share one URL; bounded', async () => {
  const calls = [];
  const revoked = [];
  let made = 0;
  const call = async (method, params) => {
    if (method === 'creature/environment') return { sky: { top: 0.5, middle: 0.4, bottom: params.seed.length / 100 } };
    calls.push(params);
    // Two seeds that draw the same picture share an etag.
    const etag = params.engine === 'fonsters-v1' && ['twin', 'also twin'].includes(params.seed) ? 'e-same' : `e-${params.engine}-${params.seed}`;
    return { dataUri: `data:image/png;base64,${Buffer.from(params.seed).toString('base64')}`, etag, alt: `alt of ${params.seed}` };
  };
  const cache = createThumbnailCache(call, { limit: 3, toUrl: () => `blob:${++made}`, revoke: (u) => revoked.push(u) });
  const a = await cache.get({ seed: 'twin', engine: 'fonsters-v1' });
  const again = await cache.get({ seed: 'twin', engine: 'fonsters-v1' });
  assert.equal(calls.length, 1);
  assert.equal(again, a);
  assert.deepEqual(a.sky, [0.5, 0.4, 0.04], 'the sky of the seed, for the picture to stand on');
  const b = await cache.get({ seed: 'also twin', engine: 'fonsters-v1' });
  assert.equal(b.src, a.src, 'same etag, same URL');
  assert.equal(cache.images, 1);
  const v2 = await cache.get({ seed: 'twin', engine: 'fonsters-v2' });
  assert.notEqual(v2.etag, a.etag);
  assert.equal(calls.length, 3);
  assert.deepEqual(calls.map((c) => c.size), [64, 64, 64]);
  await cache.get({ seed: 'four', engine: 'fonsters-v1' }); // evicts "twin"/v1 (least recently used)
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(cache.size, 3);
  assert.deepEqual(revoked, [], '"also twin" still uses the shared URL');
  await cache.get({ seed: 'five', engine: 'fonsters-v1' }); // evicts "also twin": the URL's last user
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(revoked, [a.src]);
});

test('a failed request is not cached', async () => {
  let n = 0;
  const cache = createThumbnailCache(async (method) => {
    if (method === 'creature/environment') return { sky: { top: 0.5, middle: 0.4, bottom: 0.3 } };
    if (n++ === 0) throw new Error('lost');
    return { dataUri: 'data:,x', etag: 'e', alt: '' };
  });
  await assert.rejects(cache.get({ seed: 's', engine: 'e' }));
  await new Promise((r) => setTimeout(r, 0));
  assert.equal((await cache.get({ seed: 's', engine: 'e' })).etag, 'e');
});

test('data URIs decode to blobs, base64 and percent-encoded', async () => {
  const png = dataUriToBlob('data:image/png;base64,iVBORw0K');
  assert.equal(png.type, 'image/png');
  assert.deepEqual([...new Uint8Array(await png.arrayBuffer())], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
  const svg = dataUriToBlob('data:image/svg+xml;charset=utf-8,%3Csvg%3E%C3%A9');
  assert.equal(svg.type, 'image/svg+xml');
  assert.equal(await svg.text(), '<svg>é');
});
