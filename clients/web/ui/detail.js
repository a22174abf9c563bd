// The detail view of one Fonster (or of a free seed: "preview" mode), shared by the web page and
// the VS Code extension's webview. It holds no Fonsters rules: it shows what its host sends
// (which comes from the server), reports what the person does, times evolution playback with
// the server's `intervalMs` and plays the server's tap-animation samples.
//
// Where things are — each panel of the view is one file under detail/, with its markup:
//   detail/fields.js    Name and Seed, typing, Enter/Escape, the seed's error line
//   detail/stage.js     the creature on its scene, taps, evolution frames, the look-alikes line
//   detail/playback.js  Play/Pause/Stop, speed, frame counter, “Using for creature:”, Use as seed
//   detail/engines.js   “Drawn by …” and the engine choices
//   detail/actions.js   Undo/Redo, random text, exports, the share link, Save as Fonster
//   detail/messages.js  the messages between this view and its host (JSDoc typedefs)
// This file lays the panels out, keeps the view state across a hide/show, handles the undo
// keys and turns each host message into what the panels show (`handlers` below).
//
// The host is a small adapter: `post(message)` (view → host), `listen(fn)` (host → view),
// `getState()`/`setState(state)` (view state kept across a hide/show), and `undoKeys` (true
// when the view itself handles Ctrl/Cmd-Z; VS Code routes those keys through its keybindings).

import { FIELDS_MARKUP, createFieldsView } from './detail/fields.js';
import { stageMarkup, LOOKALIKES_MARKUP, createStageView } from './detail/stage.js';
import { PLAY_BUTTONS_MARKUP, PLAYBACK_MARKUP, createPlaybackView } from './detail/playback.js';
import { ENGINE_LINE_MARKUP, ENGINES_MARKUP, createEnginesView } from './detail/engines.js';
import { ACTIONS_MARKUP, createActionsView } from './detail/actions.js';
import { createExportOptions } from './detail/export.js';

/** The view's layout: the panels' markup in reading (and Tab) order — the creature first, then
 * the fields and the rest; detail.css places them (side by side when wide). */
const LAYOUT = `
<div class="detail-grid">
<section class="stage" aria-label="Creature">
  ${stageMarkup(PLAY_BUTTONS_MARKUP)}
  ${PLAYBACK_MARKUP}
  ${ENGINE_LINE_MARKUP}
  ${LOOKALIKES_MARKUP}
</section>
${FIELDS_MARKUP}
${ENGINES_MARKUP}
${ACTIONS_MARKUP}
<p id="status" class="status" role="status" aria-live="polite"></p>
</div>`;

/**
 * @typedef {object} DetailHost
 * @property {(m: import('./detail/messages.js').ToHost) => void} post
 * @property {(fn: (m: import('./detail/messages.js').ToView) => void) => void} listen
 * @property {() => any} getState
 * @property {(s: any) => void} setState
 * @property {boolean} [undoKeys]
 * @property {string} [mode]
 * @property {boolean} [exportExtras] the host copies images and gives embed snippets (Copy image, Embed…)
 * @property {(title: string) => void} [setTitle]
 */

/**
 * Build the detail view inside `root` and wire it to `host`.
 * @param {HTMLElement} root
 * @param {DetailHost} host
 * @returns {{ dispose(): void, focusName(): void, receive(m: any): void }}
 */
