// @ts-check
'use strict';

/**
 * The detail webview's real HTML, script and stylesheet in headless Chromium,
 * with a stand-in for VS Code's webview messaging that answers with responses
 * recorded from a server just before. In the page: the creature's pixels at
 * chosen cells match the server's grid and colours, play advances frames at the
 * server's interval with the prefix highlight, pause/stop/use-as-seed, the tap
 * animation, seed typing and commit, the CSP (nonce'd script and style run, an
 * inline script does not), and state restored after hide/show. Plus a
 * screenshot that must be a real PNG of the window size showing the creature.
 * The page is served over loopback HTTP (ES modules do not load from file:),
 * with the shared view from clients/web/ui as the extension ships it.
 */

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ServerConnection } = require('../src/server/connection');
const { buildDetailHtml } = require('../src/detail/html');
const { makeNonce } = require('../src/util/nonce');
const { serverKinds } = require('./helpers/servers');
const { findChromium, runChromium } = require('./helpers/chromium');
const { decodePng, pngSize } = require('./helpers/png');

const chromium = findChromium();
const NO_CHROMIUM = 'chromium not found on PATH (Debian: apt-get install -y chromium)';
const SEED = 'Pixel Bob';
const WINDOW = { width: 900, height: 1000 };

/**
 * Cells to check: some of each colour in use, and some transparent ones.
 * @param {string[]} grid @param {string[]} colors
 */
function chooseCells(grid, colors) {
  /** @type {{ x: number, y: number, rgba: number[] }[]} */
  const cells = [];
  /** @type {Map<string, number>} */
  const perValue = new Map();
  for (let y = 1; y < 32; y += 3) {
    for (let x = 2; x < 32; x += 5) {
      const c = grid[y][x];
      const n = perValue.get(c) || 0;
      if (n >= 2) continue;
      perValue.set(c, n + 1);
      const rgba = c === '.' ? [0, 0, 0, 0] : [...Buffer.from(colors[Number(c)], 'hex'), 255];
      cells.push({ x, y, rgba });
    }
  }
  return cells;
}

/** Everything the harness answers with, recorded from the server. */
async function record(/** @type {ServerConnection} */ server) {
  const r = (/** @type {string} */ m, /** @type {any} */ p) => server.request(m, p);
  const created = await r('fonsters/create', { name: '', seed: 'Pixel', engine: 'fonsters-v1' });
  const fonster = await r('fonsters/update', { id: created.id, seed: SEED });
  const render = await r('creature/render', { id: fonster.id, size: 512 });
  const engine = fonster.engine;  // what the Fonster's seed is drawn with everywhere below
  const draft = await r('creature/render', { seed: 'Pixel Bob typed', size: 512, engine });
  const described = await r('creature/describe', { seed: SEED, engine });
  const environment = await r('creature/environment', { seed: SEED, engine });
  const frames = await r('creature/frames', { seed: SEED, size: 512, start: 0, speed: 0.1, engine });
  const fast = await r('creature/frames', { seed: SEED, size: 32, start: 0, count: 1, speed: 0.5, engine });
  const longSeed = 'A long seed plays in pages of frames, then it loops back';
  const longFonster = await r('fonsters/create', { name: 'Long', seed: longSeed, engine });
  const long = await r('creature/frames', { seed: longSeed, size: 64, start: 0, speed: 1, engine });
  const engines = server.info.capabilities.experimental.engines;
  const choices = [];
  for (const engine of engines) {
    const drawn = await r('creature/render', { seed: SEED, engine, size: 128 });
    choices.push({ engine, image: { dataUri: drawn.dataUri, alt: drawn.alt, width: drawn.width, height: drawn.height } });
  }
  const taps = [];
  for (let tap = 0; tap < 3; tap++) taps.push(await r('creature/tapAnimation', { seed: SEED, tap, viewSize: 384, samples: 21, engine }));
  return {
    fonster,
    environment,
    image: { dataUri: render.dataUri, alt: render.alt, width: render.width, height: render.height },
    draftImage: { dataUri: draft.dataUri, alt: draft.alt },
    sources: server.info.capabilities.experimental.randomSources,
    frames: frames.frames,
    total: frames.total,
    intervals: { 0.1: frames.intervalMs, 0.5: fast.intervalMs, 1: long.intervalMs },
    long: { fonster: longFonster, frames: long.frames, total: long.total },
    taps,
    engines: { current: fonster.engine, choices },
    cells: chooseCells(described.grid, described.colors),
    grid: described.grid,
    colors: described.colors,
  };
}

