// The "Find a look" panel's service against a fake server that streams results as $/progress:
// matches reach the view as they come, a newer search cancels the older one, a pick creates a
// Fonster or sets the open Fonster's seed, and Undo takes that edit back. And the `want` the
// panel's choices make.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createFindLookService, LIMIT } from '../ui/findlook-service.mjs';
import { wantFrom, traitsText, FEATURES, CHOICES } from '../ui/findlook.js';

const ALPHA = '00000000-0000-4000-8000-00000000000A';
const tick = () => new Promise((r) => setImmediate(r));

/** A server whose searches wait for the test to stream their results. */
function fakeServer() {
  const calls = [];
  const searches = [];
  let seed = 'alpha';
  const history = [];
  const call = (method, params, opts = {}) => {
    calls.push({ method, params });
    if (method === 'creature/search') {
      return new Promise((resolve, reject) => {
        const s = { params, opts, resolve, reject, sent: [] };
        if (opts.signal) opts.signal.addEventListener('abort', () => reject(Object.assign(new Error('cancelled'), { code: -32800 })));
        searches.push(s);
      });
    }
    if (method === 'fonsters/create') return Promise.resolve({ id: 'NEW', displayName: params.seed, seed: params.seed, engine: params.engine || 'fonsters-v1' });
    if (method === 'fonsters/update') { history.push(seed); seed = params.seed; return Promise.resolve({ id: ALPHA, displayName: 'Alpha', seed, sameAs: [], nearlyAs: [] }); }
    if (method === 'fonsters/undo') { seed = history.pop(); return Promise.resolve({ id: ALPHA, displayName: 'Alpha', seed }); }
    return Promise.reject(new Error(`unexpected ${method}`));
  };
  const result = (s) => ({ seed: s, candidate: 1, variant: 'numbers', thumbnail: 'data:image/png;base64,AA', traits: { antlers: 'true' } });
  return {
    calls, searches, call, result,
    /** Report one result of a search. */
    report(s, seedText) { s.sent.push(this.result(seedText)); s.opts.onProgress({ kind: 'report', message: `Found ${s.sent.length}`, result: this.result(seedText) }); },
    finish(s, extra = []) { s.resolve({ results: [...s.sent, ...extra.map((x) => this.result(x))], tried: 1234, stoppedBy: 'exhausted', engine: 'fonsters-v1' }); },
    get seed() { return seed; },
  };
}

function service(server, target = { id: ALPHA, name: 'Alpha', engine: 'fonsters-v2' }, engines = []) {
  const sent = [];
  const created = [];
  const s = createFindLookService({
    call: server.call,
    send: (m) => { sent.push(m); return true; },
    target: () => target,
    engine: () => undefined,
    engines: () => engines,
    isCancellation: (e) => e && e.code === -32800,
    describe: (e) => e.message,
    onCreated: (f) => created.push(f),
  });
  return { s, sent, created };
}

test('matches reach the view as they are found; the answer adds any the reports missed', async () => {
  const server = fakeServer();
  const { s, sent } = service(server);
  const running = s.handle({ type: 'search', seq: 1, base: 'alice', want: { antlers: true } });
  await tick();
  const [search] = server.searches;
  assert.deepEqual(search.params, { base: 'alice', want: { antlers: true }, limit: LIMIT, engine: 'fonsters-v2', unlike: [ALPHA] },
    'the open Fonster’s engine, and no match drawing its picture');
  assert.equal(typeof search.opts.onProgress, 'function');
  server.report(search, 'alice 2');
  assert.deepEqual(sent.map((m) => m.type), ['started', 'result'], 'the first match is sent before the search ends');
  server.report(search, 'alice 7');
  server.finish(search, ['alice 9']);
  await running;
  assert.deepEqual(sent.filter((m) => m.type === 'result').map((m) => m.result.seed), ['alice 2', 'alice 7', 'alice 9']);
  assert.deepEqual(sent.at(-1), { type: 'done', seq: 1, count: 3, tried: 1234, stoppedBy: 'exhausted', engine: 'fonsters-v1' });
  assert.equal(s.searching, false);
});

test('a newer search cancels the one running: nothing more of the old one reaches the view', async () => {
  const server = fakeServer();
  const { s, sent } = service(server);
  const first = s.handle({ type: 'search', seq: 1, base: 'ali', want: { horn: true } });
  await tick();
  const second = s.handle({ type: 'search', seq: 2, base: 'alice', want: { horn: true } });
  await tick();
  const [old, current] = server.searches;
  assert.ok(old.opts.signal.aborted, 'the first search was cancelled');
  server.report(current, 'alice 1');
  server.finish(current);
  await Promise.all([first, second]);
  assert.ok(sent.filter((m) => m.seq === 1).every((m) => m.type === 'started'), 'only the start of the first search');
  assert.equal(sent.at(-1).type, 'done');
  assert.equal(sent.at(-1).seq, 2);

  const third = s.handle({ type: 'search', seq: 3, base: 'bob', want: { horn: true } });
  await tick();
  await s.handle({ type: 'cancel' });
  await third;
  assert.ok(server.searches[2].opts.signal.aborted);
  assert.deepEqual(sent.at(-1), { type: 'cancelled', seq: 3 });
});

