// The detail service against a fake server whose answers come in the order a test sets:
// an edit's answer (with its look-alikes) and the reload its own didChange prompts cross.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDetailService } from '../ui/detail-service.mjs';

const ID = '00000000-0000-4000-8000-00000000000A';
const BOB = '00000000-0000-4000-8000-00000000000B';

/** A library of two Fonsters; every call waits until the test releases it (`next(method)`). */
function fakeServer() {
  const library = new Map([
    [ID, { id: ID, name: 'Alpha', displayName: 'Alpha', seed: 'alpha', randomSource: null, canUndo: false, canRedo: false, engine: 'fonsters-v1' }],
    [BOB, { id: BOB, name: 'Bob', displayName: 'Bob', seed: 'hello', randomSource: null, canUndo: false, canRedo: false, engine: 'fonsters-v1' }],
  ]);
  const waiting = [];
  const answer = (method, params) => {
    if (method === 'fonsters/get') {
      const f = library.get(params.id);
      // Alpha draws Bob's picture while its seed is "grace" (as v1 draws them).
      const same = params.id === ID && f.seed === 'grace' && f.engine === 'fonsters-v1' ? [BOB] : [];
      return params.lookalikes ? { ...f, sameAs: same, sameCount: same.length, nearlyAs: [], nearlyCount: 0 } : { ...f };
    }
    if (method === 'fonsters/update') {
      const f = library.get(params.id);
      if (params.engine) f.engine = params.engine;
      if (params.seed !== undefined) f.seed = params.seed;
      return { ...f, sameAs: [BOB], sameCount: 1, nearlyAs: [], nearlyCount: 0 };
    }
    if (method === 'creature/render') return { dataUri: `data:${params.id || params.seed}@${params.engine || library.get(params.id).engine}`, alt: 'a creature', width: 1, height: 1 };
    if (method === 'creature/environment') return { scene: {} };
    // In fonsters-v1 "grace" draws hello's picture (Bob's, and Alpha's while its seed is "grace");
    // in fonsters-v2 nothing does.
    const alike = (seed, engine) => (engine === 'fonsters-v1' && (seed === 'grace' || seed === 'hello')
      ? [...library.values()].filter((f) => f.engine === 'fonsters-v1' && (f.seed === 'grace' || f.seed === 'hello')).map((f) => f.id) : []);
    if (method === 'fonsters/lookalikesOf') {
      const same = alike(params.seed, params.engine).filter((other) => other !== params.except);
      return { engine: params.engine, sameAs: same, sameCount: same.length, nearlyAs: [], nearlyCount: 0 };
    }
    throw new Error(`unexpected ${method}`);
  };
  const call = (method, params) => new Promise((resolve, reject) => {
    waiting.push({ method, params, resolve, reject });
  });
  /** Answer the oldest waiting call of `method` (its answer computed now). */
  async function next(method) {
    for (let i = 0; i < 50 && !waiting.some((w) => w.method === method); i++) await new Promise((r) => setImmediate(r));
    const i = waiting.findIndex((w) => w.method === method);
    assert.ok(i >= 0, `a ${method} call is waiting`);
    const [w] = waiting.splice(i, 1);
    w.resolve(answer(w.method, w.params));
  }
  /** Answer everything waiting, repeatedly, until nothing more is asked. */
  async function drain() {
    for (let round = 0; round < 50; round++) {
      await new Promise((r) => setImmediate(r));
      if (!waiting.length) continue;
      const w = waiting.shift();
      w.resolve(answer(w.method, w.params));
    }
  }
  return { call, next, drain, library };
}

function service(server, extra = {}) {
  const sent = [];
  const s = createDetailService({
    ...extra,
    call: server.call,
    target: { id: ID },
    send: (m) => { sent.push(m); return true; },
    sources: () => [],
    engines: () => ['fonsters-v1', 'fonsters-v2'],
    previewEngine: () => undefined,
    defaultEngine: () => 'fonsters-v1',
    isCancellation: () => false,
    describe: (e) => String(e && e.message),
    exportCreature: async () => {},
    share: async () => {},
    saveAsFonster: async () => {},
  });
  return { s, sent };
}

