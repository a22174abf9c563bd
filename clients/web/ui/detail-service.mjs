// The host's end of the detail view's messages (detail/messages.js), shared by both fronts: the
// web page runs it in the browser over its WebSocket (app/detail-host.js), the VS Code extension
// in its own process over the server's pipes (src/detail/panel.js). It turns the view's messages
// into server calls and sends back what the server answered. What differs between the fronts —
// exporting, sharing, saving, reporting errors — comes in as deps.
// (.mjs: Node loads it as a module in the extension, whatever package.json says.)
//
// Where things are: `commands` (the end of createDetailService) answers each view message;
// detail-service/pictures.mjs asks for what the view draws; detail-service/lookalike-names.mjs
// names what an edit's answer looks like; detail-service/export-options.mjs checks an export's
// options; `show` and `sendInit` here order answers that cross.

import { checkCall, ERROR_CODES } from './protocol.mjs';
import { DISPLAY_SIZE, CHOICE_SIZE, pickImage, createPictures } from './detail-service/pictures.mjs';
import { DISTINCT_ENGINE, pictureKey, lookalikesOf, createLookalikeNames } from './detail-service/lookalike-names.mjs';
import { exportOptions } from './detail-service/export-options.mjs';

export { DISPLAY_SIZE, CHOICE_SIZE, pickImage, DISTINCT_ENGINE, exportOptions };

const TAP_SAMPLES = 21;

/** A Fonster without the look-alikes an edit's answer adds (what fonsters/get answers). */
const fieldsOf = (f) => { const { sameAs, sameCount, nearlyAs, nearlyCount, ...rest } = f; return rest; };

/**
 * @param {object} deps
 * @param {(method: string, params?: any, opts?: { signal?: AbortSignal }) => Promise<any>} deps.call
 * @param {{ id: string } | { seed: string }} deps.target
 * @param {(message: import('./detail/messages.js').ToView) => any} deps.send to the view
 * @param {() => string[]} deps.sources the server's random-text sources
 * @param {() => string[]} deps.engines the server's engines
 * @param {() => (string | undefined)} deps.previewEngine the engine for a free seed (undefined: the server's default)
 * @param {() => string} deps.defaultEngine the server's default engine (shown for a free seed)
 * @param {(error: any) => boolean} deps.isCancellation
 * @param {(error: any) => string} deps.describe the message to show for an error
 * @param {(target: any, format: string, options: { size?: number, background?: string }) => any} deps.exportCreature
 *   `options`: the size and background the view chose (a host may ignore them)
 * @param {(what: { ids?: string[], seeds?: string[] }) => any} deps.share
 * @param {(seed: string, engine?: string) => any} deps.saveAsFonster
 * @param {(seed: string, fonster: any) => any} [deps.findVariant] open Find a look on this seed (for this Fonster)
 * @param {(fonster: any) => void} [deps.onFonster] a Fonster was shown (titles)
 * @param {() => void} [deps.onGone] the Fonster was deleted
 * @param {(error: any) => void} [deps.onError] an error besides the view's status line
 */
