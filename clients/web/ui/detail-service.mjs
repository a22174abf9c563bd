// The server side of the detail view's message protocol (see detail.js), shared
// by both hosts: the web page runs it in the browser over its WebSocket
// (app/detail-host.js), the VS Code extension in its own process over the
// server's pipes (src/detail/panel.js). It turns the view's messages into
// server calls and sends back what the server answered. What differs between
// the hosts — exporting, sharing, saving, reporting errors — comes in as deps.
// (.mjs: Node loads it as a module in the extension, whatever package.json says.)

import { checkCall, ERROR_CODES } from './protocol.mjs';
import { lookalikeSentence } from './lookalikes.mjs';
const DISPLAY_SIZE = 512; // 16 device pixels per cell; CSS keeps it pixel-crisp
const CHOICE_SIZE = 128; // each engine's creature beside the other, for picking one
const TAP_SAMPLES = 21;

/** The picture fields the view uses from creature/render. */
export const pickImage = (r) => ({ dataUri: r.dataUri, alt: r.alt, width: r.width, height: r.height });

/**
 * @param {object} deps
 * @param {(method: string, params?: any, opts?: { signal?: AbortSignal }) => Promise<any>} deps.call
 * @param {{ id: string } | { seed: string }} deps.target
 * @param {(message: any) => any} deps.send to the view
 * @param {() => string[]} deps.sources the server's random-text sources
 * @param {() => string[]} deps.engines the server's engines
 * @param {() => (string | undefined)} deps.previewEngine the engine for a free seed (undefined: the server's default)
 * @param {() => string} deps.defaultEngine the server's default engine (shown for a free seed)
 * @param {(error: any) => boolean} deps.isCancellation
 * @param {(error: any) => string} deps.describe the message to show for an error
 * @param {(target: any, format: string) => any} deps.exportCreature
 * @param {(what: { ids?: string[], seeds?: string[] }) => any} deps.share
 * @param {(seed: string, engine?: string) => any} deps.saveAsFonster
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
  // Answers are numbered as they arrive. The view shows the fields of the newest one (`applied`)
  // and the picture of the newest one that drew one (`pictured`): an edit's answer draws its
  // picture while a later answer without one (a reload of the same seed and engine, prompted by
  // the edit's own didChange) may already be shown; that picture still belongs on the view.
  let received = 0;
  let applied = 0;
  let pictured = 0;
  let shown = null;
  /** The look-alikes an edit's answer named, for the seed and engine they were found for. */
  let lookalikes = null;
  let typing = null;
  const frameRequests = new Set();

  const send = (m) => (state.closed ? false : deps.send(m));
  const engine = () => (mode === 'fonster' ? state.fonster && state.fonster.engine : deps.previewEngine());
  /** `{engine}` for a free seed, or nothing (the server's default). */
  const engineParam = () => { const e = engine(); return e ? { engine: e } : {}; };
  const target = () => (mode === 'fonster' ? { id } : { seed: state.seed, ...engineParam() });
  const cancelled = (error) => deps.isCancellation(error);

  const image = () => call('creature/render', { ...target(), format: 'png', size: DISPLAY_SIZE }).then(pickImage);

  /** The scene behind the creature (undefined when the server cannot say). */
  function environment(what = target(), opts) {
    return call('creature/environment', what, opts).catch((error) => {
      if (cancelled(error)) throw error;
      return undefined;
    });
  }

  /** The seed drawn by every engine, side by side for picking one (none with one engine). */
  async function engineChoices(f) {
    const all = deps.engines();
    const choices = all.length < 2 ? [] : await Promise.all(all.map(async (e) => ({
      engine: e,
      image: pickImage(await call('creature/render', { seed: f.seed, engine: e, format: 'png', size: CHOICE_SIZE })),
    })));
    return { current: f.engine, choices };
  }

  function setFonster(f) {
    state.fonster = f;
    state.seed = f.seed;
    if (deps.onFonster) deps.onFonster(f);
  }

  const pictureKey = (f) => `${f.engine}\u0000${f.seed}`;
  /** A Fonster without the look-alikes an edit's answer adds (what fonsters/get answers). */
  const fieldsOf = (f) => { const { sameAs, sameCount, nearlyAs, nearlyCount, ...rest } = f; return rest; };

  /** The names of the Fonsters an answer's `sameAs`/`nearlyAs` name (at most 5 of each); kept
   * unless the answer of a later request (`seq`) was kept already. */
  async function nameLookalikes(f, seq) {
    if (!Array.isArray(f.sameAs) || !Array.isArray(f.nearlyAs)) return;
    const name = async (ids) => (await Promise.all(ids.slice(0, 5).map((other) =>
      call('fonsters/get', { id: other }).then((g) => ({ id: g.id, name: g.displayName }), () => null)))).filter(Boolean);
    const [same, nearly] = await Promise.all([name(f.sameAs), name(f.nearlyAs)]);
    const found = { sameAs: same, nearlyAs: nearly, sameCount: f.sameCount ?? f.sameAs.length, nearlyCount: f.nearlyCount ?? f.nearlyAs.length };
    const text = lookalikeSentence({ ...found, sameAs: same.map((x) => x.name), nearlyAs: nearly.map((x) => x.name) });
    if (lookalikes && lookalikes.seq > seq) return;
    lookalikes = { key: pictureKey(f), seq, ...found, text };
  }

  /** What the view shows of the look-alikes: those found for this picture, else nothing known. */
  const lookalikesFor = (f) => {
    if (!lookalikes || lookalikes.key !== pictureKey(f)) return null;
    const { key, seq, ...rest } = lookalikes;
    return rest;
  };

  /** Send a Fonster (and its picture); see `applied` and `pictured` for answers that cross. */
  async function show(f, withImage = true) {
    const seq = ++received;
    state.fonster = f; // draw with its engine
    const [picture] = await Promise.all([
      withImage ? Promise.all([image(), engineChoices(f), environment()]) : null,
      nameLookalikes(f, seq),
    ]);
    const fields = fieldsOf(f);
    if (seq > applied) {
      applied = seq;
      shown = fields;
      if (picture) pictured = seq;
      setFonster(fields);
      const [img, eng, env] = picture || [];
      await send({ type: 'fonster', fonster: fields, image: img, engines: eng, environment: env, lookalikes: lookalikesFor(fields) });
    } else if (picture && seq > pictured && shown && pictureKey(shown) === pictureKey(fields)) {
      pictured = seq;
      const [img, eng, env] = picture;
      await send({ type: 'fonster', fonster: shown, image: img, engines: eng, environment: env, lookalikes: lookalikesFor(shown) });
    }
  }

  /** Everything the view needs to draw itself (also after being hidden). */
  async function sendInit() {
    const sources = deps.sources();
    if (mode === 'fonster') {
      const seq = ++received;
      const answer = await call('fonsters/get', { id, lookalikes: true });
      const f = fieldsOf(answer);
      state.fonster = f;
      state.seed = f.seed;
      const [img, eng, env] = await Promise.all([image(), engineChoices(f), environment(), nameLookalikes(answer, seq)]);
      if (seq < applied) { // an edit's answer came meanwhile: the view starts from it
        const current = shown;
        const same = pictureKey(current) === pictureKey(f);
        await send({ type: 'init', mode, fonster: current, image: same ? img : undefined, sources, engines: same ? eng : undefined, environment: same ? env : undefined, lookalikes: lookalikesFor(current) });
        return;
      }
      applied = seq;
      pictured = seq;
      shown = f;
      setFonster(f);
      await send({ type: 'init', mode, fonster: f, image: img, sources, engines: eng, environment: env, lookalikes: lookalikesFor(f) });
    } else {
      const [img, env] = await Promise.all([image(), environment()]);
      await send({ type: 'init', mode, seed: state.seed, image: img, sources, engines: { current: engine() || deps.defaultEngine(), choices: [] }, environment: env });
    }
  }

  /** Live creature while typing: the newest keystroke cancels the previous render. */
  async function preview(text, seq) {
    if (typing) typing.abort();
    const controller = new AbortController();
    typing = controller;
    try {
      const what = { seed: text, ...engineParam() };
      const [result, env] = await Promise.all([
        call('creature/render', { ...what, format: 'png', size: DISPLAY_SIZE }, { signal: controller.signal }),
        environment(what, { signal: controller.signal }),
      ]);
      await send({ type: 'preview', seq, seed: text, image: pickImage(result), environment: env });
    } catch (error) {
      if (cancelled(error)) return;
      await send({ type: 'seedError', seq, message: deps.describe(error) });
    } finally {
      if (typing === controller) typing = null;
    }
  }

  /** One undoable edit (a Fonster), or the new seed of a free preview. */
  async function commitSeed(text) {
    if (mode === 'fonster') {
      if (state.fonster && state.fonster.seed === text) return;
      try {
        await show(await call('fonsters/update', { id, seed: text }));
      } catch (error) {
        if (error && error.code === ERROR_CODES.seedTooLong) { await send({ type: 'seedError', message: deps.describe(error) }); return; }
        throw error;
      }
    } else {
      state.seed = text;
      const [img, env] = await Promise.all([image(), environment()]);
      await send({ type: 'image', seed: text, image: img, environment: env });
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
      if (cancelled(error)) return;
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
        seed: text, tap: Math.max(0, Number(m.tap) || 0), viewSize: Math.max(1, Math.round(Number(m.size) || 256)), samples: TAP_SAMPLES, ...(engine() ? { engine: engine() } : {}),
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
    if (state.closed || cancelled(error)) return;
    const code = error && error.code;
    if (code === ERROR_CODES.nothingToUndo || code === ERROR_CODES.nothingToRedo) { send({ type: 'status', message: deps.describe(error) }); return; }
    if (code === ERROR_CODES.notFound && mode === 'fonster') { if (deps.onGone) deps.onGone(); return; }
    send({ type: 'status', message: deps.describe(error), error: true });
    if (deps.onError) deps.onError(error);
  }

  /** Handle one message from the view; errors are reported, never thrown. */
  async function handle(m) {
    if (!m || typeof m.type !== 'string' || state.closed) return;
    try {
      switch (m.type) {
        case 'ready': await sendInit(); break;
        case 'typing': await preview(String(m.seed), m.seq); break;
        case 'commitSeed': await commitSeed(String(m.seed)); break;
        case 'setEngine':
          if (id && !(state.fonster && state.fonster.engine === m.engine)) await show(await call('fonsters/update', { id, engine: String(m.engine) }));
          break;
        case 'rename': if (id) await show(await call('fonsters/update', { id, name: String(m.name) })); break;
        case 'undo': if (id) await show(await call('fonsters/undo', { id })); break;
        case 'redo': if (id) await show(await call('fonsters/redo', { id })); break;
        case 'random': if (id) await showRandom(await call('fonsters/random', { id, source: m.source, mode: m.mode === 'prepend' ? 'prepend' : 'replace' })); break;
        case 'refresh': if (id) await showRandom(await call('fonsters/refresh', { id })); break;
        case 'frames': await frames(m); break;
        case 'stopFrames': cancelFrames(); break;
        case 'useFrame': if (id) await show(await call('fonsters/useFrame', { id, frame: Number(m.frame) })); break;
        case 'tap': await tap(m); break;
        case 'export': await deps.exportCreature(target(), String(m.format)); break;
        case 'share': await deps.share(id ? { ids: [id] } : { seeds: [typeof m.seed === 'string' ? m.seed : state.seed] }); break;
        case 'saveAsFonster': await deps.saveAsFonster(typeof m.seed === 'string' ? m.seed : state.seed, engine()); break;
        default: break;
      }
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