/** The shared detail modules as the extension loads them (see src/detail/ui-location.js). */
const { serveHarness } = require('./helpers/harness-server');

/**
 * Write the page: the real webview HTML with URLs for media/ and the shared
 * ui/, plus the harness scripts (same nonce) and one inline script the CSP
 * must block.
 * @param {string} dir @param {string} base @param {any} canned
 */
function writeHarness(dir, base, canned) {
  const nonce = makeNonce();
  let html = buildDetailHtml({
    nonce,
    scriptUri: `${base}/media/detail.js`,
    styleUri: `${base}/media/detail.css`,
    uiUri: `${base}/ui`,
    title: 'Fonster',
  });
  fs.writeFileSync(path.join(dir, 'canned.js'), `window.CANNED = ${JSON.stringify(canned)};\n`);
  const detailScript = html.indexOf(`<script nonce="${nonce}"`);
  assert.ok(detailScript > 0);
  const injected = [
    `<script nonce="${nonce}" src="${base}/harness/canned.js"></script>`,
    `<script nonce="${nonce}" src="${base}/helpers/harness-page.js"></script>`,
    '<script>window.__inlineRan = true;</script>',
  ].join('\n');
  html = html.slice(0, detailScript) + injected + '\n' + html.slice(detailScript);
  fs.writeFileSync(path.join(dir, 'harness.html'), html);
  return `${base}/harness/harness.html`;
}

/** @param {string} dom */
function verdictOf(dom) {
  const match = /<pre id="harness-verdict">([\s\S]*?)<\/pre>/.exec(dom);
  assert.ok(match, `the page wrote a verdict; DOM tail: ${dom.slice(-800)}`);
  const text = match[1].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const verdict = JSON.parse(text);
  assert.deepEqual(verdict.errors, [], 'no harness errors');
  return verdict;
}

