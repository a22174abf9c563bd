// @ts-check
'use strict';

/**
 * The linux .vsix runs where no Swift toolchain is installed: its bundled
 * server (built by scripts/package-linux.sh with --static-swift-stdlib) is
 * unpacked from the package and run with the toolchain's runtime directory
 * hidden — a private mount namespace (`unshare -m`) lays an empty tmpfs over
 * it, so no library there can be found by any search path or RUNPATH. There,
 * `ldd` must list no Swift library and nothing "not found", and the server
 * must answer initialize, serve a session through the extension's own
 * connection code, and play the whole scripted tour. A toolchain-linked
 * server under the same hiding must fail to load (the hiding works).
 *
 * Needs .build-static/fonsters-rpc-linux-x64 (or FONSTERS_STATIC_SERVER):
 * without it the suite is skipped with a message saying how to build it.
 */

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const { buildVsix } = require('../scripts/build-vsix');
const { readZip } = require('./helpers/zip-reader');
const { EXTENSION_ROOT, findRealServer } = require('./helpers/servers');
const { ServerConnection } = require('../src/server/connection');

const REPO = path.resolve(EXTENSION_ROOT, '..', '..');
const TARGET = process.arch === 'arm64' ? 'linux-arm64' : 'linux-x64';
const STATIC_SERVER = process.env.FONSTERS_STATIC_SERVER
  ? path.resolve(process.env.FONSTERS_STATIC_SERVER)
  : path.join(REPO, '.build-static', `fonsters-rpc-${TARGET}`);

/** Why the suite cannot run here, or false. */
function skipReason() {
  if (process.platform !== 'linux') return 'the platform .vsix is a Linux package';
  if (!fs.existsSync(STATIC_SERVER)) {
    return `no static server at ${STATIC_SERVER}: run clients/vscode-extension/scripts/package-linux.sh `
      + '(a release build with --static-swift-stdlib, several minutes on 2 cores) or set FONSTERS_STATIC_SERVER';
  }
  return false;
}

