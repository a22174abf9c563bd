// @ts-check
'use strict';

/**
 * The JSON-RPC client and the server connection against a spawned server:
 * framing, concurrent requests, errors, cancellation, progress, notifications,
 * crash and restart, shutdown. Runs against the real fonsters-rpc (skipped only
 * when no binary is found).
 */

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const { ServerConnection } = require('../src/server/connection');
const { loadRpc, readableMessage } = require('../src/rpc/core');
const { encodeMessage, FrameDecoder } = require('../src/rpc/framing');
const { serverKinds } = require('./helpers/servers');
const { holdStoreLock } = require('./helpers/store-lock');
const { waitFor } = require('./helpers/wait');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {ServerConnection} c
 * @param {string} event
 * @param {number} [timeoutMs]
 */
function once(c, event, timeoutMs = 15000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${timeoutMs} ms`)), timeoutMs);
    c.once(event, (...args) => { clearTimeout(timer); resolve(args); });
  });
}

/**
 * Raw frames to and from a server process, without our client in between.
 * @param {string} command
 */
function rawServer(command, args = ['--stdio', '--memory', '--no-starter']) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  /** @type {any[]} */
  const received = [];
  /** @type {(() => void)[]} */
  let wake = [];
  const decoder = new FrameDecoder((m) => { received.push(m); wake.forEach((w) => w()); wake = []; });
  /** @type {any} */ (child.stdout).on('data', (/** @type {Buffer} */ d) => decoder.push(d));
  return {
    child,
    received,
    /** @param {Buffer | string} bytes */
    write(bytes) { /** @type {any} */ (child.stdin).write(bytes); },
    /** @param {(m: any) => boolean} predicate */
    async waitFor(predicate, timeoutMs = 15000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(received).slice(0, 500)}`);
        await new Promise((r) => { wake.push(() => r(undefined)); setTimeout(r, 50); });
      }
    },
    kill() { child.kill('SIGKILL'); },
  };
}

