// @ts-check
'use strict';

/**
 * JsonRpcClient over an in-process transport (two PassThrough streams and a
 * scripted peer): the parts of the protocol a real server cannot be made to
 * show on demand — late answers to cancelled requests, timeouts, requests from
 * the server, batches, a closed connection.
 */

const test = require('node:test');
const assert = require('node:assert/strict');
const { PassThrough } = require('node:stream');
const { JsonRpcClient } = require('../src/rpc/client');
const { encodeMessage, FrameDecoder } = require('../src/rpc/framing');
const { loadRpc, readableMessage, isCancellation } = require('../src/rpc/core');

/** @type {any} the shared core: RpcError, ERROR_CODES, CLIENT_ERROR_CODES */
let rpc;
test.before(async () => { rpc = await loadRpc(); });

function pair() {
  const toClient = new PassThrough();
  const toPeer = new PassThrough();
  const client = new JsonRpcClient(toClient, toPeer);
  /** @type {any[]} */
  const seen = [];
  /** @type {((m: any) => void) | null} */
  let onMessage = null;
  const decoder = new FrameDecoder((m) => { seen.push(m); if (onMessage) onMessage(m); });
  toPeer.on('data', (d) => decoder.push(d));
  return {
    client,
    seen,
    /** @param {any} m */
    send(m) { toClient.write(encodeMessage(m)); },
    /** @param {(m: any) => void} fn */
    handle(fn) { onMessage = fn; },
    async next(/** @type {(m: any) => boolean} */ p) {
      for (let i = 0; i < 200; i++) {
        const m = seen.find(p);
        if (m) return m;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error('peer never saw a matching message');
    },
  };
}

test('requests carry increasing ids and resolve with their own results', async () => {
  const p = pair();
  p.handle((m) => { if (m.id) setTimeout(() => p.send({ jsonrpc: '2.0', id: m.id, result: { id: m.params.id } }), 30 - m.id * 5); });
  const results = await Promise.all(['A', 'B', 'C', 'D'].map((id) => p.client.request('fonsters/get', { id })));
  assert.deepEqual(results.map((r) => r.id), ['A', 'B', 'C', 'D']);
  assert.deepEqual(p.seen.map((m) => m.id), [1, 2, 3, 4]);
  assert.ok(p.seen.every((m) => m.jsonrpc === '2.0'));
});

test('cancelling sends $/cancelRequest, rejects at once, and ignores the late answer', async () => {
  const p = pair();
  const controller = new AbortController();
  const pending = p.client.request('creature/animate', { seed: 'x' }, { signal: controller.signal });
  controller.abort();
  await assert.rejects(pending, (e) => isCancellation(e));
  const cancel = await p.next((m) => m.method === '$/cancelRequest');
  assert.deepEqual(cancel.params, { id: 1 });
  p.send({ jsonrpc: '2.0', id: 1, error: { code: -32800, message: 'cancelled' } });
  p.send({ jsonrpc: '2.0', id: 1, result: 'late' });
  assert.equal(p.client.pendingCount, 0);
});

test('a vscode-style CancellationToken cancels too, and an already-cancelled one never sends', async () => {
  const p = pair();
  /** @type {(() => void)[]} */
  const listeners = [];
  const token = { isCancellationRequested: false, onCancellationRequested: (/** @type {() => void} */ fn) => { listeners.push(fn); return { dispose() {} }; } };
  const pending = p.client.request('creature/animate', { seed: 'x' }, { token });
  token.isCancellationRequested = true;
  listeners.forEach((fn) => fn());
  await assert.rejects(pending, (e) => e instanceof rpc.RpcError && e.code === rpc.ERROR_CODES.requestCancelled);
  await assert.rejects(p.client.request('creature/render', { seed: 'never' }, { token }), (e) => isCancellation(e));
  await p.next((m) => m.method === '$/cancelRequest');
  assert.ok(!p.seen.some((m) => m.method === 'creature/render'));
});

test('a timeout rejects with a readable message and cancels on the server', async () => {
  const p = pair();
  await assert.rejects(p.client.request('creature/animate', {}, { timeoutMs: 50 }), (e) => {
    assert.equal(e.code, rpc.CLIENT_ERROR_CODES.timeout);
    assert.match(readableMessage(e), /did not answer creature\/animate/);
    return true;
  });
  await p.next((m) => m.method === '$/cancelRequest');
});

test('notifications reach their handlers; $/progress reaches the request that asked', async () => {
  const p = pair();
  /** @type {any[]} */
  const changes = [];
  p.client.onNotification('fonsters/didChange', (params) => changes.push(params));
  /** @type {any[]} */
  const progress = [];
  p.handle((m) => {
    if (m.method !== 'creature/frames') return;
    p.send({ jsonrpc: '2.0', method: '$/progress', params: { token: 'other', value: { kind: 'begin' } } });
    p.send({ jsonrpc: '2.0', method: '$/progress', params: { token: m.params.workDoneToken, value: { kind: 'report', percentage: 50 } } });
    p.send({ jsonrpc: '2.0', method: 'fonsters/didChange', params: { ids: [], reason: 'external' } });
    p.send({ jsonrpc: '2.0', id: m.id, result: { total: 0, frames: [] } });
  });
  await p.client.request('creature/frames', { seed: 'x' }, { onProgress: (v) => progress.push(v) });
  assert.deepEqual(progress, [{ kind: 'report', percentage: 50 }]);
  assert.deepEqual(changes, [{ ids: [], reason: 'external' }]);
});

test('requests from the server are answered "method not found"; batches are read', async () => {
  const p = pair();
  p.send({ jsonrpc: '2.0', id: 'srv-1', method: 'window/showMessage', params: {} });
  const answer = await p.next((m) => m.id === 'srv-1');
  assert.equal(answer.error.code, -32601);
  const pending = [p.client.request('fonsters/get', { id: 'a' }), p.client.request('fonsters/list')];
  await p.next((m) => m.method === 'fonsters/list');
  p.send([{ jsonrpc: '2.0', id: 2, result: 'B' }, { jsonrpc: '2.0', id: 1, error: { code: 1001, message: 'That Fonster is gone.', data: { field: 'id' } } }]);
  await assert.rejects(pending[0], (e) => e.code === 1001 && e.data.field === 'id' && readableMessage(e) === 'That Fonster is gone.' && e.method === 'fonsters/get');
  assert.equal(await pending[1], 'B');
});

test('close() fails pending requests and refuses new ones', async () => {
  const p = pair();
  const pending = p.client.request('fonsters/list');
  p.client.close(new rpc.RpcError(rpc.CLIENT_ERROR_CODES.connectionClosed, 'The Fonsters server stopped unexpectedly (exit code 1).'));
  await assert.rejects(pending, /stopped unexpectedly/);
  await assert.rejects(p.client.request('fonsters/list'), /stopped unexpectedly/);
});

test('a call the server does not declare is refused before it is sent (the generated protocol.mjs)', async () => {
  const p = pair();
  await assert.rejects(p.client.request('fonsters/fly'), (e) => e.code === rpc.ERROR_CODES.invalidParams && /not a method/.test(e.message));
  await assert.rejects(p.client.request('fonsters/get', {}), (e) => /needs 'id'/.test(e.message));
  assert.deepEqual(p.seen, []);
});

test('the error codes are the server\'s, by the Swift names, and the client\'s own codes are apart from them', () => {
  assert.equal(rpc.ERROR_CODES.storeReplaced, 1014);
  assert.equal(rpc.ERROR_CODES.responseTooLarge, -32001);
  const server = new Set(Object.values(rpc.ERROR_CODES));
  for (const code of Object.values(rpc.CLIENT_ERROR_CODES)) assert.ok(!server.has(code), `${code} is the client's own`);
});

test('a method the server does not know reads as "does not support", naming it', async () => {
  const toClient = new PassThrough();
  const toPeer = new PassThrough();
  const client = new JsonRpcClient(toClient, toPeer, { check: null });
  const decoder = new FrameDecoder((m) => toClient.write(encodeMessage({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'Method not found' } })));
  toPeer.on('data', (d) => decoder.push(d));
  await assert.rejects(client.request('fonsters/fly', {}), (e) => /does not support "fonsters\/fly"/.test(readableMessage(e)));
});
