// The page's one RPC module over a stand-in WebSocket: requests wait for the
// socket, answers match by id, notifications reach subscribers, an abort sends
// $/cancelRequest, and a dropped connection fails what was in flight and
// reconnects with growing delays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createConnection, backoffDelay } from '../ui/api.js';
import { RpcError, ERROR_CODES, CLIENT_ERROR_CODES } from '../ui/rpc.mjs';

function fakeSockets() {
  const made = [];
  class FakeSocket {
    constructor(url) { this.url = url; this.sent = []; made.push(this); }
    send(text) { this.sent.push(JSON.parse(text)); }
    close() { this.onclose && this.onclose(); }
    open() { this.onopen(); }
    reply(message) { this.onmessage({ data: JSON.stringify(message) }); }
  }
  return { FakeSocket, made };
}

function fakeTimers() {
  const timers = [];
  return {
    timers,
    setTimeout: (fn, ms) => { timers.push({ fn, ms }); return timers.length; },
    clearTimeout: (id) => { if (timers[id - 1]) timers[id - 1].fn = () => {}; },
    fire() { const t = timers.shift(); t.fn(); return t.ms; },
  };
}

test('calls wait for the socket, answers match by id, errors are RpcErrors', async () => {
  const { FakeSocket, made } = fakeSockets();
  const conn = createConnection({ url: 'ws://h/rpc', WebSocket: FakeSocket, ...fakeTimers() });
  const a = conn.call('fonsters/get', { id: 'A' });
  const b = conn.call('fonsters/delete', { id: 'B' });
  assert.deepEqual(made[0].sent, [], 'nothing is sent before the socket opens');
  made[0].open();
  assert.deepEqual(made[0].sent.map((m) => [m.jsonrpc, m.id, m.method]), [['2.0', 1, 'fonsters/get'], ['2.0', 2, 'fonsters/delete']]);
  made[0].reply([{ jsonrpc: '2.0', id: 2, error: { code: 1001, message: 'No Fonster has that id.' } }, { jsonrpc: '2.0', id: 1, result: { id: 'A' } }]);
  assert.deepEqual(await a, { id: 'A' });
  await assert.rejects(b, (e) => e instanceof RpcError && e.code === 1001 && e.message === 'No Fonster has that id.');
  assert.equal(conn.pendingCount, 0);
});

test('a call the server does not declare is refused before it is sent (protocol.mjs, from openrpc.json)', async () => {
  const { FakeSocket, made } = fakeSockets();
  const conn = createConnection({ url: 'ws://h/rpc', WebSocket: FakeSocket, ...fakeTimers() });
  made[0].open();
  await assert.rejects(conn.call('fonsters/fly'), (e) => e instanceof RpcError && e.code === -32602 && /not a method/.test(e.message));
  await assert.rejects(conn.call('creature/tapAnimation', { seed: 'a', size: 64 }), (e) => e.code === -32602 && /no param 'size'/.test(e.message));
  await assert.rejects(conn.call('fonsters/get', {}), (e) => e.code === -32602 && /needs 'id'/.test(e.message));
  assert.deepEqual(made[0].sent, []);
});

test('notifications reach their subscribers until they unsubscribe', () => {
  const { FakeSocket, made } = fakeSockets();
  const conn = createConnection({ url: 'ws://h/rpc', WebSocket: FakeSocket, ...fakeTimers() });
  made[0].open();
  const got = [];
  const off = conn.subscribe('fonsters/didChange', (p) => got.push(p.reason));
  conn.subscribe('*', (method) => got.push(method));
  made[0].reply({ jsonrpc: '2.0', method: 'fonsters/didChange', params: { ids: [], reason: 'update' } });
  off();
  made[0].reply({ jsonrpc: '2.0', method: 'fonsters/didChange', params: { ids: [], reason: 'delete' } });
  assert.deepEqual(got, ['update', 'fonsters/didChange', 'fonsters/didChange']);
});

test('an aborted call sends $/cancelRequest and rejects at once', async () => {
  const { FakeSocket, made } = fakeSockets();
  const conn = createConnection({ url: 'ws://h/rpc', WebSocket: FakeSocket, ...fakeTimers() });
  made[0].open();
  const controller = new AbortController();
  const p = conn.call('creature/render', { seed: 'x' }, { signal: controller.signal });
  controller.abort();
  await assert.rejects(p, (e) => e.code === ERROR_CODES.requestCancelled);
  assert.deepEqual(made[0].sent[1], { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 1 } });
  made[0].reply({ jsonrpc: '2.0', id: 1, error: { code: -32800, message: 'cancelled' } }); // ignored: already settled
});

test('onProgress adds a workDoneToken and gets that token’s $/progress values until the answer', async () => {
  const { FakeSocket, made } = fakeSockets();
  const conn = createConnection({ url: 'ws://h/rpc', WebSocket: FakeSocket, ...fakeTimers() });
  made[0].open();
  const values = [];
  const p = conn.call('creature/search', { base: 'alice', want: { antlers: true } }, { onProgress: (v) => values.push(v.message) });
  const sent = made[0].sent[0];
  assert.equal(typeof sent.params.workDoneToken, 'string');
  assert.equal(sent.params.base, 'alice');
  const token = sent.params.workDoneToken;
  made[0].reply({ jsonrpc: '2.0', method: '$/progress', params: { token, value: { kind: 'report', message: 'Found 1 of 20' } } });
  made[0].reply({ jsonrpc: '2.0', method: '$/progress', params: { token: 'another', value: { kind: 'report', message: 'not mine' } } });
  made[0].reply({ jsonrpc: '2.0', id: sent.id, result: { results: [] } });
  made[0].reply({ jsonrpc: '2.0', method: '$/progress', params: { token, value: { kind: 'end', message: 'after the answer' } } });
  assert.deepEqual(await p, { results: [] });
  assert.deepEqual(values, ['Found 1 of 20']);
});

test('a lost connection fails calls in flight and reconnects with back-off', async () => {
  const { FakeSocket, made } = fakeSockets();
  const timers = fakeTimers();
  const conn = createConnection({ url: 'ws://h/rpc', WebSocket: FakeSocket, ...timers });
  const states = [];
  conn.onStatus((s) => states.push(`${s.state}${s.retryInMs ? ` ${s.retryInMs}` : ''}${s.reconnected ? ' again' : ''}`));
  made[0].open();
  const inFlight = conn.call('fonsters/list', {});
  made[0].close();
  await assert.rejects(inFlight, (e) => e.code === CLIENT_ERROR_CODES.connectionClosed && /reconnects by itself/.test(e.message));
  assert.equal(timers.fire(), 250);
  made[1].close(); // refused again
  assert.equal(timers.fire(), 500);
  const waiting = conn.call('fonsters/list', {});
  made[2].open();
  assert.equal(made[2].sent[0].method, 'fonsters/list', 'a call made while down goes out once reconnected');
  made[2].reply({ jsonrpc: '2.0', id: made[2].sent[0].id, result: { fonsters: [] } });
  assert.deepEqual(await waiting, { fonsters: [] });
  assert.deepEqual(states, ['connecting', 'open', 'retrying 250', 'connecting', 'retrying 500', 'connecting', 'open again']);
  assert.deepEqual([0, 1, 2, 5, 6, 10].map(backoffDelay), [250, 500, 1000, 8000, 8000, 8000]);
});
