// The detail view's evolution playback: Play / Pause / Stop, the speed, the frame counter and
// “Using for creature:” with the prefix in use and Use as seed. Frames come from the host a page
// at a time (creature/frames); the server's `intervalMs` times them. Long seeds have thousands of
// frames: the first page is kept for looping, played ones are dropped.

/** Frames asked for at a time. */
export const PAGE = 24;

/** The Play and Stop buttons' markup (on the scene). */
export const PLAY_BUTTONS_MARKUP = `
      <button id="play" type="button" class="primary">Play</button>
      <button id="stop" type="button">Stop</button>`;

/** The speed row's and the prefix line's markup (below the scene). */
export const PLAYBACK_MARKUP = `
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
  </p>`;

/**
 * @param {HTMLElement} root the detail view
 * @param {object} deps
 * @param {ReturnType<import('./stage.js').createStageView>} deps.stage where frames show
 * @param {() => string} deps.seed the kept seed (its prefixes are highlighted)
 * @param {(message: import('./messages.js').ToHost) => void} deps.post
 * @param {(text: string) => void} deps.status
 * @param {() => void} deps.changed playback state to save
 */
export function createPlaybackView(root, deps) {
  const $ = (id) => /** @type {any} */ (root.querySelector(`#${id}`));
  const el = {
    play: $('play'), stop: $('stop'), speed: $('speed'), speedOut: $('speed-out'), counter: $('frame-counter'),
    prefixLine: $('prefix-line'), prefixMark: $('prefix-mark'), prefixRest: $('prefix-rest'), useAsSeed: $('use-as-seed'),
  };
  const state = {
    speed: 10,
    /** @type {'stopped' | 'playing' | 'paused'} */
    playback: 'stopped',
    pos: 0,
    total: 0,
    intervalMs: 300,
    /** @type {Map<number, import('./messages.js').Frame>} by 0-based position */
    frames: new Map(),
    /** @type {Set<number>} pages asked for, by start */
    pending: new Set(),
    requests: 0,
    timer: 0,
    /** Whether there is a kept seed to play. */
    hasSeed: true,
  };

  /** Play needs a seed (or a playback to pause or resume); Stop needs a playback. */
  function showButtons() {
    el.play.textContent = state.playback === 'playing' ? 'Pause' : 'Play';
    el.play.disabled = state.playback === 'stopped' && !state.hasSeed;
    el.stop.disabled = state.playback === 'stopped';
  }

  function setSpeed(value) {
    state.speed = Number(value);
    el.speed.value = String(state.speed);
    el.speedOut.textContent = `${state.speed} %`;
  }

  function request(start) {
    if (state.pending.has(start)) return;
    state.pending.add(start);
    deps.post({ type: 'frames', requestId: ++state.requests, start, count: PAGE, speed: state.speed / 100 });
  }

  function play() {
    if (state.playback === 'playing') { pause(); return; }
    const resume = state.playback === 'paused';
    state.playback = 'playing';
    showButtons();
    if (!resume) { state.pos = 0; state.frames.clear(); state.pending.clear(); }
    if (state.frames.has(state.pos)) { showFrame(state.pos); schedule(); } else request(state.pos);
    deps.changed();
  }

  function pause() {
    clearTimeout(state.timer);
    state.playback = 'paused';
    showButtons();
    deps.changed();
  }

  function stop() {
    clearTimeout(state.timer);
    state.playback = 'stopped';
    state.frames.clear();
    state.pending.clear();
    state.pos = 0;
    state.total = 0;
    showButtons();
    el.prefixLine.hidden = true;
    el.counter.textContent = '';
    deps.stage.showRest();
    deps.post({ type: 'stopFrames' });
    deps.changed();
  }

  function schedule() {
    clearTimeout(state.timer);
    if (state.playback !== 'playing') return;
    state.timer = setTimeout(tick, state.intervalMs);
  }

  function tick() {
    if (state.playback !== 'playing' || state.total === 0) return;
    const next = (state.pos + 1) % state.total;
    if (!state.frames.has(next)) { request(next); return; } // resumes when the page arrives
    state.pos = next;
    showFrame(next);
    const ahead = Math.min(state.total - 1, next + Math.floor(PAGE / 2));
    if (!state.frames.has(ahead)) request(firstMissing(next, ahead));
    if (state.frames.size > PAGE * 3) dropPlayed(next);
    schedule();
  }

  function firstMissing(from, to) {
    for (let i = from; i <= to; i++) if (!state.frames.has(i)) return i;
    return to;
  }

  /** Keep the first page (for looping) and what lies ahead. */
  function dropPlayed(pos) {
    for (const key of [...state.frames.keys()]) if (key >= PAGE && key < pos) state.frames.delete(key);
  }

  function showFrame(pos) {
    const frame = state.frames.get(pos);
    if (!frame) return;
    deps.stage.showFrame(frame, state.total);
    el.counter.textContent = `Frame ${frame.index} of ${state.total}`;
    const seed = deps.seed();
    const at = seed.indexOf(frame.prefix);
    el.prefixMark.textContent = frame.prefix;
    el.prefixRest.textContent = at >= 0 ? seed.slice(at + frame.prefix.length) : '';
    el.prefixLine.hidden = false;
    deps.changed();
  }

  showButtons();
  el.play.addEventListener('click', play);
  el.stop.addEventListener('click', stop);
  el.speed.addEventListener('input', () => {
    setSpeed(el.speed.value);
    // The server turns speed into an interval: ask again from where we are.
    if (state.playback !== 'stopped') { state.pending.delete(state.pos); request(state.pos); }
    deps.changed();
  });
  el.useAsSeed.addEventListener('click', () => {
    const frame = state.frames.get(state.pos);
    if (frame) deps.post({ type: 'useFrame', frame: frame.index });
  });

  return {
    play,
    pause,
    stop,
    setSpeed,
    /** A page of frames arrived (`frames`). */
    onFrames(m) {
      state.pending.delete(m.start);
      if (state.playback === 'stopped') return;
      state.total = m.total;
      state.intervalMs = m.intervalMs;
      if (m.total === 0) { deps.status('Nothing to play: the seed is empty. Type a seed first.'); stop(); return; }
      for (const frame of m.frames) state.frames.set(frame.index - 1, frame);
      if (state.pos >= state.total) state.pos = 0;
      if (state.frames.has(state.pos) && deps.stage.frameShown !== String(state.pos + 1)) showFrame(state.pos);
      if (state.playback === 'playing') schedule();
    },
    /** Frames could not be had (`framesFailed`). */
    onFramesFailed() {
      state.pending.clear();
      if (state.playback !== 'stopped') stop();
    },
    /** `playback` from outside the view (the extension's commands). */
    act(action) {
      if (action === 'play' && state.playback !== 'playing') play();
      else if (action === 'pause' && state.playback === 'playing') pause();
      else if (action === 'stop') stop();
    },
    /** Resume where the view was before it was hidden. */
    restore(saved) {
      setSpeed(saved.speed || 10);
      if (saved.playback !== 'playing' && saved.playback !== 'paused') return;
      state.pos = saved.pos || 0;
      state.playback = saved.playback;
      showButtons();
      request(state.pos);
    },
    /** Whether the kept seed has any text to play (an empty one has none). */
    setHasSeed(has) {
      state.hasSeed = has;
      showButtons();
    },
    /** What to save: speed, playback and position. */
    get saved() { return { speed: state.speed, playback: state.playback, pos: state.pos }; },
    get playing() { return state.playback; },
    dispose() { clearTimeout(state.timer); },
  };
}
