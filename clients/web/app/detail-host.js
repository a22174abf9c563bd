// The web page's host for the shared detail view (ui/detail.js): it answers
// the view's messages with server calls through ui/api.js — the same message
// protocol the VS Code extension's panel speaks over postMessage.

import { RpcError, CANCELLED } from '../ui/api.js';
import { explain } from './errors.js';

const DISPLAY_SIZE = 512;
const CHOICE_SIZE = 128;
const TAP_SAMPLES = 21;
const EXPORT_SIZE = 512;

const pickImage = (r) => ({ dataUri: r.dataUri, alt: r.alt, width: r.width, height: r.height });

/**
 * @param {object} deps
 * @param {(method: string, params?: any, opts?: any) => Promise<any>} deps.call
 * @param {{ id: string } | { seed: string }} deps.target
 * @param {() => any} deps.info the initialize result
 * @param {(fileName: string, dataUri: string) => void} deps.download
 * @param {(fonster: any) => void} [deps.onSaved] a preview saved as a Fonster
 * @param {() => void} [deps.onGone] the Fonster was deleted
 * @param {(title: string) => void} [deps.setTitle]
 */
export function createDetailHost(deps) {
  const { call } = deps;
  const mode = 'id' in deps.target ? 'fonster' : 'preview';
  const id = mode === 'fonster' ? deps.target.id : undefined;
  let seed = mode === 'preview' ? deps.target.seed : '';
  let fonster = null;
  let received = 0;
  let applied = 0;
  let typing = null;
  const frameRequests = new Set();
  let listener = () => {};
  let state = null;
  let closed = false;

  const send = (m) => { if (!closed) setTimeout(() => listener(m), 0); };
  const engines = () => {
    const caps = (deps.info() || {}).capabilities || {};
    return (caps.experimental && caps.experimental.engines) || [];
  };
  const engine = () => (mode === 'fonster' ? fonster && fonster.engine : deps.info().engine);
  const target = () => (mode === 'fonster' ? { id } : { seed, engine: engine() });

  const image = () => call('creature/render', { ...target(), format: 'png', size: DISPLAY_SIZE }).then(pickImage);
  const environment = () => call('creature/environment', target());

  async function engineChoices(f) {
    const all = engines();
    const choices = all.length < 2 ? [] : await Promise.all(all.map(async (e) => ({
      engine: e,
      image: pickImage(await call('creature/render', { seed: f.seed, engine: e, format: 'png', size: CHOICE_SIZE })),
    })));
    return { current: f.engine, choices };
  }

  /** Send a Fonster with its picture; an answer older than one already shown is dropped. */
  async function show(f, withImage = true) {
    const seq = ++received;
    fonster = f;
    const [img, eng, env] = withImage ? await Promise.all([image(), engineChoices(f), environment()]) : [];
    if (seq < applied) return;
    applied = seq;
    fonster = f;
    seed = f.seed;
    send({ type: 'fonster', fonster: f, image: img, engines: eng, environment: env });
  }

  function report(error) {
    if (closed || (error instanceof RpcError && error.code === CANCELLED)) return;
    const code = error && error.code;
    if (code === 1006 || code === 1007) { send({ type: 'status', message: error.message }); return; }
    if (code === 1001 && mode === 'fonster') { if (deps.onGone) deps.onGone(); return; }
    send({ type: 'status', message: explain(error), error: true });
  }

  async function init() {
    const sources = ((deps.info().capabilities || {}).experimental || {}).randomSources || [];
    if (mode === 'fonster') {
      const seq = ++received;
      const f = await call('fonsters/get', { id });
      fonster = f;
      seed = f.seed;
      const [img, eng, env] = await Promise.all([image(), engineChoices(f), environment()]);
      applied = Math.max(applied, seq);
      send({ type: 'init', mode, fonster: f, image: img, sources, engines: eng, environment: env });
    } else {
      const [img, env] = await Promise.all([image(), environment()]);
      send({ type: 'init', mode, seed, image: img, sources, engines: { current: engine(), choices: [] }, environment: env });
    }
  }

  async function preview(text, seq) {
    if (typing) typing.abort();
    const controller = new AbortController();
    typing = controller;
    try {
      const params = { seed: text, engine: engine() };
      const [result, env] = await Promise.all([
        call('creature/render', { ...params, format: 'png', size: DISPLAY_SIZE }, { signal: controller.signal }),
        call('creature/environment', params, { signal: controller.signal }),
      ]);
      send({ type: 'preview', seq, seed: text, image: pickImage(result), environment: env });
    } catch (error) {
      if (error instanceof RpcError && error.code === CANCELLED) return;
      send({ type: 'seedError', seq, message: explain(error) });
    } finally {
      if (typing === controller) typing = null;
    }
  }

  async function commitSeed(text) {
    if (mode === 'fonster') {
      if (fonster && fonster.seed === text) return;
      try {
        await show(await call('fonsters/update', { id, seed: text }));
      } catch (error) {
        if (error && error.code === 1002) { send({ type: 'seedError', message: explain(error) }); return; }
        throw error;
      }
    } else {
      seed = text;
      const [img, env] = await Promise.all([image(), environment()]);
      send({ type: 'image', seed: text, image: img, environment: env });
    }
  }

  async function frames(m) {
    const controller = new AbortController();
    frameRequests.add(controller);
    try {
      const result = await call('creature/frames', {
        ...target(), size: DISPLAY_SIZE, start: Math.max(0, Number(m.start) || 0), count: Math.max(1, Number(m.count) || 1), speed: Number(m.speed) || 0.1,
      }, { signal: controller.signal });
      send({ type: 'frames', requestId: m.requestId, start: m.start, total: result.total, intervalMs: result.intervalMs, frames: result.frames });
    } catch (error) {
      if (error instanceof RpcError && error.code === CANCELLED) return;
      send({ type: 'framesFailed', requestId: m.requestId });
      throw error;
    } finally {
      frameRequests.delete(controller);
    }
  }

  async function exportAs(format) {
    if (format === 'animated-gif') {
      const result = await call('creature/animate', { ...target(), size: 256, speed: 0.1 });
      deps.download(result.fileName, result.dataUri);
    } else {
      const result = await call('creature/render', { ...target(), format, size: EXPORT_SIZE });
      deps.download(result.fileName, result.dataUri);
    }
    send({ type: 'status', message: `Downloaded the ${format === 'animated-gif' ? 'evolution as an animated GIF' : format.toUpperCase()}.` });
  }

  async function showRandom(result) {
    const { usedFallback, ...f } = result;
    await show(f);
    if (usedFallback) send({ type: 'status', message: 'The random-text service was unreachable; used offline text instead.' });
  }

  async function onMessage(m) {
    if (!m || typeof m.type !== 'string' || closed) return;
    try {
      switch (m.type) {
        case 'ready': await init(); break;
        case 'typing': await preview(String(m.seed), m.seq); break;
        case 'commitSeed': await commitSeed(String(m.seed)); break;
        case 'setEngine': if (id && fonster && fonster.engine !== m.engine) await show(await call('fonsters/update', { id, engine: String(m.engine) })); break;
        case 'rename': if (id) await show(await call('fonsters/update', { id, name: String(m.name) }), false); break;
        case 'undo': if (id) await show(await call('fonsters/undo', { id })); break;
        case 'redo': if (id) await show(await call('fonsters/redo', { id })); break;
        case 'random': if (id) await showRandom(await call('fonsters/random', { id, source: m.source, mode: m.mode === 'prepend' ? 'prepend' : 'replace' })); break;
        case 'refresh': if (id) await showRandom(await call('fonsters/refresh', { id })); break;
        case 'frames': await frames(m); break;
        case 'stopFrames': for (const c of frameRequests) c.abort(); frameRequests.clear(); break;
        case 'useFrame': if (id) await show(await call('fonsters/useFrame', { id, frame: Number(m.frame) })); break;
        case 'tap': {
          const text = mode === 'fonster' ? seed : (typeof m.seed === 'string' ? m.seed : seed);
          try {
            const animation = await call('creature/tapAnimation', {
              seed: text, engine: engine(), tap: Math.max(0, Number(m.tap) || 0), size: Math.max(1, Math.round(Number(m.size) || 256)), samples: TAP_SAMPLES,
            });
            send({ type: 'tap', animation });
          } catch (error) {
            send({ type: 'tap', animation: null });
            throw error;
          }
          break;
        }
        case 'export': await exportAs(String(m.format)); break;
        case 'share': {
          const result = await call('share/build', id ? { ids: [id] } : { seeds: [typeof m.seed === 'string' ? m.seed : seed] });
          send({ type: 'shareLink', ...result, copied: false });
          break;
        }
        case 'saveAsFonster': {
          const created = await call('fonsters/create', { seed: typeof m.seed === 'string' ? m.seed : seed, engine: engine() });
          send({ type: 'status', message: `Saved “${created.displayName}” to your Fonsters.` });
          if (deps.onSaved) deps.onSaved(created);
          break;
        }
        default: break;
      }
    } catch (error) {
      report(error);
    }
  }

  return {
    mode,
    undoKeys: true,
    post: (m) => { onMessage(m); },
    listen: (fn) => { listener = fn; },
    getState: () => state,
    setState: (s) => { state = s; },
    setTitle: deps.setTitle,
    /** The Fonster changed elsewhere (didChange): re-read and show it if it differs. */
    async reload() {
      if (mode !== 'fonster' || closed) return;
      try {
        const f = await call('fonsters/get', { id });
        const before = fonster;
        if (before && JSON.stringify(before) === JSON.stringify(f)) return;
        await show(f, !before || before.seed !== f.seed || before.engine !== f.engine);
      } catch (error) {
        report(error);
      }
    },
    /** Show a new free seed (the clock creature's next second). */
    async setSeed(text) {
      if (mode !== 'preview' || closed) return;
      try { await commitSeed(text); } catch (error) { report(error); }
    },
    close() {
      closed = true;
      if (typing) typing.abort();
      for (const c of frameRequests) c.abort();
    },
    get id() { return id; },
  };
}