export function createDetailService(deps) {
  // Every call is checked against the server's declarations (protocol.mjs, generated from openrpc.json).
  const call = (method, params, opts) => { checkCall(method, params); return deps.call(method, params, opts); };
  const mode = 'id' in deps.target ? 'fonster' : 'preview';
  const id = mode === 'fonster' ? deps.target.id : undefined;
  const state = { seed: mode === 'preview' ? deps.target.seed : '', fonster: null, closed: false };
  const pictures = createPictures(call, deps);
  const lookalikes = createLookalikeNames(call, deps);
  // Answers are numbered as they arrive. The view shows the fields of the newest one (`applied`)
  // and the picture of the newest one that drew one (`pictured`): an edit's answer draws its
  // picture while a later answer without one (a reload of the same seed and engine, prompted by
  // the edit's own didChange) may already be shown; that picture still belongs on the view.
  let received = 0;
  let applied = 0;
  let pictured = 0;
  let shown = null;
  /** @type {AbortController | null} the preview of the newest keystroke */
  let typing = null;
  const frameRequests = new Set();

  const send = (m) => (state.closed ? false : deps.send(m));
  const engine = () => (mode === 'fonster' ? state.fonster && state.fonster.engine : deps.previewEngine());
  /** `{engine}` for a free seed, or nothing (the server's default). */
  const engineParam = () => { const e = engine(); return e ? { engine: e } : {}; };
  const target = () => (mode === 'fonster' ? { id } : { seed: state.seed, ...engineParam() });

  /** The picture, engine choices and scene of a Fonster. */
  const drawn = (f) => Promise.all([pictures.image(target()), pictures.engines(f.seed, f.engine), pictures.environment(target())]);

  function setFonster(f) {
    state.fonster = f;
    state.seed = f.seed;
    if (deps.onFonster) deps.onFonster(f);
  }

  /** Send a Fonster (and its picture); see `applied` and `pictured` for answers that cross. */
  async function show(f, withImage = true) {
    const seq = ++received;
    state.fonster = f; // draw with its engine
    const [picture] = await Promise.all([withImage ? drawn(f) : null, lookalikes.name(f, seq)]);
    const fields = fieldsOf(f);
    if (seq > applied) {
      applied = seq;
      shown = fields;
      if (picture) pictured = seq;
      setFonster(fields);
      const [img, eng, env] = picture || [];
      await send({ type: 'fonster', fonster: fields, image: img, engines: eng, environment: env, lookalikes: lookalikes.of(fields) });
    } else if (picture && seq > pictured && shown && pictureKey(shown) === pictureKey(fields)) {
      pictured = seq;
      const [img, eng, env] = picture;
      await send({ type: 'fonster', fonster: shown, image: img, engines: eng, environment: env, lookalikes: lookalikes.of(shown) });
    }
  }

  /** Everything the view needs to draw itself (also after being hidden). */
  async function sendInit() {
    const sources = deps.sources();
    if (mode === 'preview') {
      const [img, env] = await Promise.all([pictures.image(target()), pictures.environment(target())]);
      await send({ type: 'init', mode, seed: state.seed, image: img, sources, engines: { current: engine() || deps.defaultEngine(), choices: [] }, environment: env });
      return;
    }
    const seq = ++received;
    const answer = await call('fonsters/get', { id, lookalikes: true });
    const f = fieldsOf(answer);
    state.fonster = f;
    state.seed = f.seed;
    const [[img, eng, env]] = await Promise.all([drawn(f), lookalikes.name(answer, seq)]);
    if (seq < applied) { // an edit's answer came meanwhile: the view starts from it
      const same = pictureKey(shown) === pictureKey(f);
      await send({ type: 'init', mode, fonster: shown, image: same ? img : undefined, sources, engines: same ? eng : undefined,
        environment: same ? env : undefined, lookalikes: lookalikes.of(shown) });
      return;
    }
    applied = seq;
    pictured = seq;
    shown = f;
    setFonster(f);
    await send({ type: 'init', mode, fonster: f, image: img, sources, engines: eng, environment: env, lookalikes: lookalikes.of(f) });
  }

  /** Live creature while typing: the newest keystroke cancels the previous render. */
  async function preview(text, seq) {
    if (typing) typing.abort();
    const controller = new AbortController();
    typing = controller;
    try {
      const what = { seed: text, ...engineParam() };
      const opts = { signal: controller.signal };
      // A Fonster's engine choices follow the typed text too (each engine's picture of it).
      const choices = mode === 'fonster' && state.fonster ? pictures.engines(text, state.fonster.engine, opts) : undefined;
      const [result, env, engines] = await Promise.all([pictures.image(what, opts), pictures.environment(what, opts), choices]);
      await send({ type: 'preview', seq, seed: text, image: result, environment: env, engines });
      // Then what the typed text looks like in the library (unless a newer keystroke came meanwhile).
      if (mode === 'fonster' && state.fonster) await typedLookalikes(text, seq, opts);
    } catch (error) {
      if (deps.isCancellation(error)) return;
      await send({ type: 'seedError', seq, message: deps.describe(error) });
    } finally {
      if (typing === controller) typing = null;
    }
  }

  /** The look-alikes of a typed text in the library (the open Fonster left out). */
  async function typedLookalikes(text, seq, opts) {
    if (text === '') { await send({ type: 'lookalikes', seq, seed: text, lookalikes: null }); return; }
    const engineOf = state.fonster.engine;
    let found;
    try {
      found = await lookalikesOf(call, { seed: text, engine: engineOf, except: id }, opts);
    } catch (error) {
      if (deps.isCancellation(error)) return;
      await send({ type: 'lookalikes', seq, seed: text, lookalikes: null }); // not known (a server without fonsters/lookalikesOf)
      return;
    }
    const described = await lookalikes.describe(found, text, found.engine || engineOf, id, opts);
    await send({ type: 'lookalikes', seq, seed: text, lookalikes: described });
  }

  /** One undoable edit (a Fonster), or the new seed of a free preview. */
  async function commitSeed(text) {
    if (mode === 'preview') {
      state.seed = text;
      const [img, env] = await Promise.all([pictures.image(target()), pictures.environment(target())]);
      await send({ type: 'image', seed: text, image: img, environment: env });
      return;
    }
    if (state.fonster && state.fonster.seed === text) return;
    try {
      await show(await call('fonsters/update', { id, seed: text }));
    } catch (error) {
      if (error && error.code === ERROR_CODES.seedTooLong) { await send({ type: 'seedError', message: deps.describe(error) }); return; }
      throw error;
    }
  }

  async function frames(m) {
    const controller = new AbortController();
    frameRequests.add(controller);
    try {
      const result = await call('creature/frames', {
        ...target(), size: DISPLAY_SIZE, start: Math.max(0, Number(m.start) || 0), count: Math.max(1, Number(m.count) || 1), speed: Number(m.speed) || 0.1,
      }, { signal: controller.signal });
      await send({ type: 'frames', requestId: m.requestId, start: m.start, total: result.total, intervalMs: result.intervalMs, frames: result.frames });
    } catch (error) {
      if (deps.isCancellation(error)) return;
      await send({ type: 'framesFailed', requestId: m.requestId });
      throw error;
    } finally {
      frameRequests.delete(controller);
    }
  }

  function cancelFrames() {
    for (const controller of frameRequests) controller.abort();
    frameRequests.clear();
  }

  async function tap(m) {
    const text = mode === 'fonster' ? state.seed : (typeof m.seed === 'string' ? m.seed : state.seed);
    try {
      const animation = await call('creature/tapAnimation', {
        seed: text, tap: Math.max(0, Number(m.tap) || 0), viewSize: Math.max(1, Math.round(Number(m.size) || 256)), samples: TAP_SAMPLES, ...engineParam(),
      });
      await send({ type: 'tap', animation });
    } catch (error) {
      await send({ type: 'tap', animation: null });
      throw error;
    }
  }

  async function showRandom(result) {
    const { usedFallback, ...f } = result;
    await show(f);
    if (usedFallback) await send({ type: 'status', message: 'The random-text service was unreachable; used offline text instead.' });
  }

  /** An error: "nothing to undo" is a plain note, a deleted Fonster closes the view, the rest is shown. */
  function report(error) {
    if (state.closed || deps.isCancellation(error)) return;
    const code = error && error.code;
    if (code === ERROR_CODES.nothingToUndo || code === ERROR_CODES.nothingToRedo) { send({ type: 'status', message: deps.describe(error) }); return; }
    if (code === ERROR_CODES.notFound && mode === 'fonster') { if (deps.onGone) deps.onGone(); return; }
    send({ type: 'status', message: deps.describe(error), error: true });
    if (deps.onError) deps.onError(error);
  }

  /** A Fonster edit (only for a library Fonster): the server's answer is shown. */
  const edit = (method, params) => (id ? call(method, { id, ...params }).then(show) : undefined);

  /** @type {{ [type: string]: (m: any) => any }} what each view message does (detail/messages.js's ToHost) */
  const commands = {
    ready: () => sendInit(),
    typing: (m) => preview(String(m.seed), m.seq),
    commitSeed: (m) => commitSeed(String(m.seed)),
    setEngine: (m) => (state.fonster && state.fonster.engine === m.engine ? undefined : edit('fonsters/update', { engine: String(m.engine) })),
    rename: (m) => edit('fonsters/update', { name: String(m.name) }),
    undo: () => edit('fonsters/undo', {}),
    redo: () => edit('fonsters/redo', {}),
    random: (m) => (id ? call('fonsters/random', { id, source: m.source, mode: m.mode === 'prepend' ? 'prepend' : 'replace' }).then(showRandom) : undefined),
    refresh: () => (id ? call('fonsters/refresh', { id }).then(showRandom) : undefined),
    frames: (m) => frames(m),
    stopFrames: () => cancelFrames(),
    useFrame: (m) => edit('fonsters/useFrame', { frame: Number(m.frame) }),
    tap: (m) => tap(m),
    export: (m) => deps.exportCreature(target(), String(m.format), exportOptions(m)),
    share: (m) => deps.share(id ? { ids: [id] } : { seeds: [typeof m.seed === 'string' ? m.seed : state.seed] }),
    saveAsFonster: (m) => deps.saveAsFonster(typeof m.seed === 'string' ? m.seed : state.seed, engine()),
    // The look-alike warning's offers: this seed (typed or kept) drawn by another engine, in one
    // edit; Find a look on this seed.
    drawWith: (m) => edit('fonsters/update', { seed: String(m.seed), engine: String(m.engine) }),
    findVariant: (m) => (deps.findVariant ? deps.findVariant(String(m.seed), state.fonster) : undefined),
  };

  /** Handle one message from the view; errors are reported, never thrown. */
  async function handle(m) {
    if (!m || typeof m.type !== 'string' || state.closed || !Object.prototype.hasOwnProperty.call(commands, m.type)) return;
    try {
      await commands[m.type](m);
    } catch (error) {
      report(error);
    }
  }

  return {
    mode,
    id,
    handle,
    sendInit,
    report,
    /** Commit a new seed from outside (a preview's next text, the clock's next second). */
    commitSeed: (text) => commitSeed(text).catch(report),
    /** The Fonster changed elsewhere (didChange): re-read it and show it if it differs. */
    async reload() {
      if (mode !== 'fonster' || state.closed) return;
      try {
        const answer = await call('fonsters/get', { id, lookalikes: true });
        const f = fieldsOf(answer);
        const before = state.fonster && fieldsOf(state.fonster);
        if (before && JSON.stringify(before) === JSON.stringify(f)) return;
        await show(answer, !before || before.seed !== f.seed || before.engine !== f.engine);
      } catch (error) {
        report(error);
      }
    },
    get fonster() { return state.fonster; },
    get seed() { return state.seed; },
    get target() { return target(); },
    get engine() { return engine(); },
    close() {
      state.closed = true;
      if (typing) typing.abort();
      cancelFrames();
    },
  };
}