test('an impossible want is shown with the traits that conflict', async () => {
  const server = fakeServer();
  const { s, sent } = service(server);
  const running = s.handle({ type: 'search', seq: 1, base: 'alice', want: { antlers: true, mode: 'space' } });
  await tick();
  server.searches[0].reject(Object.assign(new Error("'antlers' with 'mode=space' is impossible"), { code: -32602, data: { field: 'want', traits: ['antlers', 'mode'], impossible: true } }));
  await running;
  assert.deepEqual(sent.at(-1), { type: 'failed', seq: 1, message: "'antlers' with 'mode=space' is impossible", traits: ['antlers', 'mode'], impossible: true });
});

test('a pick creates a Fonster, or sets the open Fonster’s seed, which Undo takes back', async () => {
  const server = fakeServer();
  const { s, sent, created } = service(server);
  await s.handle({ type: 'create', seed: 'alice 2' });
  assert.deepEqual(server.calls.at(-1), { method: 'fonsters/create', params: { seed: 'alice 2', engine: 'fonsters-v2' } });
  assert.equal(created[0].seed, 'alice 2');
  assert.equal(sent.at(-1).type, 'created');

  await s.handle({ type: 'setSeed', seed: 'alice 7' });
  assert.deepEqual(server.calls.at(-1), { method: 'fonsters/update', params: { id: ALPHA, seed: 'alice 7' } });
  assert.equal(server.seed, 'alice 7');
  assert.equal(sent.at(-1).type, 'seedSet');
  await s.handle({ type: 'undo' });
  assert.deepEqual(server.calls.at(-1), { method: 'fonsters/undo', params: { id: ALPHA } });
  assert.equal(server.seed, 'alpha');
  assert.equal(sent.at(-1).type, 'undone');
  const count = server.calls.length;
  await s.handle({ type: 'undo' });
  assert.equal(server.calls.length, count, 'one Undo per pick');
});

test('without an open Fonster a pick can only create; the search uses the server’s engine', async () => {
  const server = fakeServer();
  const { s, sent } = service(server, null);
  await s.handle({ type: 'ready' });
  assert.deepEqual(sent.at(-1), { type: 'init', target: null, engine: null, engines: [] });
  await s.handle({ type: 'setSeed', seed: 'x' });
  assert.equal(sent.at(-1).error, true);
  assert.ok(!server.calls.some((c) => c.method === 'fonsters/update'));
  const running = s.handle({ type: 'search', seq: 1, base: 'alice', want: { eyes: true } });
  await tick();
  assert.deepEqual(server.searches[0].params, { base: 'alice', want: { eyes: true }, limit: LIMIT });
  server.finish(server.searches[0]);
  await running;
});

test('the panel’s choices make creature/search’s want', () => {
  assert.equal(wantFrom({}), null);
  assert.deepEqual(wantFrom({ features: ['antlers', 'beard', 'wings'], flags: ['symmetric'], choices: { mode: 'creature', tier: '5', colorCount: '', tap: 'rain' }, color: '#E94560' }),
    { antlers: true, beard: true, symmetric: true, mode: 'creature', tier: 5, tap: 'rain', color: '#e94560' });
  assert.deepEqual(wantFrom({ choices: { colorCount: '4' }, color: 'red' }), { colorCount: 4 });
  assert.ok(FEATURES.includes('appendages') && CHOICES.tap.values.length === 21);
  assert.equal(traitsText({ antlers: 'true', tier: 5 }), 'antlers, tier 5');
});

test('the panel says which engine it searches with — the open Fonster’s first — and searches and creates with the one chosen', async () => {
  const server = fakeServer();
  const { s, sent, created } = service(server, { id: ALPHA, name: 'Alpha', engine: 'fonsters-v2' }, ['fonsters-v1', 'fonsters-v2']);
  await s.handle({ type: 'ready' });
  assert.deepEqual(sent.at(-1), {
    type: 'init', target: { id: ALPHA, name: 'Alpha', engine: 'fonsters-v2' }, engine: 'fonsters-v2', engines: ['fonsters-v2', 'fonsters-v1'],
  });
  const running = s.handle({ type: 'search', seq: 1, base: 'alice', want: { antlers: true }, engine: 'fonsters-v1' });
  await tick();
  assert.equal(server.searches[0].params.engine, 'fonsters-v1', 'the chosen engine');
  server.finish(server.searches[0]);
  await running;
  await s.handle({ type: 'create', seed: 'alice 3', engine: 'fonsters-v1' });
  assert.equal(created[0].engine, 'fonsters-v1', 'a match becomes a Fonster drawn as it was shown');
  await s.handle({ type: 'setSeed', seed: 'alice 3', engine: 'fonsters-v1' });
  assert.ok(!server.calls.some((c) => c.method === 'fonsters/update'), 'another engine’s match is not set as Alpha’s seed');
  assert.match(sent.at(-1).message, /drawn by fonsters-v1/);
  const unknown = s.handle({ type: 'search', seq: 2, base: 'alice', want: { antlers: true }, engine: 'no-such-engine' });
  await tick();
  assert.equal(server.searches[1].params.engine, 'fonsters-v2', 'an engine the server lacks falls back to the Fonster’s');
  server.finish(server.searches[1]);
  await unknown;
});

test('without an open Fonster the library’s default engine comes first', async () => {
  const server = fakeServer();
  const sent = [];
  const s = createFindLookService({
    call: server.call, send: (m) => { sent.push(m); return true; }, target: () => null, engine: () => 'fonsters-v2',
    engines: () => ['fonsters-v1', 'fonsters-v2'], isCancellation: () => false, describe: (e) => e.message,
  });
  await s.handle({ type: 'ready' });
  assert.deepEqual(sent.at(-1), { type: 'init', target: null, engine: 'fonsters-v2', engines: ['fonsters-v2', 'fonsters-v1'] });
});