for (const kind of serverKinds()) {
  const skip = kind.skip || (chromium ? false : NO_CHROMIUM);
  describe(`detail webview in headless Chromium — ${kind.name}`, { skip }, () => {
    /** @type {ServerConnection} */
    let server;
    /** @type {any} */
    let canned;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fonsters-webview-'));
    /** @type {{ base: string, close: () => Promise<void> }} */
    let site;

    before(async () => {
      server = new ServerConnection({ command: kind.command, args: ['--stdio', '--memory', '--no-starter'] });
      await server.start();
      canned = await record(server);
      site = await serveHarness(dir);
    });
    after(async () => {
      await server.stop();
      await site.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('draws the server\'s creature pixel-exact, plays, pauses, stops, taps and edits', async () => {
      const url = writeHarness(dir, site.base, canned);
      const dom = await runChromium(/** @type {string} */ (chromium), ['--virtual-time-budget=30000', '--dump-dom', `${url}?mode=interactive`]);
      const v = verdictOf(dom);

      assert.equal(v.csp.inlineScriptRan, false, 'an inline script without the nonce is blocked');
      assert.ok(v.csp.violations.some((/** @type {any} */ x) => /script-src/.test(x.directive)), JSON.stringify(v.csp.violations));
      assert.equal(v.style.imageRendering, 'pixelated', 'the nonce\'d stylesheet applies');

      const grey = (/** @type {number} */ level) => Math.round(level * 255);
      const { top, middle, bottom } = canned.environment.sky;
      assert.equal(v.scene, `linear-gradient(rgb(${grey(top)}, ${grey(top)}, ${grey(top)}) 0%, rgb(${grey(middle)}, ${grey(middle)}, ${grey(middle)}) 50%, rgb(${grey(bottom)}, ${grey(bottom)}, ${grey(bottom)}) 100%)`,
        'the creature stands on the sky of creature/environment');
      assert.equal(v.image.isInit, true);
      assert.equal(v.image.naturalWidth, 512);
      assert.ok(v.cells.length >= 4);
      assert.ok(v.cells.some((/** @type {any} */ c) => c.rgba[3] === 255), 'some painted cells are checked');
      for (const c of v.cells) assert.deepEqual(c.actual, c.rgba, `cell (${c.x}, ${c.y})`);

      assert.deepEqual(v.fields, {
        name: canned.fonster.name, seed: SEED, title: canned.fonster.displayName,
        birthdayHidden: !canned.fonster.birthday,
        undoDisabled: !canned.fonster.canUndo, redoDisabled: !canned.fonster.canRedo, refreshDisabled: !canned.fonster.randomSource,
        loadButtons: canned.sources.map((/** @type {string} */ s) => ({ quote: 'Quote', words: 'Words', uuid: 'UUID', lorem: 'Lorem' }[s] || s)),
        prependButtons: canned.sources.map((/** @type {string} */ s) => ({ quote: 'Quote', words: 'Words', uuid: 'UUID', lorem: 'Lorem' }[s] || s)),
      });

      const seen = v.play.framesSeen.map(Number);
      assert.ok(seen.length >= 4, `frames advanced: ${seen}`);
      assert.deepEqual(seen.slice(0, 4), [1, 2, 3, 4]);
      v.play.prefixes.forEach((/** @type {string} */ p, /** @type {number} */ i) => assert.equal(p, canned.frames[seen[i] - 1].prefix));
      assert.equal(v.play.prefixVisible, true, '"Using for creature:" shows the prefix');
      assert.match(v.play.counter, new RegExp(`^Frame \\d+ of ${canned.total}$`));
      assert.equal(v.play.label, 'Pause');

      assert.equal(v.pause.after, v.pause.held, 'pause holds the frame');
      assert.equal(v.pause.label, 'Play');
      assert.equal(v.pause.state, 'paused');
      assert.deepEqual(v.useFrame, [{ type: 'useFrame', frame: Number(v.pause.held) }]);
      assert.deepEqual(v.stop, { prefixHidden: true, imageBack: true, frameAttr: null });

      assert.deepEqual(v.tap.kinds, [canned.taps[0].kind]);
      assert.deepEqual(v.tap.requests, [0, 1], 'a tap during the animation is ignored; the next tap number follows');
      const moves = new Set(canned.taps[0].samples.map((/** @type {any} */ s) => JSON.stringify([s.scaleX, s.scaleY, s.rotationDegrees, s.rotation3DYDegrees, s.offsetX, s.offsetY])));
      if (moves.size > 1) assert.ok(v.tap.distinctTransforms > 2, `transform follows the samples (${v.tap.distinctTransforms})`);

      const [first, second] = canned.engines.choices;
      assert.equal(canned.engines.current, first.engine);
      assert.deepEqual(v.engines.before, {
        name: first.engine,
        lineHidden: false,
        hidden: false,
        choices: canned.engines.choices.map((/** @type {any} */ c, /** @type {number} */ i) => ({
          engine: c.engine, checked: String(i === 0), caption: i === 0 ? `${c.engine} (in use)` : c.engine, isCanned: true, naturalWidth: 128,
        })),
      }, 'the engine in use, and the seed drawn by each engine side by side');
      assert.deepEqual(v.engines.posted, [{ type: 'setEngine', engine: second.engine }], 'clicking the engine in use sends nothing; the other asks to switch');
      assert.equal(v.engines.after.name, second.engine);
      assert.deepEqual(v.engines.after.checked, ['false', 'true'], 'the switched-to engine is checked once the extension answers');
      assert.deepEqual(v.editing.typing, ['Pixel Bob typed']);
      assert.deepEqual(v.editing.commits, ['Pixel Bob typed']);
      assert.ok(v.editing.dirty.includes(true));
    });

    it('restores drafts, speed and the paused frame from the saved webview state (hide → show)', async () => {
      const saved = { mode: 'fonster', target: { id: canned.fonster.id }, seedDraft: 'Pixel Bob typed', speed: 50, playback: 'paused', pos: 2, tapCount: 1 };
      const url = writeHarness(dir, site.base, { ...canned, savedState: saved });
      const v = verdictOf(await runChromium(/** @type {string} */ (chromium), ['--virtual-time-budget=10000', '--dump-dom', `${url}?mode=restore`]));
      assert.deepEqual(v.restored.readyState, saved, 'the page hands its saved state to the extension');
      assert.equal(v.restored.seed, 'Pixel Bob typed');
      assert.deepEqual(v.restored.typing, ['Pixel Bob typed'], 'the draft is previewed again');
      assert.equal(v.restored.speed, '50');
      assert.equal(v.restored.speedOut, '50 %');
      assert.deepEqual(v.restored.framesRequests[0], { start: 2, speed: 0.5 });
      assert.equal(v.restored.frame, '3');
      assert.equal(v.restored.frameAfterWait, '3', 'still paused');
      assert.equal(v.restored.label, 'Play');
      assert.equal(v.restored.prefix, canned.frames[2].prefix);
      assert.equal(v.restored.prefixVisible, true);
      assert.deepEqual(v.restored.tapRequests, [1], 'tap count survives');
    });

    it('plays a long seed in pages (asking ahead) and loops back to frame 1', async () => {
      const saved = { mode: 'fonster', target: { id: canned.long.fonster.id }, speed: 100, playback: 'stopped', pos: 0, tapCount: 0 };
      const url = writeHarness(dir, site.base, { ...canned, fonster: canned.long.fonster, frames: canned.long.frames, total: canned.long.total, savedState: saved });
      const v = verdictOf(await runChromium(/** @type {string} */ (chromium), ['--virtual-time-budget=30000', '--dump-dom', `${url}?mode=paging`]));
      const total = canned.long.total;
      assert.ok(total > 24 * 2, `a seed longer than two pages (${total} frames)`);
      assert.equal(v.paging.speed, '100');
      const seen = v.paging.framesSeen.map(Number);
      assert.equal(seen[0], 1);
      for (let i = 1; i < seen.length; i++) assert.equal(seen[i], (seen[i - 1] % total) + 1, `frame ${seen[i - 1]} → ${seen[i]}`);
      assert.ok(seen.includes(total) && seen.lastIndexOf(1) > 0, 'reached the last frame and looped');
      assert.ok(v.paging.starts.length >= 3, `frames fetched in pages: ${v.paging.starts}`);
      assert.ok(v.paging.starts.every((/** @type {number} */ s) => s >= 0 && s < total));
    });

    it('screenshot: a real PNG of the window size that shows the creature\'s colours', async () => {
      const url = writeHarness(dir, site.base, canned);
      const shot = path.join(dir, 'detail.png');
      await runChromium(/** @type {string} */ (chromium), ['--virtual-time-budget=3000', `--window-size=${WINDOW.width},${WINDOW.height}`, `--screenshot=${shot}`, `${url}?mode=screenshot`]);
      const bytes = fs.readFileSync(shot);
      assert.equal(bytes.subarray(0, 8).toString('hex'), '89504e470d0a1a0a');
      assert.deepEqual(pngSize(bytes), WINDOW);
      const { rgba } = decodePng(bytes);
      /** @type {Map<string, number>} */
      const counts = new Map();
      for (let i = 0; i < rgba.length; i += 4) {
        const hex = rgba.subarray(i, i + 3).toString('hex');
        counts.set(hex, (counts.get(hex) || 0) + 1);
      }
      /** @type {Map<string, number>} cells per colour in the grid */
      const cellsPer = new Map();
      for (const row of canned.grid) for (const c of row) if (c !== '.') cellsPer.set(canned.colors[Number(c)], (cellsPer.get(canned.colors[Number(c)]) || 0) + 1);
      for (const [hex, cells] of cellsPer) {
        if (cells < 4) continue;
        // 384 CSS pixels for 32 cells: 12×12 screen pixels per cell.
        assert.ok((counts.get(hex) || 0) >= cells * 100, `colour #${hex} (${cells} cells) visible: ${counts.get(hex) || 0} pixels`);
      }
      const keep = path.join(os.tmpdir(), `fonsters-detail.png`);
      fs.copyFileSync(shot, keep);
    });
  });
}