/** The toolchain's runtime directory (where libswiftCore.so lives), from swiftc or the swift on PATH. */
function swiftRuntimeDirectory() {
  try {
    const info = JSON.parse(execFileSync('swiftc', ['-print-target-info'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    const dir = info.paths.runtimeLibraryPaths.find((/** @type {string} */ d) => fs.existsSync(path.join(d, 'libswiftCore.so')));
    if (dir) return dir;
  } catch { /* no swiftc: fall through */ }
  return null;
}

/** Whether this process may make a private mount namespace (root, or a permissive container). */
function canUnshare() {
  const r = spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', 'mount -t tmpfs none /mnt 2>/dev/null || mount -t tmpfs none /tmp'], { stdio: 'ignore' });
  return r.status === 0;
}

/**
 * A command line that runs `argv` with `hidden` covered by an empty tmpfs and no
 * library search path from the environment.
 * @param {string} hidden @param {string[]} argv
 */
function hiddenRuntime(hidden, argv) {
  return {
    command: 'unshare',
    args: ['-m', '--propagation', 'private', 'sh', '-c', 'mount -t tmpfs none "$1" && shift && exec env -u LD_LIBRARY_PATH "$@"', 'sh', hidden, ...argv],
  };
}

describe(`platform .vsix (${TARGET}) runs without the Swift toolchain`, { skip: skipReason() }, () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fonsters-platform-'));
  const unpacked = path.join(tmp, 'extension');
  const runtime = swiftRuntimeDirectory();
  /** Whether the runtime directory can be hidden here (a toolchain to hide, and unshare permitted). */
  let hidable = false;
  /** @type {Map<string, any>} */
  let entries;

  before(() => {
    hidable = Boolean(runtime) && canUnshare();
    const { file } = buildVsix({ target: TARGET, server: STATIC_SERVER, out: path.join(tmp, `fonsters-${TARGET}.vsix`) });
    entries = readZip(fs.readFileSync(file));
    for (const [name, entry] of entries) {
      if (!name.startsWith('extension/')) continue;
      const dest = path.join(tmp, name);
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.writeFileSync(dest, entry.data, { mode: entry.mode || 0o644 });
    }
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const server = () => path.join(unpacked, 'server', 'fonsters-rpc');
  /** @param {string[]} argv */
  const isolated = (argv) => hiddenRuntime(/** @type {string} */ (runtime), argv);
  const NOT_HIDABLE = 'the runtime cannot be hidden here: no Swift toolchain, or unshare -m is not permitted (needs root or a user namespace); the ldd check still applies';

  it('the manifest names the platform and the unpacked server is executable', () => {
    const manifest = entries.get('extension.vsixmanifest').data.toString('utf8');
    assert.match(manifest, new RegExp(`<Identity [^>]*TargetPlatform="${TARGET}"`));
    const stat = fs.statSync(server());
    assert.equal(stat.mode & 0o777, 0o755);
    assert.ok(fs.readFileSync(server()).equals(fs.readFileSync(STATIC_SERVER)), 'the bundled bytes are the static server');
  });

  it('ldd lists no Swift or Foundation library and nothing missing', () => {
    const libraries = execFileSync('ldd', [server()], { encoding: 'utf8' });
    assert.doesNotMatch(libraries, /libswift|libFoundation|libdispatch|libBlocksRuntime|lib_FoundationICU/, libraries);
    assert.doesNotMatch(libraries, /not found/, libraries);
  });

  it('hiding the toolchain runtime works: a toolchain-linked server cannot load under it', (t) => {
    if (!hidable) return t.skip(NOT_HIDABLE);
    const dynamic = findRealServer();
    if (!dynamic) return t.diagnostic('no toolchain-linked fonsters-rpc to compare with');
    const linked = execFileSync('ldd', [dynamic.command], { encoding: 'utf8' });
    if (!/libswiftCore/.test(linked)) return t.diagnostic(`${dynamic.command} is itself static`);
    const { command, args } = isolated([dynamic.command, '--version']);
    const run = spawnSync(command, args, { encoding: 'utf8' });
    assert.notEqual(run.status, 0, 'a toolchain-linked binary must not start with the runtime hidden');
    assert.match(run.stderr, /libswift\w*\.so.*(cannot open|No such file)/);
  });

  it('with the runtime hidden, ldd is still clean and the server answers initialize and serves a session', async (t) => {
    if (!hidable) return t.skip(NOT_HIDABLE);
    const ldd = spawnSync(...spread(isolated(['ldd', server()])), { encoding: 'utf8' });
    assert.equal(ldd.status, 0, ldd.stderr);
    assert.doesNotMatch(ldd.stdout, /libswift|libFoundation|not found/, ldd.stdout);

    const { command, args } = isolated([server(), '--stdio', '--memory', '--no-starter', '--log-level', 'warn']);
    const connection = new ServerConnection({ command, args, backoff: { maxAttempts: 0 } });
    try {
      const info = await connection.start();
      assert.equal(info.serverInfo.name, 'fonsters-rpc');
      assert.ok(info.capabilities, 'capabilities in the initialize result');
      const created = await connection.request('fonsters/create', { name: 'Static', seed: 'no toolchain here' });
      assert.equal(created.displayName, 'Static');
      assert.match(created.createdAt, /^\d{4}-\d\d-\d\dT/);
      const image = await connection.request('creature/render', { seed: 'no toolchain here', format: 'png', size: 64 });
      assert.match(image.dataUri, /^data:image\/png;base64,iVBORw0KGgo/);
      const bundle = (await connection.request('library/export', {})).bundle;
      assert.deepEqual(bundle.fonsters.map((/** @type {any} */ f) => f.seed), ['no toolchain here']);
      const clock = await connection.request('clock/creature', { format: 'svg', size: 32 });
      assert.match(clock.seed, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    } finally {
      await connection.stop();
    }
  });

  it('with the runtime hidden, the server draws the same creatures as the toolchain-built one', (t) => {
    if (!hidable) return t.skip(NOT_HIDABLE);
    const reference = findRealServer();
    if (!reference) return t.skip('no toolchain-built fonsters-rpc to compare with (set FONSTERS_SERVER)');
    const seeds = ['hello', 'new one', 'Ünïcödé 🐙 seed', 'x'.repeat(300)];
    const ours = spawnSync(...spread(isolated([server(), 'describe', ...seeds])), { encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.equal(ours.status, 0, ours.stderr);
    const theirs = execFileSync(reference.command, ['describe', ...seeds], { encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.ok(ours.stdout.length > 1000, 'describe printed the records');
    assert.equal(ours.stdout, theirs, 'the static, stripped build computes the same records');
  });

  it('with the runtime hidden, the server plays the whole scripted tour without an error', (t) => {
    if (!hidable) return t.skip(NOT_HIDABLE);
    const tour = path.join(REPO, 'examples', 'tour.jsonl');
    const run = spawnSync(...spread(isolated([server(), '--script', tour, '--memory', '--no-starter'])), { encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.equal(run.status, 0, `the tour fails (exit ${run.status}):\n${run.stderr.slice(-2000)}`);
    const responses = run.stdout.trim().split('\n').map((line) => JSON.parse(line));
    assert.ok(responses.length >= 20, `${responses.length} responses`);
    for (const r of responses) assert.equal(r.error, undefined, JSON.stringify(r).slice(0, 300));
  });
});

/** @param {{ command: string, args: string[] }} c @returns {[string, string[]]} */
function spread(c) {
  return [c.command, c.args];
}