const last = (sent, type) => sent.filter((m) => m.type === type).at(-1);

/** The service once its view said `ready` and every call that prompted was answered. */
async function opened(server, extra) {
  const { s, sent } = service(server, extra);
  const ready = s.handle({ type: 'ready' });
  await server.drain();
  await ready;
  return { s, sent };
}

test('an engine switch whose answer comes before the reload its didChange prompts shows the new engine and the look-alikes', async () => {
  const server = fakeServer();
  const { s, sent } = await opened(server);
  assert.equal(last(sent, 'init').engines.current, 'fonsters-v1');

  const switching = s.handle({ type: 'setEngine', engine: 'fonsters-v2' });
  await server.next('fonsters/update');
  // The didChange of the switch: the page reloads, and its answer comes while the switch's
  // pictures are still being drawn.
  const reload = s.reload();
  await server.next('fonsters/get');
  await server.drain();
  await Promise.all([switching, reload]);

  const shown = sent.filter((m) => m.type === 'fonster');
  const pictured = shown.filter((m) => m.engines);
  assert.ok(pictured.length >= 1, 'the switch sends its pictures');
  assert.equal(pictured.at(-1).engines.current, 'fonsters-v2');
  assert.equal(shown.at(-1).fonster.engine, 'fonsters-v2');
  assert.equal(shown.at(-1).fonster.sameAs, undefined, 'the view gets the Fonster’s own fields');
  assert.deepEqual(shown.at(-1).lookalikes, { sameAs: [{ id: BOB, name: 'Bob' }], nearlyAs: [], sameCount: 1, nearlyCount: 0, text: 'Looks exactly like “Bob”.',
    seed: 'alpha', findVariant: true }, 'drawn by fonsters-v2 already: no engine to offer');
});

test('a reload answered before the edit’s answer: the edit still shows, and its look-alikes stay through later reloads', async () => {
  const server = fakeServer();
  const { s, sent } = await opened(server);

  const editing = s.handle({ type: 'commitSeed', seed: 'grace' });
  server.library.get(ID).seed = 'grace'; // committed; the answer is late
  const reload = s.reload();
  await server.next('fonsters/get');
  await server.drain();
  await Promise.all([editing, reload]);
  const shown = sent.filter((m) => m.type === 'fonster');
  assert.equal(shown.at(-1).fonster.seed, 'grace');
  assert.ok(shown.some((m) => m.image && m.image.dataUri === `data:${ID}@fonsters-v1`));
  assert.equal(shown.at(-1).lookalikes.sameCount, 1);

  // A rename elsewhere: fields change, the look-alikes of the same picture stay.
  server.library.get(ID).name = 'Renamed';
  const again = s.reload();
  await server.drain();
  await again;
  const after = sent.filter((m) => m.type === 'fonster').at(-1);
  assert.equal(after.fonster.name, 'Renamed');
  assert.equal(after.lookalikes.sameCount, 1);

  // An identical reload sends nothing.
  const count = sent.length;
  const same = s.reload();
  await server.drain();
  await same;
  assert.equal(sent.length, count);
});

test('a detail opened on a Fonster that looks like another says so at once, and an edit elsewhere updates it', async () => {
  const server = fakeServer();
  server.library.get(ID).seed = 'grace';
  const { s, sent } = await opened(server);
  const init = last(sent, 'init');
  assert.equal(init.fonster.sameAs, undefined, 'the view gets the Fonster’s own fields');
  assert.deepEqual(init.lookalikes, { sameAs: [{ id: BOB, name: 'Bob' }], nearlyAs: [], sameCount: 1, nearlyCount: 0, text: 'Looks exactly like “Bob”.',
    seed: 'grace', drawWith: 'fonsters-v2', findVariant: true });

  // Another window gives it a seed of its own: the reload its didChange prompts says it looks like no one.
  server.library.get(ID).seed = 'a seed of its own';
  const reload = s.reload();
  await server.drain();
  await reload;
  const after = last(sent, 'fonster');
  assert.equal(after.fonster.seed, 'a seed of its own');
  assert.deepEqual(after.lookalikes, { sameAs: [], nearlyAs: [], sameCount: 0, nearlyCount: 0, text: 'No other Fonster of the library looks like it.',
    seed: 'a seed of its own', findVariant: false });
});