export function mountDetail(root, host) {
  root.innerHTML = LAYOUT;
  root.classList.add('detail');
  const saved = host.getState() || {};
  const view = {
    mode: saved.mode || host.mode || 'fonster',
    /** @type {any} */
    fonster: null,
    typingSeq: 0,
    tapCount: saved.tapCount || 0,
    initialised: false,
    disposed: false,
    reportedDirty: false,
  };
  root.dataset.mode = view.mode;
  const post = (m) => { if (!view.disposed) host.post(m); };
  const statusLine = /** @type {HTMLElement} */ (root.querySelector('#status'));
  /** Whether the status line speaks of the kept seed (“Nothing to play…”): a new seed clears it. */
  let statusAboutSeed = false;

  /** A sentence in the status line (an error in the error colour). */
  function status(text, isError = false, aboutSeed = false) {
    statusLine.textContent = text || '';
    statusLine.classList.toggle('error', !!isError);
    statusAboutSeed = aboutSeed;
  }

  /** The seed changed (typed, kept, or another one shown): what was said of the old one goes. */
  function seedChanged() {
    if (statusAboutSeed) status('');
  }

  const fields = createFieldsView(root, {
    typing: (seed) => { seedChanged(); post({ type: 'typing', seed, seq: ++view.typingSeq }); },
    commitSeed: (seed) => post({ type: 'commitSeed', seed }),
    rename: (name) => post({ type: 'rename', name }),
    edited: () => persist(),
  });
  const stage = createStageView(root, {
    tap: (size) => post({ type: 'tap', tap: view.tapCount, size, seed: fields.seed }),
    drawWith: (engine, seed) => post({ type: 'drawWith', engine, seed }),
    findVariant: (seed) => post({ type: 'findVariant', seed }),
  });
  const playback = createPlaybackView(root, {
    stage, seed: () => fields.committedSeed, post, status: (text) => status(text, false, true), changed: () => persist(),
  });
  const engines = createEnginesView(root, { pick: (engine) => post({ type: 'setEngine', engine }) });
  const actions = createActionsView(root, post, { seed: () => fields.seed, status });
  const seedField = /** @type {HTMLElement} */ (root.querySelector('#seed'));
  seedField.addEventListener('focus', () => root.classList.add('typing'));
  seedField.addEventListener('blur', () => root.classList.remove('typing'));
  const exporting = createExportOptions(root, post, { shownSize: () => /** @type {HTMLElement} */ (root.querySelector('#creature')).clientWidth || 512 });
  if (host.exportExtras) root.dataset.extras = 'true';

  /** Tell the host when a field starts or stops holding text not kept yet. */
  function reportDirty() {
    const dirty = fields.dirty;
    if (dirty === view.reportedDirty) return;
    view.reportedDirty = dirty;
    post({ type: 'draftDirty', dirty });
  }

  /** Save the view state (drafts, speed, playback position, taps) with the host. */
  function persist() {
    reportDirty();
    host.setState({
      mode: view.mode,
      target: view.mode === 'fonster' && view.fonster ? { id: view.fonster.id } : { seed: fields.committedSeed },
      ...fields.drafts(),
      ...playback.saved,
      tapCount: view.tapCount,
    });
  }

  /** The kept seed of a free preview (the clock's next second, a selection). */
  function showSeed(seed, keepTyping = false) {
    if (seed !== fields.committedSeed) seedChanged();
    fields.showSeed(seed, keepTyping);
    playback.setHasSeed(seed !== '');
  }

  /** A Fonster's fields, history buttons and title. */
  function showFonster(f) {
    view.fonster = f;
    if (fields.showFonster(f)) { seedChanged(); playback.stop(); }
    playback.setHasSeed(f.seed !== '');
    actions.showFonster(f);
    if (host.setTitle) host.setTitle(f.displayName); else document.title = f.displayName;
  }

  /** Re-apply drafts, speed and playback position saved before the view was hidden. */
  function restoreSaved() {
    const draft = fields.restoreDrafts(saved);
    if (draft !== undefined) post({ type: 'typing', seed: draft, seq: ++view.typingSeq });
    playback.restore(saved);
  }

  /** @type {{ [type: string]: (m: any) => void }} what each host message does to the view */
  const handlers = {
    init(m) {
      view.mode = m.mode;
      root.dataset.mode = m.mode;
      fields.setMode(m.mode);
      actions.showSources(m.sources || []);
      if (m.mode === 'fonster') showFonster(m.fonster);
      else showSeed(m.seed);
      stage.showLookalikes(m.lookalikes);
      engines.show(m.engines);
      stage.showPicture(m.image);
      stage.showEnvironment(m.environment);
      if (!view.initialised) restoreSaved();
      view.initialised = true;
      root.setAttribute('aria-busy', 'false');
      persist();
    },
    fonster(m) {
      showFonster(m.fonster);
      stage.showLookalikes(m.lookalikes);
      engines.show(m.engines);
      stage.showPicture(m.image, playback.playing === 'stopped');
      stage.showEnvironment(m.environment);
      persist();
    },
    image(m) { // a new kept picture in preview mode
      showSeed(m.seed, true);
      if (playback.playing !== 'stopped') playback.stop();
      stage.showPicture(m.image);
      stage.showEnvironment(m.environment);
      persist();
    },
    preview(m) {
      if (m.seq !== view.typingSeq) return; // an older keystroke
      fields.showSeedError(null);
      if (playback.playing === 'stopped') stage.showPreview(m.image);
      stage.showEnvironment(m.environment);
      engines.show(m.engines);
    },
    lookalikes(m) { // of a typed text, for the newest keystroke only
      if (m.seq !== view.typingSeq) return;
      stage.showLookalikes(m.lookalikes);
    },
    seedError(m) {
      if (m.seq !== undefined && m.seq !== view.typingSeq) return;
      fields.showSeedError(m.message);
    },
    frames(m) { playback.onFrames(m); },
    framesFailed() { playback.onFramesFailed(); },
    async tap(m) {
      if (await stage.playTap(m.animation)) {
        view.tapCount++;
        persist();
      }
    },
    status(m) { status(m.message, m.error); },
    shareLink(m) { actions.showShareLink(m); },
    embed(m) { exporting.showEmbed(m); },
    playback(m) { playback.act(m.action); },
  };

  function onMessage(m) {
    if (!m || typeof m !== 'object' || view.disposed) return;
    const handler = Object.prototype.hasOwnProperty.call(handlers, m.type) ? handlers[m.type] : null;
    if (handler) handler(m);
  }
  host.listen(onMessage);

  /** Undo/redo keys where the host leaves them to the page (the web). */
  function onKeydown(e) {
    if (!host.undoKeys || view.mode !== 'fonster') return;
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const key = e.key.toLowerCase();
    const redo = (key === 'z' && e.shiftKey) || (key === 'y' && !e.shiftKey && e.ctrlKey);
    const undo = key === 'z' && !e.shiftKey;
    if (!undo && !redo) return;
    if (fields.holds(e.target) && fields.dirty) return; // the field's own text undo
    if (!root.contains(e.target) && e.target !== document.body) return;
    e.preventDefault();
    post({ type: redo ? 'redo' : 'undo' });
  }
  document.addEventListener('keydown', onKeydown);

  fields.setMode(view.mode);
  playback.setSpeed(saved.speed || 10);
  root.setAttribute('aria-busy', 'true');
  post({ type: 'ready', state: saved });

  return {
    /** Stop timers and listeners (the host is closing this view). */
    dispose() {
      view.disposed = true;
      playback.dispose();
      fields.dispose();
      stage.dispose();
      document.removeEventListener('keydown', onKeydown);
    },
    /** Put the keyboard in the name field (F2 / Rename). */
    focusName() { fields.focusName(); },
    /** Feed a host message (for hosts that push rather than listen). */
    receive: onMessage,
  };
}
