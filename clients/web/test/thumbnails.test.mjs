// Thumbnails are asked for once per seed and engine, on their sky, and the cache stays within
// its bound.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createThumbnailCache, dataUriToBlob } from '../app/thumbnails.js';

test('one request per seed and engine, on its sky, kept as the data URI; bounded', async () => {
  const calls = [];
  const call = async (method, params) => {
    calls.push({ method, ...params });
    return { dataUri: `data:image/png;base64,${Buffer.from(params.seed).toString('base64')}`, etag: `e-${params.engine}-${params.seed}`, alt: `alt of ${params.seed}` };
  };
  const cache = createThumbnailCache(call, { limit: 3 });
  const a = await cache.get({ seed: 'twin', engine: 'fonsters-v1' });
  const again = await cache.get({ seed: 'twin', engine: 'fonsters-v1' });
  assert.equal(calls.length, 1);
  assert.equal(again, a);
  assert.deepEqual(calls[0], { method: 'creature/render', seed: 'twin', engine: 'fonsters-v1', format: 'png', size: 64, background: 'sky' },
    'one render, 64 px, the picture standing on its sky');
  assert.deepEqual(a, { etag: 'e-fonsters-v1-twin', src: `data:image/png;base64,${Buffer.from('twin').toString('base64')}`, alt: 'alt of twin' });
  const v2 = await cache.get({ seed: 'twin', engine: 'fonsters-v2' });
  assert.notEqual(v2.etag, a.etag);
  await cache.get({ seed: 'three', engine: 'fonsters-v1' });
  await cache.get({ seed: 'twin', engine: 'fonsters-v1' }); // used again: the newest now
  await cache.get({ seed: 'four', engine: 'fonsters-v1' }); // evicts twin/v2, the least recently used
  assert.equal(cache.size, 3);
  assert.equal(calls.length, 4);
  await cache.get({ seed: 'twin', engine: 'fonsters-v1' });
  assert.equal(calls.length, 4, 'still cached');
  await cache.get({ seed: 'twin', engine: 'fonsters-v2' });
  assert.equal(calls.length, 5, 'asked for again once evicted');
  assert.equal(cache.requests, 5);
});

test('a failed request is not cached', async () => {
  let n = 0;
  const cache = createThumbnailCache(async () => {
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