test('a typed seed’s preview carries each engine’s picture of the typed text, so the choices follow the typing', async () => {
  const server = fakeServer();
  const { s, sent } = await opened(server);
  const typing = s.handle({ type: 'typing', seed: 'typed', seq: 1 });
  await server.drain();
  await typing;
  const preview = last(sent, 'preview');
  assert.equal(preview.image.dataUri, 'data:typed@fonsters-v1');
  assert.deepEqual(preview.engines, {
    current: 'fonsters-v1',
    choices: [
      { engine: 'fonsters-v1', image: { dataUri: 'data:typed@fonsters-v1', alt: 'a creature', width: 1, height: 1 } },
      { engine: 'fonsters-v2', image: { dataUri: 'data:typed@fonsters-v2', alt: 'a creature', width: 1, height: 1 } },
    ],
  });
  assert.equal(server.library.get(ID).seed, 'alpha', 'typing keeps nothing');
});

test('typing a seed says what it looks like before it is kept: each other Fonster once, the open one left out, fonsters-v2 offered', async () => {
  const server = fakeServer();
  server.library.get(ID).seed = 'grace'; // the open Fonster draws hello's picture too
  const { s, sent } = await opened(server);
  const typing = s.handle({ type: 'typing', seed: 'hello', seq: 1 });
  await server.drain();
  await typing;
  const found = last(sent, 'lookalikes');
  assert.equal(found.seq, 1);
  assert.equal(found.seed, 'hello');
  assert.deepEqual(found.lookalikes.sameAs, [{ id: BOB, name: 'Bob' }], 'the open Fonster is not its own look-alike');
  assert.equal(found.lookalikes.text, 'Looks exactly like “Bob”.');
  assert.equal(found.lookalikes.drawWith, 'fonsters-v2', 'fonsters-v2 draws hello with no look-alike');
  assert.equal(found.lookalikes.findVariant, true);
  assert.equal(server.library.get(ID).seed, 'grace', 'typing keeps nothing');

  const other = s.handle({ type: 'typing', seed: 'a seed of its own', seq: 2 });
  await server.drain();
  await other;
  assert.equal(last(sent, 'lookalikes').lookalikes.sameCount, 0);
  assert.equal(last(sent, 'lookalikes').lookalikes.drawWith, undefined);
});

test('two Fonsters of one name are named once', async () => {
  const server = fakeServer();
  const CAROL = '00000000-0000-4000-8000-00000000000C';
  server.library.set(CAROL, { ...server.library.get(BOB), id: CAROL });
  const { s, sent } = await opened(server);
  const typing = s.handle({ type: 'typing', seed: 'grace', seq: 1 });
  await server.drain();
  await typing;
  const found = last(sent, 'lookalikes').lookalikes;
  assert.equal(found.sameCount, 2);
  assert.equal(found.text, 'Looks exactly like “Bob” and 1 more.');
});

test('the warning’s offers: Draw it with fonsters-v2 keeps the typed seed with that engine in one edit; Find a distinct variant asks the host', async () => {
  const server = fakeServer();
  const variants = [];
  const { s } = await opened(server, { findVariant: (seed, f) => variants.push([seed, f.id]) });
  const drawing = s.handle({ type: 'drawWith', engine: 'fonsters-v2', seed: 'grace' });
  await server.drain();
  await drawing;
  assert.equal(server.library.get(ID).seed, 'grace');
  assert.equal(server.library.get(ID).engine, 'fonsters-v2');
  await s.handle({ type: 'findVariant', seed: 'grace' });
  assert.deepEqual(variants, [['grace', ID]]);
});
