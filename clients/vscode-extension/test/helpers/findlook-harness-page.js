/* Runs inside headless Chromium next to the real Find a Look webview page. Plays the part of
 * VS Code: `acquireVsCodeApi` answers the panel's messages with matches recorded from a server
 * (window.CANNED), streamed one by one, then drives the panel like a person would and writes a
 * JSON verdict into <pre id="harness-verdict">. */
'use strict';

(function harness() {
  if (typeof window === 'undefined') return; // loaded by `node --test test/`, not by the browser
  const CANNED = window.CANNED;
  const posted = [];
  const violations = [];
  const errors = [];
  document.addEventListener('securitypolicyviolation', (e) => violations.push({ directive: e.violatedDirective, blocked: e.blockedURI }));
  const toPage = (data, ms = 5) => setTimeout(() => window.dispatchEvent(new MessageEvent('message', { data })), ms);

  window.acquireVsCodeApi = () => ({
    postMessage(message) {
      posted.push(message);
      if (message.type === 'ready') toPage({ type: 'init', target: { id: 'A', name: 'Alpha', engine: 'fonsters-v2' }, engine: 'fonsters-v2', engines: ['fonsters-v2', 'fonsters-v1'] });
      if (message.type === 'search') {
        toPage({ type: 'started', seq: message.seq });
        CANNED.results.forEach((result, i) => toPage({ type: 'result', seq: message.seq, result }, 40 + 40 * i));
        toPage({ type: 'done', seq: message.seq, count: CANNED.results.length, tried: CANNED.tried, stoppedBy: CANNED.stoppedBy }, 80 + 40 * CANNED.results.length);
      }
      if (message.type === 'setSeed') toPage({ type: 'seedSet', fonster: { id: 'A', displayName: 'Alpha', seed: message.seed } });
    },
    getState() { return null; },
    setState(state) { return state; },
  });

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  async function until(check, what, ms = 6000) {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      if (check()) return true;
      await sleep(10);
    }
    errors.push(`timed out: ${what}`);
    return false;
  }
  const $ = (sel) => document.querySelector(sel);

  async function run() {
    await until(() => $('#fl-base') && $('#app').getAttribute('aria-busy') === 'false', 'the panel');
    const v = { errors, csp: { violations, inlineScriptRan: !!window.__inlineRan } };
    v.focused = document.activeElement && document.activeElement.id;
    v.target = $('#fl-target').textContent;
    $('#fl-base').value = CANNED.base;
    $('#fl-want-antlers').click();
    $('#fl-find').click();
    await until(() => document.querySelectorAll('.fl-result').length >= 1, 'the first match');
    v.whileSearching = { shown: document.querySelectorAll('.fl-result').length, stopEnabled: !$('#fl-stop').disabled, status: $('#fl-status').textContent };
    await until(() => /stopped at/.test($('#fl-status').textContent), 'the end');
    v.status = $('#fl-status').textContent;
    v.results = [...document.querySelectorAll('.fl-result')].map((li) => {
      const img = li.querySelector('img');
      return { seed: li.dataset.seed, alt: img.alt, naturalWidth: img.naturalWidth, set: !li.querySelector('.fl-set').hidden };
    });
    v.style = { resultsDisplay: getComputedStyle($('.fl-result')).display, imageRendering: getComputedStyle($('.fl-result img')).imageRendering };
    v.search = posted.find((m) => m.type === 'search');
    document.querySelector('.fl-result .fl-create').click();
    document.querySelectorAll('.fl-result .fl-set')[1].click();
    await until(() => !$('#fl-undo-line').hidden, 'the undo line');
    $('#fl-undo').click();
    v.posted = posted.map((m) => m.type);
    v.picks = posted.filter((m) => m.type === 'create' || m.type === 'setSeed');
    const pre = document.createElement('pre');
    pre.id = 'harness-verdict';
    pre.textContent = JSON.stringify(v);
    document.body.appendChild(pre);
  }
  window.addEventListener('load', () => { run().catch((e) => { errors.push(String(e && e.stack || e)); }); });
}());
