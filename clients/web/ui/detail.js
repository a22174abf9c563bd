// The detail view of one Fonster (or of a free seed: "preview" mode), shared
// by the web page and the VS Code extension's webview. It holds no Fonsters
// rules: it shows what its host sends (which comes from the server), reports
// what the person does, times evolution playback with the server's
// `intervalMs` and plays the server's tap-animation samples.
//
// The host is a small adapter: `post(message)` (page → host), `listen(fn)`
// (host → page), `getState()`/`setState(state)` (view state kept across a
// hide/show), and `undoKeys` (true when the page itself handles Ctrl/Cmd-Z;
// VS Code routes those keys through its keybindings instead).
//
// Messages to the host: ready {state}, typing {seed, seq}, commitSeed {seed},
// rename {name}, undo, redo, random {source, mode}, refresh, frames
// {requestId, start, count, speed}, stopFrames, useFrame {frame}, tap {tap,
// size, seed}, export {format}, share {seed}, saveAsFonster {seed}, setEngine
// {engine}, draftDirty {dirty}.
// Messages from the host: init {mode, fonster | seed, image, sources, engines,
// environment, lookalikes?}, fonster {fonster, image?, engines?, environment?,
// lookalikes?} (lookalikes: {text, sameAs, nearlyAs: [{id, name}], sameCount,
// nearlyCount} as the last edit found them, null when not known), image
// {seed, image, environment?}, preview {seq, seed, image, environment?},
// seedError {seq?, message}, frames {requestId, start, total, intervalMs,
// frames}, framesFailed, tap {animation}, status {message, error?},
// shareLink {url, length, tooLong, warning?, copied}, playback {action}.

import { mountScene } from './scene.js';
import { playTap } from './tap.js';

const PAGE = 24; // frames requested at a time
const SOURCE_LABELS = { quote: 'Quote', words: 'Words', uuid: 'UUID', lorem: 'Lorem' };

const MARKUP = `
<section class="fields">
  <div class="field library-only">
    <label for="name">Name</label>
    <input id="name" type="text" autocomplete="off" spellcheck="false" placeholder="Name (optional)">
    <span id="birthday" class="birthday" hidden title="Birthday today">🎂 Birthday</span>
  </div>
  <div class="field">
    <label for="seed">Seed</label>
    <textarea id="seed" rows="2" spellcheck="false" placeholder="Type anything: every text is a creature" aria-describedby="seed-hint"></textarea>
  </div>
  <p id="seed-hint" class="hint">The creature updates as you type; Enter keeps the seed (an undoable step), Shift+Enter adds a line, Escape reverts.</p>
  <p id="seed-error" class="error" role="alert" hidden></p>
</section>

<section class="stage" aria-label="Creature">
  <div id="scene" class="scene">
    <span class="scene-wash" aria-hidden="true"></span>
    <button id="creature-button" class="creature-button" type="button" title="Tap to animate (Enter)">
      <span id="creature-wrap" class="creature-wrap">
        <img id="creature" class="creature" alt="" draggable="false">
        <span id="overlay" class="overlay" aria-hidden="true"></span>
      </span>
    </button>
    <div class="scene-controls" role="group" aria-label="Evolution">
      <button id="play" type="button" class="primary">Play</button>
      <button id="stop" type="button">Stop</button>
    </div>
  </div>
  <div class="speed-row">
    <label class="speed" for="speed">Speed</label>
    <input id="speed" type="range" min="10" max="100" step="10" value="10">
    <output id="speed-out" for="speed">10 %</output>
    <span id="frame-counter" class="frame-counter" aria-live="off"></span>
  </div>
  <p id="prefix-line" class="prefix-line" hidden>
    <span class="prefix-label">Using for creature:</span>
    <span id="prefix-text" class="prefix-text"><mark id="prefix-mark"></mark><span id="prefix-rest" class="prefix-rest"></span></span>
    <button id="use-as-seed" type="button" class="library-only">Use as seed</button>
  </p>
  <p id="engine-line" class="engine-line" hidden>Drawn by <strong id="engine-name"></strong></p>
  <p id="lookalikes" class="lookalikes library-only" hidden></p>
</section>

<section id="engines" class="engines library-only" aria-labelledby="engines-label" hidden>
  <p id="engines-label" class="group-label">Engine: pick the one that draws this Fonster (its seed history stays)</p>
  <div id="engine-choices" class="engine-choices" role="radiogroup" aria-labelledby="engines-label"></div>
</section>

<section class="toolbar" aria-label="Actions">
  <div class="group library-only" role="group" aria-label="History">
    <button id="undo" type="button" title="Undo seed edit (Ctrl+Z)">Undo</button>
    <button id="redo" type="button" title="Redo seed edit (Ctrl+Shift+Z)">Redo</button>
  </div>
  <div class="group library-only" role="group" aria-label="Load random">
    <span class="group-label">Load random</span>
    <span id="load-random" class="sources"></span>
  </div>
  <div class="group library-only" role="group" aria-label="Prepend random">
    <span class="group-label">Prepend random</span>
    <span id="prepend-random" class="sources"></span>
    <button id="refresh" type="button" title="Load new text from the last random source">Refresh</button>
  </div>
  <div class="group" role="group" aria-label="Export">
    <span class="group-label">Export</span>
    <button type="button" data-export="png">PNG</button>
    <button type="button" data-export="gif">GIF</button>
    <button type="button" data-export="jpeg">JPEG</button>
    <button type="button" data-export="svg">SVG</button>
    <button type="button" data-export="animated-gif" title="The evolution as an animated GIF">Animated GIF</button>
  </div>
  <div class="group" role="group" aria-label="Share">
    <button id="share" type="button">Copy share link</button>
  </div>
  <div class="group preview-only" role="group" aria-label="Save">
    <button id="save-as-fonster" type="button" class="primary">Save as Fonster</button>
  </div>
</section>
<div id="share-box" class="share-box" hidden>
  <label for="share-url">Share link</label>
  <input id="share-url" type="text" readonly>
  <button id="share-copy" type="button">Copy</button>
  <p id="share-warning" class="warning" hidden></p>
</div>
<p id="status" class="status" role="status" aria-live="polite"></p>
`;

