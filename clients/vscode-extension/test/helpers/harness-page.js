/* Runs inside headless Chromium next to the real detail webview page.
 * Plays the part of VS Code: `acquireVsCodeApi` answers the page's messages
 * with responses recorded from a server (window.CANNED), then drives the page
 * like a person would and writes a JSON verdict into <pre id="harness-verdict">. */
'use strict';

(function harness() {
  if (typeof window === 'undefined') return; // loaded by `node --test test/`, not by the browser
  const CANNED = window.CANNED;
  const posted = [];
  const violations = [];
  let savedState = CANNED.savedState || null;
  const states = [];
  document.addEventListener('securitypolicyviolation', (e) => violations.push({ directive: e.violatedDirective, blocked: e.blockedURI }));

  const toPage = (data) => setTimeout(() => window.dispatchEvent(new MessageEvent('message', { data })), 5);

  window.acquireVsCodeApi = () => ({
    postMessage(message) {
      posted.push(message);
      switch (message.type) {
        case 'ready':
          toPage({ type: 'init', mode: 'fonster', fonster: CANNED.fonster, image: CANNED.image, sources: CANNED.sources, engines: CANNED.engines, environment: CANNED.environment });
          break;
        case 'setEngine': // the extension's answer to fonsters/update {engine}
          toPage({
            type: 'fonster', fonster: { ...CANNED.fonster, engine: message.engine }, image: CANNED.image,
            engines: { ...CANNED.engines, current: message.engine },
          });
          break;
        case 'typing':
          toPage({ type: 'preview', seq: message.seq, seed: message.seed, image: CANNED.draftImage });
          break;
        case 'frames': {
          const all = CANNED.frames;
          toPage({
            type: 'frames', requestId: message.requestId, start: message.start, total: CANNED.total,
            intervalMs: CANNED.intervals[String(message.speed)],
            frames: all.slice(message.start, message.start + message.count),
          });
          break;
        }
        case 'tap':
          toPage({ type: 'tap', animation: CANNED.taps[message.tap] || CANNED.taps[0] });
          break;
        default:
          break;
      }
    },
    getState() { return savedState; },
    setState(state) { savedState = state; states.push(state); return state; },
  });

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  async function until(check, what, ms = 4000) {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      if (check()) return;
      await sleep(10);
    }
    throw new Error(`timed out: ${what}`);
  }
  const $ = (id) => document.getElementById(id);

  function finish(verdict) {
    const pre = document.createElement('pre');
    pre.id = 'harness-verdict';
    pre.textContent = JSON.stringify(verdict);
    document.body.appendChild(pre);
  }

  async function pixelsAt(img, cells) {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const cell = img.naturalWidth / 32;
    return cells.map((c) => ({ ...c, actual: Array.from(ctx.getImageData(Math.floor(c.x * cell + cell / 2), Math.floor(c.y * cell + cell / 2), 1, 1).data) }));
  }

  async function interactive(verdict) {
    const img = $('creature');
    await until(() => img.complete && img.naturalWidth > 0 && img.src === CANNED.image.dataUri, 'the creature image');
    verdict.image = { isInit: img.src === CANNED.image.dataUri, naturalWidth: img.naturalWidth, alt: img.alt };
    verdict.scene = getComputedStyle($('scene')).backgroundImage;
    verdict.cells = await pixelsAt(img, CANNED.cells);
    verdict.fields = {
      name: $('name').value, seed: $('seed').value, title: document.title,
      birthdayHidden: $('birthday').hidden,
      undoDisabled: $('undo').disabled, redoDisabled: $('redo').disabled, refreshDisabled: $('refresh').disabled,
      loadButtons: Array.from($('load-random').children).map((b) => b.textContent),
      prependButtons: Array.from($('prepend-random').children).map((b) => b.textContent),
    };

    // Play: frames advance at the server's interval.
    $('play').click();
    const seen = [];
    const prefixes = [];
    const end = performance.now() + CANNED.intervals['0.1'] * (CANNED.total + 2);
    while (performance.now() < end) {
      const f = img.dataset.frame;
      if (f && seen[seen.length - 1] !== f) { seen.push(f); prefixes.push($('prefix-mark').textContent); }
      await sleep(10);
    }
    verdict.play = { framesSeen: seen, prefixes, prefixVisible: !$('prefix-line').hidden, counter: $('frame-counter').textContent, label: $('play').textContent };

    // Pause holds the frame.
    $('play').click();
    const held = img.dataset.frame;
    await sleep(CANNED.intervals['0.1'] * 3);
    verdict.pause = { held, after: img.dataset.frame, label: $('play').textContent, state: savedState && savedState.playback };
    $('use-as-seed').click();
    verdict.useFrame = posted.filter((m) => m.type === 'useFrame');

    // Stop returns to the whole creature.
    $('stop').click();
    verdict.stop = { prefixHidden: $('prefix-line').hidden, imageBack: img.src === CANNED.image.dataUri, frameAttr: img.dataset.frame || null };

    // Tap: the server's samples drive the transform, then it settles.
    $('creature-button').click();
    $('creature-button').click(); // ignored: a tap is already in progress
    const tapKinds = new Set();
    const transforms = new Set();
    const tapEnd = performance.now() + 1400;
    while (performance.now() < tapEnd) {
      if ($('creature-wrap').dataset.tap) tapKinds.add($('creature-wrap').dataset.tap);
      if ($('creature-wrap').style.transform) transforms.add($('creature-wrap').style.transform);
      await sleep(10);
    }
    $('creature-button').click();
    await sleep(50);
    verdict.tap = {
      kinds: [...tapKinds], distinctTransforms: transforms.size, settled: $('creature-wrap').style.transform === '' || !!$('creature-wrap').dataset.tap,
      requests: posted.filter((m) => m.type === 'tap').map((m) => m.tap),
    };

    // Seed editing: live preview while typing, commit on Enter.
    const seed = $('seed');
    seed.focus();
    seed.value = 'Pixel Bob typed';
    seed.dispatchEvent(new Event('input'));
    await sleep(150);
    seed.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await sleep(20);
    verdict.editing = {
      typing: posted.filter((m) => m.type === 'typing').map((m) => m.seed),
      commits: posted.filter((m) => m.type === 'commitSeed').map((m) => m.seed),
      dirty: posted.filter((m) => m.type === 'draftDirty').map((m) => m.dirty),
    };

    // Engines: the seed drawn by each, side by side; clicking the other one asks to switch.
    const choiceButtons = () => Array.from($('engine-choices').children);
    await until(() => choiceButtons().every((b) => b.querySelector('img').complete && b.querySelector('img').naturalWidth > 0), 'the engine choices');
    verdict.engines = {
      before: {
        name: $('engine-name').textContent,
        lineHidden: $('engine-line').hidden,
        hidden: $('engines').hidden,
        choices: choiceButtons().map((b, i) => ({
          engine: b.dataset.engine, checked: b.getAttribute('aria-checked'), caption: b.querySelector('span').textContent,
          isCanned: b.querySelector('img').src === CANNED.engines.choices[i].image.dataUri, naturalWidth: b.querySelector('img').naturalWidth,
        })),
      },
    };
    choiceButtons()[0].click(); // the one in use
    choiceButtons()[1].click();
    await until(() => $('engine-name').textContent !== verdict.engines.before.name, 'the switched engine');
    verdict.engines.posted = posted.filter((m) => m.type === 'setEngine');
    verdict.engines.after = { name: $('engine-name').textContent, checked: choiceButtons().map((b) => b.getAttribute('aria-checked')) };
  }

  async function restored(verdict) {
    const img = $('creature');
    await until(() => img.dataset.frame, 'the restored frame');
    verdict.restored = {
      seed: $('seed').value, speed: $('speed').value, speedOut: $('speed-out').textContent,
      frame: img.dataset.frame, label: $('play').textContent, prefix: $('prefix-mark').textContent,
      prefixVisible: !$('prefix-line').hidden,
      framesRequests: posted.filter((m) => m.type === 'frames').map((m) => ({ start: m.start, speed: m.speed })),
      typing: posted.filter((m) => m.type === 'typing').map((m) => m.seed),
      readyState: (posted.find((m) => m.type === 'ready') || {}).state,
    };
    await sleep(CANNED.intervals['0.5'] * 3);
    verdict.restored.frameAfterWait = img.dataset.frame;
    $('creature-button').click();
    await sleep(20);
    verdict.restored.tapRequests = posted.filter((m) => m.type === 'tap').map((m) => m.tap);
  }

  async function paging(verdict) {
    const img = $('creature');
    await until(() => img.naturalWidth > 0, 'the creature image');
    $('play').click();
    const seen = [];
    const end = performance.now() + CANNED.intervals['1'] * (CANNED.total + 12) + 500;
    while (performance.now() < end) {
      const f = img.dataset.frame;
      if (f && seen[seen.length - 1] !== f) seen.push(f);
      await sleep(5);
    }
    verdict.paging = { framesSeen: seen, starts: posted.filter((m) => m.type === 'frames').map((m) => m.start), speed: $('speed').value };
  }

  window.addEventListener('load', async () => {
    const verdict = { errors: [] };
    try {
      await until(() => $('creature'), 'the shared detail view mounted');
      verdict.csp = { inlineScriptRan: !!window.__inlineRan };
      verdict.style = { imageRendering: getComputedStyle($('creature')).imageRendering, stylesheets: document.styleSheets.length };
      const mode = new URLSearchParams(location.search).get('mode') || 'interactive';
      if (mode === 'interactive') await interactive(verdict);
      else if (mode === 'restore') await restored(verdict);
      else if (mode === 'paging') await paging(verdict);
      else await until(() => $('creature').naturalWidth > 0, 'image for the screenshot');
      verdict.csp.violations = violations;
      verdict.lastState = savedState;
    } catch (error) {
      verdict.errors.push(String(error && error.stack ? error.stack : error));
    }
    finish(verdict);
  });
}());