for (const kind of serverKinds()) {
  describe(`RPC client — ${kind.name}`, { skip: kind.skip }, () => {
    /** @type {ServerConnection} */
    let server;
    /** @type {any} */
    let info;
    let stderr = '';

    before(async () => {
      server = new ServerConnection({
        command: kind.command,
        args: ['--stdio', '--memory', '--no-starter'],
        clientInfo: { name: 'fonsters-vscode-tests', version: '0' },
        backoff: { initialMs: 100, maxMs: 400, maxAttempts: 3 },
        initializeTimeoutMs: 10000,
      });
      server.on('stderr', (t) => { stderr += t; });
      info = await server.start();
    });
    after(async () => { await server.stop(); });

    it('initializes with the protocol\'s capabilities', async () => {
      assert.equal(info.serverInfo.name, 'fonsters-rpc');
      assert.equal(info.engine, 'fonsters-v2', 'a new library\'s default engine');
      const { METHOD_NAMES } = await loadRpc();
      assert.deepEqual(info.capabilities.experimental.methods, [...METHOD_NAMES], 'the server lists the methods of the generated protocol.mjs, in its order');
      assert.deepEqual([...info.capabilities.experimental.formats].sort(), ['gif', 'jpeg', 'png', 'svg']);
      assert.deepEqual([...info.capabilities.experimental.randomSources].sort(), ['lorem', 'quote', 'uuid', 'words']);
      assert.equal(info.capabilities.experimental.shareLinkMaxLength, 2000);
      assert.equal(info.store.memory, true);
    });

    it('frames: a request dribbled in byte by byte and two requests in one write are both answered', async () => {
      const raw = rawServer(kind.command);
      try {
        const one = encodeMessage({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
        for (let i = 0; i < one.length; i += 7) { raw.write(one.subarray(i, i + 7)); await sleep(1); }
        const init = await raw.waitFor((m) => m.id === 1);
        assert.equal(init.result.serverInfo.name, 'fonsters-rpc');
        raw.write(Buffer.concat([
          encodeMessage({ jsonrpc: '2.0', id: 2, method: 'creature/describe', params: { seed: 'Bob 👾 ü' } }),
          encodeMessage({ jsonrpc: '2.0', id: 3, method: 'creature/describe', params: { seed: 'Alice' } }),
        ]));
        const [two, three] = await Promise.all([raw.waitFor((m) => m.id === 2), raw.waitFor((m) => m.id === 3)]);
        assert.equal(two.result.seed, 'Bob 👾 ü', 'multi-byte UTF-8 survives the Content-Length framing');
        assert.equal(three.result.seed, 'Alice');
      } finally {
        raw.kill();
      }
    });

    it('answers many concurrent requests, each to its own id', async () => {
      const seeds = Array.from({ length: 24 }, (_, i) => `concurrent ${i} ${'🐙'.repeat(i % 3)}`);
      const results = await Promise.all(seeds.map((seed, i) => (i % 2
        ? server.request('creature/describe', { seed })
        : server.request('creature/render', { seed, size: 64 }))));
      results.forEach((r, i) => {
        if (i % 2) assert.equal(r.seed, seeds[i]);
        else {
          assert.equal(r.width, 64);
          assert.match(r.dataUri, /^data:image\/png;base64,/);
        }
      });
      const grids = results.filter((_, i) => i % 2).map((r) => r.grid.join(''));
      assert.ok(new Set(grids).size > 1, 'different seeds give different creatures');
    });

    it('turns error answers into RpcErrors with readable messages', async () => {
      const { RpcError, ERROR_CODES } = await loadRpc();
      await assert.rejects(server.request('fonsters/nope', {}), (e) => {
        assert.ok(e instanceof RpcError);
        assert.equal(e.code, ERROR_CODES.invalidParams, 'refused before it is sent: the server declares no such method');
        assert.match(readableMessage(e), /fonsters\/nope is not a method of fonsters-rpc/);
        return true;
      });
      await assert.rejects(server.request('creature/render', { seed: 'Bob', size: 100 }), (e) => {
        assert.equal(e.code, ERROR_CODES.invalidParams);
        assert.match(e.message, /size/, 'the message names the field');
        return true;
      });
      await assert.rejects(server.request('fonsters/get', { id: '00000000-0000-0000-0000-000000000000' }), (e) => {
        assert.equal(e.code, ERROR_CODES.notFound);
        assert.ok(e.message.length > 10 && / /.test(e.message), 'a sentence, not a code');
        return true;
      });
      const f = await server.request('fonsters/create', { name: 'Undo me', seed: 'one' });
      await assert.rejects(server.request('fonsters/undo', { id: f.id }), (e) => e.code === ERROR_CODES.nothingToUndo);
      await assert.rejects(server.request('fonsters/redo', { id: f.id }), (e) => e.code === ERROR_CODES.nothingToRedo);
      await assert.rejects(server.request('fonsters/update', { id: f.id, seed: 'x'.repeat(10001) }), (e) => e.code === ERROR_CODES.seedTooLong);
    });

    it('delivers fonsters/didChange notifications', async () => {
      /** @type {any[]} */
      const changes = [];
      const onNote = (/** @type {string} */ method, /** @type {any} */ params) => { if (method === 'fonsters/didChange') changes.push(params); };
      server.on('notification', onNote);
      try {
        const f = await server.request('fonsters/create', { name: 'Notified', seed: 'ping' });
        await server.request('fonsters/update', { id: f.id, seed: 'pong' });
        await waitFor(() => changes.length >= 2, 'the create and update notifications');
        assert.ok(changes.some((c) => c.reason === 'create' && c.ids.includes(f.id)), JSON.stringify(changes));
        assert.ok(changes.some((c) => c.reason === 'update' && c.ids.includes(f.id)), JSON.stringify(changes));
      } finally {
        server.off('notification', onNote);
      }
    });

    it('routes $/progress to the request that asked for it', async () => {
      /** @type {any[]} */
      const values = [];
      const result = await server.request('creature/frames', { seed: 'Progressive', size: 32 }, { onProgress: (v) => values.push(v) });
      assert.equal(result.total, 'Progressive'.length);
      assert.ok(values.length > 0, 'received progress (sent before the answer, so here by now)');
      for (const v of values) assert.ok(['begin', 'report', 'end'].includes(v.kind), JSON.stringify(v));
    });

    /**
     * A server on a store file in a new folder, with a Fonster in it: requests about that Fonster
     * go through the store, so a test holding the store's write lock holds them up for exactly
     * as long as it likes, whatever the build's speed.
     */
    async function serverOnAStoreFile() {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fonsters-held-'));
      const store = path.join(folder, 'library.sqlite');
      const s = new ServerConnection({
        command: kind.command,
        args: ['--stdio', '--store', store, '--no-starter'],
        backoff: { initialMs: 100, maxMs: 400, maxAttempts: 3 },
        initializeTimeoutMs: 10000,
      });
      await s.start();
      const fonster = await s.request('fonsters/create', { seed: 'held' });
      return { s, store, fonster, cleanup: () => fs.rmSync(folder, { recursive: true, force: true }) };
    }

    it('cancels a request held up behind a locked store: the client rejects with -32800 and the server answers the cancelled id with -32800', async () => {
      const { s, store, fonster, cleanup } = await serverOnAStoreFile();
      try {
        const lock = await holdStoreLock(store);
        // The edit waits for the lock; the frames request waits behind it (library requests act in arrival order).
        const edit = s.request('fonsters/update', { id: fonster.id, seed: 'after the lock' });
        const controller = new AbortController();
        const pending = s.request('creature/frames', { id: fonster.id, size: 2048 }, { signal: controller.signal });
        await waitFor(() => s.client && s.client.pendingCount === 2, 'both requests sent and waiting');
        controller.abort();
        const { RpcError, ERROR_CODES } = await loadRpc();
        await assert.rejects(pending, (e) => e instanceof RpcError && e.code === ERROR_CODES.requestCancelled);
        await lock.release();
        assert.equal((await edit).seed, 'after the lock', 'the held edit goes through once the lock is released');
        const after = await s.request('creature/describe', { seed: 'still alive' }, { timeoutMs: 20000 });
        assert.equal(after.seed, 'still alive');

        // The same on the wire, without our client: the server itself answers the cancelled id with -32800.
        await s.stop();
        const raw = rawServer(kind.command, ['--stdio', '--store', store, '--no-starter']);
        try {
          raw.write(encodeMessage({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }));
          await raw.waitFor((m) => m.id === 1);
          const held = await holdStoreLock(store);
          raw.write(encodeMessage({ jsonrpc: '2.0', id: 'edit', method: 'fonsters/update', params: { id: fonster.id, seed: 'again' } }));
          raw.write(encodeMessage({ jsonrpc: '2.0', id: 'held', method: 'creature/frames', params: { id: fonster.id, size: 2048 } }));
          // Held up behind the edit and its lock: had it run, it would answer frames, not -32800.
          raw.write(encodeMessage({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 'held' } }));
          const answer = await raw.waitFor((m) => m.id === 'held', 4000);
          assert.equal(answer.error && answer.error.code, -32800, `the cancelled request answers -32800, got ${JSON.stringify(answer).slice(0, 200)}`);
          await held.release();
          const edited = await raw.waitFor((m) => m.id === 'edit', 10000);
          assert.equal(edited.result && edited.result.seed, 'again');
        } finally {
          raw.kill();
        }
      } finally {
        await s.stop();
        cleanup();
      }
    });

    it('restarts with back-off when the server dies, failing in-flight requests readably', async () => {
      const { s, store, fonster, cleanup } = await serverOnAStoreFile();
      const lock = await holdStoreLock(store);
      try {
        const { CLIENT_ERROR_CODES } = await loadRpc();
        const firstPid = s.pid;
        assert.ok(firstPid);
        // In flight for as long as the lock is held: the server is killed while it waits.
        const inFlight = s.request('fonsters/update', { id: fonster.id, seed: 'in flight when the server dies' });
        const scheduled = once(s, 'restartScheduled');
        const ready = once(s, 'ready');
        await waitFor(() => s.client && s.client.pendingCount === 1, 'the update sent and waiting');
        process.kill(/** @type {number} */ (firstPid), 'SIGKILL');
        await assert.rejects(inFlight, (e) => {
          assert.equal(e.code, CLIENT_ERROR_CODES.connectionClosed);
          assert.match(readableMessage(e), /stopped unexpectedly \(killed by SIGKILL\)/);
          return true;
        });
        await lock.release();
        const [{ delayMs, attempt }] = /** @type {any} */ (await scheduled);
        assert.equal(attempt, 1);
        assert.equal(delayMs, 100);
        const [, how] = /** @type {any} */ (await ready);
        assert.equal(how.restarted, true);
        assert.notEqual(s.pid, firstPid);
        const r = await s.request('creature/describe', { seed: 'after restart' });
        assert.equal(r.seed, 'after restart');
        assert.equal((await s.request('fonsters/get', { id: fonster.id })).seed, 'held', 'the killed edit never happened');
      } finally {
        await lock.release();
        await s.stop();
        cleanup();
      }
    });

    it('shuts down in order and exits with code 0', async () => {
      const s = new ServerConnection({ command: kind.command, args: ['--stdio', '--memory', '--no-starter'] });
      await s.start();
      const exit = once(s, 'exit');
      await s.stop();
      const [{ code, expected }] = /** @type {any} */ (await exit);
      assert.equal(expected, true);
      assert.equal(code, 0);
      assert.equal(s.state, 'stopped');
    });
  });
}

describe('ServerConnection without a working server', () => {
  it('reports a missing executable at once, naming the setting', async () => {
    const s = new ServerConnection({ command: '/nonexistent/fonsters-rpc' });
    await assert.rejects(s.start(), /not found at "\/nonexistent\/fonsters-rpc".*fonsters\.serverPath/);
    assert.equal(s.state, 'failed');
    assert.equal(/** @type {any} */ (s.failure).reason, 'notFound', 'the welcome view tells this failure apart');
    await assert.rejects(s.request('fonsters/list', {}), /not found/);
  });

  it('gives up after repeated crashes with a readable message', async () => {
    const s = new ServerConnection({
      command: process.execPath,
      args: ['-e', 'process.stderr.write("boom\\n"); process.exit(3)'],
      backoff: { initialMs: 20, maxMs: 80, maxAttempts: 3 },
    });
    /** @type {number[]} */
    const delays = [];
    s.on('restartScheduled', ({ delayMs }) => delays.push(delayMs));
    let stderr = '';
    s.on('stderr', (t) => { stderr += t; });
    await assert.rejects(s.start(), /keeps stopping \(exit code 3\); gave up after 3 restarts/);
    assert.deepEqual(delays, [20, 40, 80], 'exponential back-off, capped');
    assert.match(stderr, /boom/);
    assert.equal(s.state, 'failed');
    assert.equal(/** @type {any} */ (s.failure).reason, 'keepsStopping');
  });

  it('restarts a server that does not answer initialize in time', async () => {
    const s = new ServerConnection({
      command: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000)'],
      backoff: { initialMs: 10, maxAttempts: 1 },
      initializeTimeoutMs: 200,
    });
    /** @type {string[]} */
    const logs = [];
    s.on('log', (l) => logs.push(l));
    await assert.rejects(s.start(), /keeps stopping/);
    assert.ok(logs.some((l) => /did not answer initialize/.test(l)), logs.join('\n'));
  });
});
