// @ts-check
'use strict';

/**
 * The Find a Look webview's real HTML (media/findlook.js loading the shared clients/web/ui
 * panel, its stylesheets by nonce) in headless Chromium, with a stand-in for VS Code's
 * messaging that streams matches recorded from a real creature/search. In the page: the panel
 * loads under the strict CSP, the search message carries the base and the ticked trait, the
 * matches appear one by one with their thumbnails and alt text, and Create / Set as seed / Undo
 * post what the extension acts on.
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

const chromium = findChromium();
const { serveHarness } = require('./helpers/harness-server');

for (const kind of serverKinds()) {
  const skip = kind.skip || (chromium ? false : 'chromium not found on PATH (Debian: apt-get install -y chromium)');
  describe(`Find a Look webview in headless Chromium — ${kind.name}`, { skip }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fonsters-findlook-'));
    /** @type {any} */
    let site;
    /** @type {any} */
    let canned;

    before(async () => {
      const server = new ServerConnection({ command: kind.command, args: ['--stdio', '--memory', '--no-starter'] });
      await server.start();
      const answer = await server.request('creature/search', { base: 'alice', want: { antlers: true }, engine: 'fonsters-v2', limit: 4 });
      await server.stop();
      canned = { base: 'alice', results: answer.results, tried: answer.tried, stoppedBy: answer.stoppedBy };
      site = await serveHarness(dir);
    });
    after(async () => {
      await site.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('loads under the strict CSP, streams the matches in with alt text, and posts the picks', async () => {
      const nonce = makeNonce();
      let html = buildDetailHtml({
        nonce, scriptUri: `${site.base}/media/findlook.js`, styleUri: `${site.base}/media/detail.css`, uiUri: `${site.base}/ui`, uiStyle: 'findlook.css', title: 'Find a Look',
      });
      fs.writeFileSync(path.join(dir, 'canned.js'), `window.CANNED = ${JSON.stringify(canned)};\n`);
      const at = html.indexOf(`<script nonce="${nonce}"`);
      html = `${html.slice(0, at)}<script nonce="${nonce}" src="${site.base}/harness/canned.js"></script>
<script nonce="${nonce}" src="${site.base}/helpers/findlook-harness-page.js"></script>
<script>window.__inlineRan = true;</script>
${html.slice(at)}`;
      fs.writeFileSync(path.join(dir, 'harness.html'), html);
      const dom = await runChromium(/** @type {string} */ (chromium), ['--virtual-time-budget=20000', '--dump-dom', `${site.base}/harness/harness.html`]);
      const match = /<pre id="harness-verdict">([\s\S]*?)<\/pre>/.exec(dom);
      assert.ok(match, `the page wrote a verdict; DOM tail: ${dom.slice(-800)}`);
      const v = JSON.parse(match[1].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
      assert.deepEqual(v.errors, []);
      assert.equal(v.csp.inlineScriptRan, false, 'an inline script without the nonce is blocked');
      assert.ok(v.csp.violations.every((/** @type {any} */ x) => /script-src/.test(x.directive)), `only the inline script is refused: ${JSON.stringify(v.csp.violations)}`);
      assert.equal(v.focused, 'fl-base', 'the keyboard starts in the base field');
      assert.match(v.target, /“Alpha”/);
      assert.deepEqual(v.search.want, { antlers: true });
      assert.equal(v.search.base, 'alice');
      assert.ok(v.whileSearching.shown < canned.results.length && v.whileSearching.stopEnabled, `matches show before the end: ${JSON.stringify(v.whileSearching)}`);
      assert.deepEqual(v.results.map((/** @type {any} */ r) => r.seed), canned.results.map((/** @type {any} */ r) => r.seed));
      for (const r of v.results) {
        assert.equal(r.naturalWidth, 64, 'the server\'s 64-pixel thumbnail');
        assert.equal(r.alt, `The creature of “${r.seed}”: antlers`);
        assert.equal(r.set, true, 'Set as seed is offered for the open Fonster');
      }
      assert.equal(v.style.resultsDisplay, 'grid', 'the shared stylesheet applies');
      assert.equal(v.style.imageRendering, 'pixelated');
      assert.deepEqual(v.picks, [{ type: 'create', seed: canned.results[0].seed, engine: 'fonsters-v2' }, { type: 'setSeed', seed: canned.results[1].seed, engine: 'fonsters-v2' }],
        'each pick names the engine its match was drawn by (the Fonster\'s, chosen first)');
      assert.equal(v.posted.at(-1), 'undo');
    });
  });
}