/**
 * Build the detail view inside `root` and wire it to `host`.
 * @param {HTMLElement} root
 * @param {{ post(m: any): void, listen(fn: (m: any) => void): void, getState(): any, setState(s: any): void, undoKeys?: boolean, mode?: string }} host
 * @returns {{ dispose(): void, focusName(): void }}
 */
export function mountDetail(root, host) {
  root.innerHTML = `<div class="detail-grid">${MARKUP}</div>`;
  root.classList.add('detail');
  const $ = (id) => root.querySelector(`#${id}`);
  const el = {
    name: $('name'), seed: $('seed'), seedError: $('seed-error'), birthday: $('birthday'),
    scene: $('scene'), creature: $('creature'), creatureButton: $('creature-button'), wrap: $('creature-wrap'), overlay: $('overlay'),
    prefixLine: $('prefix-line'), prefixMark: $('prefix-mark'), prefixRest: $('prefix-rest'), useAsSeed: $('use-as-seed'),
    counter: $('frame-counter'), undo: $('undo'), redo: $('redo'), play: $('play'), stop: $('stop'),
    speed: $('speed'), speedOut: $('speed-out'), loadRandom: $('load-random'), prependRandom: $('prepend-random'),
    refresh: $('refresh'), share: $('share'), saveAsFonster: $('save-as-fonster'), status: $('status'),
    lookalikes: $('lookalikes'), engineLine: $('engine-line'), engineName: $('engine-name'), engines: $('engines'), engineChoices: $('engine-choices'),
    shareBox: $('share-box'), shareUrl: $('share-url'), shareCopy: $('share-copy'), shareWarning: $('share-warning'),
  };
  const scene = mountScene(el.scene);

  const saved = host.getState() || {};
  const view = {
    mode: saved.mode || host.mode || 'fonster',
    fonster: null,
    committedSeed: '',
    image: null,
    speed: saved.speed || 10,
    playback: 'stopped',
    pos: 0,
    total: 0,
    intervalMs: 300,
    /** @type {Map<number, { index: number, prefix: string, dataUri: string }>} */
    frames: new Map(),
    framesPending: new Set(),
    framesRequest: 0,
    timer: null,
    typingSeq: 0,
    typingTimer: null,
    tapCount: saved.tapCount || 0,
    tapping: false,
    tapRequested: false,
    initialised: false,
    disposed: false,
  };
  root.dataset.mode = view.mode;
  const post = (m) => { if (!view.disposed) host.post(m); };

  let reportedDirty = false;
  /** Whether a field holds uncommitted text (Ctrl+Z is then the field's own undo). */
  function isDirty() {
    return el.seed.value !== view.committedSeed || (!!view.fonster && el.name.value !== view.fonster.name);
  }
  function reportDirty() {
    const dirty = isDirty();
    if (dirty !== reportedDirty) {
      reportedDirty = dirty;
      post({ type: 'draftDirty', dirty });
    }
  }

  function persist() {
    reportDirty();
    host.setState({
      mode: view.mode,
      target: view.mode === 'fonster' && view.fonster ? { id: view.fonster.id } : { seed: view.committedSeed },
      seedDraft: el.seed.value !== view.committedSeed ? el.seed.value : undefined,
      nameDraft: view.fonster && el.name.value !== view.fonster.name ? el.name.value : undefined,
      speed: view.speed,
      playback: view.playback,
      pos: view.pos,
      tapCount: view.tapCount,
    });
  }

  function status(text, isError) {
    el.status.textContent = text || '';
    el.status.classList.toggle('error', !!isError);
  }

  function showImage(image) {
    if (!image) return;
    el.creature.src = image.dataUri;
    el.creature.alt = image.alt || 'The creature';
    el.creatureButton.setAttribute('aria-label', `${image.alt || 'The creature'} Press to play its tap animation.`);
  }

  function showEnvironment(seed, environment) {
    if (!environment) return;
    scene.show(environment.scene);
    root.style.setProperty('--scene-bg', el.scene.style.background || '');
  }

  // ---- engines ----------------------------------------------------------------

  function showEngines(engines) {
    if (!engines) return;
    el.engineName.textContent = engines.current || '';
    el.engineLine.hidden = !engines.current;
    const choices = engines.choices || [];
    el.engines.hidden = choices.length < 2;
    el.engineChoices.textContent = '';
    for (const choice of choices) {
      const current = choice.engine === engines.current;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'engine-choice';
      button.dataset.engine = choice.engine;
      button.setAttribute('role', 'radio');
      button.setAttribute('aria-checked', String(current));
      button.title = current ? `${choice.engine} draws this Fonster` : `Draw this Fonster with ${choice.engine}`;
      const img = document.createElement('img');
      img.src = choice.image.dataUri;
      img.alt = choice.image.alt ? `${choice.engine}: ${choice.image.alt}` : `The creature drawn by ${choice.engine}`;
      img.draggable = false;
      const caption = document.createElement('span');
      caption.textContent = current ? `${choice.engine} (in use)` : choice.engine;
      button.append(img, caption);
      button.addEventListener('click', () => { if (!current) post({ type: 'setEngine', engine: choice.engine }); });
      el.engineChoices.appendChild(button);
    }
  }

  // ---- look-alikes ---------------------------------------------------------------

  /** “Looks exactly like “Bob” and “Grace”.” from what the last edit found (hidden when not known). */
  function showLookalikes(found) {
    el.lookalikes.hidden = !found;
    if (!found) return;
    el.lookalikes.textContent = found.text;
  }

  // ---- fields ---------------------------------------------------------------

  function applyFonster(fonster) {
    const previous = view.fonster;
    view.fonster = fonster;
    // Keep what the person is typing; otherwise follow the library.
    if (!previous || el.name.value === previous.name || document.activeElement !== el.name) el.name.value = fonster.name;
    if (el.seed.value === view.committedSeed || document.activeElement !== el.seed) el.seed.value = fonster.seed;
    if (previous && (previous.seed !== fonster.seed || previous.engine !== fonster.engine)) stopPlayback();
    view.committedSeed = fonster.seed;
    el.undo.disabled = !fonster.canUndo;
    el.redo.disabled = !fonster.canRedo;
    el.refresh.disabled = !fonster.randomSource;
    el.birthday.hidden = !fonster.birthday;
    if (host.setTitle) host.setTitle(fonster.displayName); else document.title = fonster.displayName;
    el.seedError.hidden = true;
  }

  function buildSourceButtons(sources) {
    for (const [container, mode] of [[el.loadRandom, 'replace'], [el.prependRandom, 'prepend']]) {
      container.textContent = '';
      for (const source of sources) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = SOURCE_LABELS[source] || source;
        button.dataset.source = source;
        button.dataset.mode = mode;
        button.title = `${mode === 'replace' ? 'Load' : 'Prepend'} random text (${button.textContent})`;
        button.addEventListener('click', () => post({ type: 'random', source, mode }));
        container.appendChild(button);
      }
    }
  }

  function commitSeed() {
    clearTimeout(view.typingTimer);
    const seed = el.seed.value;
    if (seed === view.committedSeed) return;
    post({ type: 'commitSeed', seed });
  }

  function commitName() {
    if (!view.fonster || el.name.value === view.fonster.name) return;
    post({ type: 'rename', name: el.name.value });
  }

  el.seed.addEventListener('input', () => {
    clearTimeout(view.typingTimer);
    const seed = el.seed.value;
    view.typingTimer = setTimeout(() => post({ type: 'typing', seed, seq: ++view.typingSeq }), 60);
    persist();
  });
  el.seed.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      commitSeed();
    } else if (e.key === 'Escape') {
      el.seed.value = view.committedSeed;
      post({ type: 'typing', seed: el.seed.value, seq: ++view.typingSeq });
      persist();
    }
  });
  el.seed.addEventListener('blur', commitSeed);
  el.name.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); commitName(); } else if (e.key === 'Escape' && view.fonster) { el.name.value = view.fonster.name; persist(); }
  });
  el.name.addEventListener('blur', commitName);
  el.name.addEventListener('input', persist);

  el.undo.addEventListener('click', () => post({ type: 'undo' }));
  el.redo.addEventListener('click', () => post({ type: 'redo' }));
  el.refresh.addEventListener('click', () => post({ type: 'refresh' }));
  el.share.addEventListener('click', () => post({ type: 'share', seed: el.seed.value }));
  el.saveAsFonster.addEventListener('click', () => post({ type: 'saveAsFonster', seed: el.seed.value }));
  for (const button of root.querySelectorAll('[data-export]')) {
    button.addEventListener('click', () => post({ type: 'export', format: button.dataset.export }));
  }
  el.shareCopy.addEventListener('click', () => copyShareLink());

  async function copyShareLink() {
    try {
      await navigator.clipboard.writeText(el.shareUrl.value);
      status('Share link copied.');
    } catch {
      el.shareUrl.select();
      status('Copying was refused by the browser: the link is selected, press Ctrl+C (Cmd+C) to copy it.', true);
    }
  }

  /** Undo/redo keys where the host leaves them to the page (the web). */
  function onKeydown(e) {
    if (!host.undoKeys || view.mode !== 'fonster') return;
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const key = e.key.toLowerCase();
    const redo = (key === 'z' && e.shiftKey) || (key === 'y' && !e.shiftKey && e.ctrlKey);
    const undo = key === 'z' && !e.shiftKey;
    if (!undo && !redo) return;
    const inField = e.target === el.seed || e.target === el.name;
    if (inField && isDirty()) return; // the field's own text undo
    if (!root.contains(e.target) && e.target !== document.body) return;
    e.preventDefault();
    post({ type: redo ? 'redo' : 'undo' });
  }
  document.addEventListener('keydown', onKeydown);

  // ---- evolution playback ------------------------------------------------------

  function setSpeed(value) {
    view.speed = Number(value);
    el.speed.value = String(view.speed);
    el.speedOut.textContent = `${view.speed} %`;
  }

  function requestFrames(start) {
    if (view.framesPending.has(start)) return;
    view.framesPending.add(start);
    post({ type: 'frames', requestId: ++view.framesRequest, start, count: PAGE, speed: view.speed / 100 });
  }

  function play() {
    if (view.playback === 'playing') { pause(); return; }
    const resume = view.playback === 'paused';
    view.playback = 'playing';
    el.play.textContent = 'Pause';
    if (!resume) { view.pos = 0; view.frames.clear(); view.framesPending.clear(); }
    if (view.frames.has(view.pos)) { showFrame(view.pos); schedule(); } else requestFrames(view.pos);
    persist();
  }

  function pause() {
    clearTimeout(view.timer);
    view.playback = 'paused';
    el.play.textContent = 'Play';
    persist();
  }

  function stopPlayback() {
    clearTimeout(view.timer);
    view.playback = 'stopped';
    view.frames.clear();
    view.framesPending.clear();
    view.pos = 0;
    view.total = 0;
    el.play.textContent = 'Play';
    el.prefixLine.hidden = true;
    el.counter.textContent = '';
    delete el.creature.dataset.frame;
    showImage(view.image);
    post({ type: 'stopFrames' });
    persist();
  }

  function schedule() {
    clearTimeout(view.timer);
    if (view.playback !== 'playing') return;
    view.timer = setTimeout(tick, view.intervalMs);
  }

  function tick() {
    if (view.playback !== 'playing' || view.total === 0) return;
    const next = (view.pos + 1) % view.total;
    if (!view.frames.has(next)) { requestFrames(next); return; } // resumes when the page arrives
    view.pos = next;
    showFrame(next);
    const ahead = Math.min(view.total - 1, next + Math.floor(PAGE / 2));
    if (!view.frames.has(ahead)) requestFrames(firstMissing(next, ahead));
    if (view.frames.size > PAGE * 3) dropPlayedFrames(next);
    schedule();
  }

  function firstMissing(from, to) {
    for (let i = from; i <= to; i++) if (!view.frames.has(i)) return i;
    return to;
  }

  /** Long seeds have thousands of frames: keep the first page (for looping) and what lies ahead. */
  function dropPlayedFrames(pos) {
    for (const key of [...view.frames.keys()]) if (key >= PAGE && key < pos) view.frames.delete(key);
  }

  function showFrame(pos) {
    const frame = view.frames.get(pos);
    if (!frame) return;
    el.creature.src = frame.dataUri;
    el.creature.alt = `Evolution frame ${frame.index} of ${view.total}: the creature of “${frame.prefix}”`;
    el.creature.dataset.frame = String(frame.index);
    el.counter.textContent = `Frame ${frame.index} of ${view.total}`;
    const seed = view.committedSeed;
    const at = seed.indexOf(frame.prefix);
    el.prefixMark.textContent = frame.prefix;
    el.prefixRest.textContent = at >= 0 ? seed.slice(at + frame.prefix.length) : '';
    el.prefixLine.hidden = false;
    persist();
  }

  function onFrames(message) {
    view.framesPending.delete(message.start);
    if (view.playback === 'stopped') return;
    view.total = message.total;
    view.intervalMs = message.intervalMs;
    if (message.total === 0) { status('Nothing to play: the seed is empty. Type a seed first.'); stopPlayback(); return; }
    for (const frame of message.frames) view.frames.set(frame.index - 1, frame);
    if (view.pos >= view.total) view.pos = 0;
    if (view.frames.has(view.pos) && el.creature.dataset.frame !== String(view.pos + 1)) showFrame(view.pos);
    if (view.playback === 'playing') schedule();
  }

  el.play.addEventListener('click', play);
  el.stop.addEventListener('click', stopPlayback);
  el.speed.addEventListener('input', () => {
    setSpeed(el.speed.value);
    // The server turns speed into an interval: ask again from where we are.
    if (view.playback !== 'stopped') { view.framesPending.delete(view.pos); requestFrames(view.pos); }
    persist();
  });
  el.useAsSeed.addEventListener('click', () => {
    const frame = view.frames.get(view.pos);
    if (frame) post({ type: 'useFrame', frame: frame.index });
  });

  // ---- tap to animate ------------------------------------------------------------

  el.creatureButton.addEventListener('click', () => {
    if (view.tapping || view.tapRequested) return; // taps during an animation are ignored
    view.tapRequested = true;
    post({ type: 'tap', tap: view.tapCount, size: Math.round(el.creature.clientWidth) || 256, seed: el.seed.value });
  });

  async function onTap(animation) {
    view.tapRequested = false;
    if (!animation || animation.ignored || !animation.samples || animation.samples.length === 0) return;
    view.tapCount++;
    view.tapping = true;
    await playTap(el.wrap, el.overlay, animation);
    view.tapping = false;
    persist();
  }

  // ---- messages from the host ---------------------------------------------

  function onMessage(m) {
    if (!m || typeof m !== 'object' || view.disposed) return;
    switch (m.type) {
      case 'init': {
        view.mode = m.mode;
        root.dataset.mode = m.mode;
        buildSourceButtons(m.sources || []);
        if (m.image) view.image = m.image;
        if (m.mode === 'fonster') applyFonster(m.fonster);
        else { view.committedSeed = m.seed; el.seed.value = m.seed; }
        showLookalikes(m.lookalikes);
        showEngines(m.engines);
        showImage(m.image);
        showEnvironment(view.committedSeed, m.environment);
        if (!view.initialised) restoreSaved();
        view.initialised = true;
        root.setAttribute('aria-busy', 'false');
        persist();
        break;
      }
      case 'fonster':
        applyFonster(m.fonster);
        showLookalikes(m.lookalikes);
        showEngines(m.engines);
        if (m.image) { view.image = m.image; if (view.playback === 'stopped') showImage(m.image); }
        showEnvironment(m.fonster.seed, m.environment);
        persist();
        break;
      case 'image': // a new committed picture in preview mode
        view.committedSeed = m.seed;
        view.image = m.image;
        if (document.activeElement !== el.seed) el.seed.value = m.seed;
        if (view.playback !== 'stopped') stopPlayback();
        showImage(m.image);
        showEnvironment(m.seed, m.environment);
        persist();
        break;
      case 'preview':
        if (m.seq !== view.typingSeq) break; // an older keystroke
        el.seedError.hidden = true;
        if (view.playback === 'stopped') showImage(m.image);
        showEnvironment(m.seed, m.environment);
        break;
      case 'seedError':
        if (m.seq !== undefined && m.seq !== view.typingSeq) break;
        el.seedError.textContent = m.message;
        el.seedError.hidden = false;
        break;
      case 'frames': onFrames(m); break;
      case 'framesFailed':
        view.framesPending.clear();
        if (view.playback !== 'stopped') stopPlayback();
        break;
      case 'tap': onTap(m.animation); break;
      case 'status': status(m.message, m.error); break;
      case 'shareLink':
        el.shareBox.hidden = false;
        el.shareUrl.value = m.url;
        el.shareWarning.hidden = !m.tooLong;
        el.shareWarning.textContent = m.tooLong ? (m.warning || `This link is ${m.length} characters long, over the 2,000 that links can safely hold: share fewer or shorter seeds.`) : '';
        if (m.tooLong) status(el.shareWarning.textContent, true);
        else if (m.copied) status('Share link copied.');
        else copyShareLink();
        break;
      case 'playback':
        if (m.action === 'play' && view.playback !== 'playing') play();
        else if (m.action === 'pause' && view.playback === 'playing') pause();
        else if (m.action === 'stop') stopPlayback();
        break;
      default: break;
    }
  }
  host.listen(onMessage);

  /** Re-apply drafts, speed and playback position saved before the view was hidden. */
  function restoreSaved() {
    setSpeed(saved.speed || 10);
    if (typeof saved.nameDraft === 'string' && view.mode === 'fonster') el.name.value = saved.nameDraft;
    if (typeof saved.seedDraft === 'string' && saved.seedDraft !== view.committedSeed) {
      el.seed.value = saved.seedDraft;
      post({ type: 'typing', seed: saved.seedDraft, seq: ++view.typingSeq });
    }
    if (saved.playback === 'playing' || saved.playback === 'paused') {
      view.pos = saved.pos || 0;
      view.playback = saved.playback;
      el.play.textContent = saved.playback === 'playing' ? 'Pause' : 'Play';
      requestFrames(view.pos);
    }
  }

  setSpeed(view.speed);
  root.setAttribute('aria-busy', 'true');
  post({ type: 'ready', state: saved });

  return {
    /** Stop timers and listeners (the host is closing this view). */
    dispose() {
      view.disposed = true;
      clearTimeout(view.timer);
      clearTimeout(view.typingTimer);
      scene.clear();
      document.removeEventListener('keydown', onKeydown);
    },
    /** Put the keyboard in the name field (F2 / Rename). */
    focusName() { el.name.focus(); el.name.select(); },
    /** Feed a host message (for hosts that push rather than listen). */
    receive: onMessage,
  };
}

