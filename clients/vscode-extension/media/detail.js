// @ts-check
/* global acquireVsCodeApi */
'use strict';

/**
 * The detail webview's page script. It holds no Fonsters rules: it shows what
 * the extension sends (which comes from the server), reports what the person
 * does, times evolution playback with the server's `intervalMs`, and plays the
 * server's tap-animation samples. Its view state survives hide/show through
 * the webview state API.
 */
(function main() {
  // @ts-ignore provided by VS Code (or the test harness)
  const vscode = acquireVsCodeApi();
  const PAGE = 24; // frames requested at a time
  const SOURCE_LABELS = { quote: 'Quote', words: 'Words', uuid: 'UUID', lorem: 'Lorem' };

  /** @param {string} id */
  const $ = (id) => /** @type {any} */ (document.getElementById(id));
  const el = {
    app: $('app'), name: $('name'), seed: $('seed'), seedError: $('seed-error'), birthday: $('birthday'),
    creature: $('creature'), creatureButton: $('creature-button'), wrap: $('creature-wrap'), overlay: $('overlay'),
    prefixLine: $('prefix-line'), prefixMark: $('prefix-mark'), prefixRest: $('prefix-rest'), useAsSeed: $('use-as-seed'),
    counter: $('frame-counter'), undo: $('undo'), redo: $('redo'), play: $('play'), stop: $('stop'),
    speed: $('speed'), speedOut: $('speed-out'), loadRandom: $('load-random'), prependRandom: $('prepend-random'),
    refresh: $('refresh'), share: $('share'), saveAsFonster: $('save-as-fonster'), status: $('status'),
    engineLine: $('engine-line'), engineName: $('engine-name'), engines: $('engines'), engineChoices: $('engine-choices'),
  };

  /** Saved view state (VS Code keeps it while the panel is hidden and across reloads). */
  const saved = vscode.getState() || {};
  const view = {
    mode: saved.mode || document.body.dataset.mode || 'fonster',
    /** @type {any} */ fonster: null,
    committedSeed: '',
    /** @type {any} */ image: null,
    speed: saved.speed || 10,
    playback: /** @type {'stopped' | 'playing' | 'paused'} */ ('stopped'),
    pos: 0, // 0-based frame position
    total: 0,
    intervalMs: 300,
    /** @type {Map<number, { index: number, prefix: string, dataUri: string }>} */ frames: new Map(),
    framesPending: /** @type {Set<number>} */ (new Set()),
    framesRequest: 0,
    /** @type {any} */ timer: null,
    typingSeq: 0,
    /** @type {any} */ typingTimer: null,
    tapCount: saved.tapCount || 0,
    tapping: false,
    tapRequested: false,
    initialised: false,
  };

  let reportedDirty = false;
  /** Tell the extension whether a field holds uncommitted text (Ctrl+Z is then the field's own undo). */
  function reportDirty() {
    const dirty = el.seed.value !== view.committedSeed || (!!view.fonster && el.name.value !== view.fonster.name);
    if (dirty !== reportedDirty) {
      reportedDirty = dirty;
      post({ type: 'draftDirty', dirty });
    }
  }

  function persist() {
    reportDirty();
    vscode.setState({
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

  /** @param {any} message */
  function post(message) { vscode.postMessage(message); }

  /** @param {string} text @param {boolean} [isError] */
  function status(text, isError) {
    el.status.textContent = text || '';
    el.status.classList.toggle('error', !!isError);
  }

  /** @param {{ dataUri: string, alt?: string } | null} image */
  function showImage(image) {
    if (!image) return;
    el.creature.src = image.dataUri;
    el.creature.alt = image.alt || '';
  }

  // ---- engines ----------------------------------------------------------------

  /**
   * The engine in use, and the seed drawn by each engine side by side: picking
   * another asks the extension to switch (the current one is checked).
   * @param {{ current?: string, choices?: { engine: string, image: { dataUri: string, alt?: string } }[] } | undefined} engines
   */
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
      img.alt = choice.image.alt || '';
      img.draggable = false;
      const caption = document.createElement('span');
      caption.textContent = current ? `${choice.engine} (in use)` : choice.engine;
      button.append(img, caption);
      button.addEventListener('click', () => { if (!current) post({ type: 'setEngine', engine: choice.engine }); });
      el.engineChoices.appendChild(button);
    }
  }

  // ---- fields ---------------------------------------------------------------

  /** @param {any} fonster */
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
    document.title = fonster.displayName;
    el.seedError.hidden = true;
  }

  /** @param {string[]} sources */
  function buildSourceButtons(sources) {
    for (const [container, mode] of [[el.loadRandom, 'replace'], [el.prependRandom, 'prepend']]) {
      container.textContent = '';
      for (const source of sources) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = SOURCE_LABELS[/** @type {'quote'} */ (source)] || source;
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
  el.seed.addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      commitSeed();
    } else if (e.key === 'Escape') {
      el.seed.value = view.committedSeed;
      post({ type: 'typing', seed: el.seed.value, seq: ++view.typingSeq });
    }
  });
  el.seed.addEventListener('blur', commitSeed);
  el.name.addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
    if (e.key === 'Enter') { e.preventDefault(); commitName(); }
    else if (e.key === 'Escape' && view.fonster) el.name.value = view.fonster.name;
  });
  el.name.addEventListener('blur', commitName);
  el.name.addEventListener('input', persist);

  el.undo.addEventListener('click', () => post({ type: 'undo' }));
  el.redo.addEventListener('click', () => post({ type: 'redo' }));
  el.refresh.addEventListener('click', () => post({ type: 'refresh' }));
  el.share.addEventListener('click', () => post({ type: 'share', seed: el.seed.value }));
  el.saveAsFonster.addEventListener('click', () => post({ type: 'saveAsFonster', seed: el.seed.value }));
  for (const button of document.querySelectorAll('[data-export]')) {
    button.addEventListener('click', () => post({ type: 'export', format: /** @type {HTMLElement} */ (button).dataset.export }));
  }

  // ---- evolution playback ------------------------------------------------------

  function setSpeed(value) {
    view.speed = Number(value);
    el.speed.value = String(view.speed);
    el.speedOut.textContent = `${view.speed} %`;
  }

  /** Ask the extension for frames starting at `start` (0-based). */
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

  /** @param {number} from @param {number} to */
  function firstMissing(from, to) {
    for (let i = from; i <= to; i++) if (!view.frames.has(i)) return i;
    return to;
  }

  /** Long seeds have thousands of frames: keep the first page (for looping) and what lies ahead. */
  function dropPlayedFrames(/** @type {number} */ pos) {
    for (const key of [...view.frames.keys()]) if (key >= PAGE && key < pos) view.frames.delete(key);
  }

  /** @param {number} pos */
  function showFrame(pos) {
    const frame = view.frames.get(pos);
    if (!frame) return;
    el.creature.src = frame.dataUri;
    el.creature.dataset.frame = String(frame.index);
    el.counter.textContent = `Frame ${frame.index} of ${view.total}`;
    const seed = view.committedSeed;
    const at = seed.indexOf(frame.prefix);
    el.prefixMark.textContent = frame.prefix;
    el.prefixRest.textContent = at >= 0 ? seed.slice(at + frame.prefix.length) : '';
    el.prefixLine.hidden = false;
    persist();
  }

  /** @param {any} message */
  function onFrames(message) {
    view.framesPending.delete(message.start);
    if (view.playback === 'stopped') return;
    view.total = message.total;
    view.intervalMs = message.intervalMs;
    if (message.total === 0) { status('Nothing to play: the seed is empty.'); stopPlayback(); return; }
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

  /** @param {any} animation */
  function onTap(animation) {
    view.tapRequested = false;
    if (!animation || animation.ignored || !animation.samples || animation.samples.length === 0) return;
    view.tapCount++;
    view.tapping = true;
    el.wrap.dataset.tap = animation.kind;
    const started = performance.now();
    const total = animation.forwardMs + animation.reverseMs;
    // Timer-driven (about 60 steps a second) so it also runs where animation frames are throttled.
    const step = () => {
      const elapsed = performance.now() - started;
      const t = elapsed < animation.forwardMs
        ? elapsed / animation.forwardMs
        : Math.max(0, 1 - (elapsed - animation.forwardMs) / animation.reverseMs);
      applySample(sampleAt(animation.samples, t));
      if (elapsed < total) setTimeout(step, 16);
      else { applySample(null); view.tapping = false; delete el.wrap.dataset.tap; persist(); }
    };
    step();
  }

  /** Linear interpolation between the server's samples. */
  function sampleAt(samples, t) {
    if (samples.length === 1) return samples[0];
    let i = 0;
    while (i < samples.length - 2 && samples[i + 1].t < t) i++;
    const a = samples[i];
    const b = samples[i + 1];
    const f = b.t === a.t ? 0 : Math.min(1, Math.max(0, (t - a.t) / (b.t - a.t)));
    const mix = (/** @type {string} */ k) => a[k] + (b[k] - a[k]) * f;
    const overlay = a.overlay || b.overlay;
    let mixedOverlay = null;
    if (overlay) {
      mixedOverlay = { kind: overlay.kind };
      for (const key of Object.keys(overlay)) {
        if (key === 'kind') continue;
        const va = a.overlay ? a.overlay[key] || 0 : 0;
        const vb = b.overlay ? b.overlay[key] || 0 : 0;
        mixedOverlay[key] = va + (vb - va) * f;
      }
    }
    return {
      scaleX: mix('scaleX'), scaleY: mix('scaleY'), rotationDegrees: mix('rotationDegrees'),
      rotation3DYDegrees: mix('rotation3DYDegrees'), offsetX: mix('offsetX'), offsetY: mix('offsetY'),
      opacity: mix('opacity'), overlay: mixedOverlay,
    };
  }

  /** @param {any} s */
  function applySample(s) {
    const wrap = el.wrap.style;
    const overlay = el.overlay.style;
    if (!s) {
      wrap.transform = '';
      wrap.opacity = '';
      overlay.cssText = '';
      return;
    }
    wrap.transform = `translate(${s.offsetX}px, ${s.offsetY}px) rotate(${s.rotationDegrees}deg) `
      + `rotateY(${s.rotation3DYDegrees}deg) scale(${s.scaleX}, ${s.scaleY})`;
    wrap.opacity = String(s.opacity);
    overlay.cssText = '';
    const o = s.overlay;
    if (!o) return;
    const k = o.kind;
    if (k === 'topBand') {
      overlay.background = 'linear-gradient(to bottom, #000 0, #000 38%, transparent 38%)';
      overlay.opacity = String(o.opacity || 0);
      overlay.transform = `translateY(${o.offset || 0}px)`;
    } else if (k === 'rain') {
      overlay.background = 'repeating-linear-gradient(100deg, transparent 0 9px, rgba(120,170,255,.85) 9px 11px)';
      overlay.opacity = String(o.intensity || 0);
    } else if (k === 'explode') {
      overlay.background = 'radial-gradient(circle, #fff 0, #ffd54a 35%, transparent 70%)';
      overlay.opacity = String(o.flash || 0);
      overlay.transform = `scale(${1 + (o.burst || 0)})`;
    } else if (k === 'wipe') {
      overlay.background = 'var(--vscode-editor-background, #1e1e1e)';
      overlay.transformOrigin = 'left';
      overlay.transform = `scaleX(${o.reveal || 0})`;
    } else if (k === 'blinds') {
      overlay.background = `repeating-linear-gradient(to bottom, var(--vscode-editor-background, #1e1e1e) 0 ${(o.open || 0) * 12}px, transparent ${(o.open || 0) * 12}px 12px)`;
    } else if (k === 'spotlight') {
      overlay.background = 'radial-gradient(circle, transparent 35%, #000 75%)';
      overlay.opacity = String(o.vignette || 0);
    }
  }

  // ---- messages from the extension ---------------------------------------------

  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    switch (m.type) {
      case 'init': {
        view.mode = m.mode;
        document.body.dataset.mode = m.mode;
        buildSourceButtons(m.sources || []);
        view.image = m.image;
        if (m.mode === 'fonster') applyFonster(m.fonster);
        else { view.committedSeed = m.seed; el.seed.value = m.seed; }
        showEngines(m.engines);
        showImage(m.image);
        if (!view.initialised) restoreSaved();
        view.initialised = true;
        el.app.setAttribute('aria-busy', 'false');
        persist();
        break;
      }
      case 'fonster':
        applyFonster(m.fonster);
        showEngines(m.engines);
        if (m.image) { view.image = m.image; if (view.playback === 'stopped') showImage(m.image); }
        persist();
        break;
      case 'image': // a new committed picture in preview mode
        view.committedSeed = m.seed;
        view.image = m.image;
        if (document.activeElement !== el.seed) el.seed.value = m.seed;
        if (view.playback !== 'stopped') stopPlayback();
        showImage(m.image);
        persist();
        break;
      case 'preview':
        if (m.seq !== view.typingSeq) break; // an older keystroke
        el.seedError.hidden = true;
        if (view.playback === 'stopped') showImage(m.image);
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
      case 'playback':
        if (m.action === 'play' && view.playback !== 'playing') play();
        else if (m.action === 'pause' && view.playback === 'playing') pause();
        else if (m.action === 'stop') stopPlayback();
        break;
      default: break;
    }
  });

  /** Re-apply drafts, speed and playback position saved before the panel was hidden. */
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
  post({ type: 'ready', state: saved });
}());
