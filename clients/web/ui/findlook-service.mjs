// The server side of the "Find a look" panel's messages (see findlook.js), shared by both
// hosts like detail-service.mjs: the web page runs it over its WebSocket (app/findlook-host.js),
// the VS Code extension over the server's pipes (src/findlook/panel.js). A search streams its
// matches as `$/progress` results; a newer search (an edited base, another trait) or Stop cancels
// the one running. A pick creates a Fonster, or sets the seed of the Fonster the panel was opened
// for: one undoable edit, which Undo takes back.

import { checkCall } from './protocol.mjs';

/** How many matches a search asks for. */
export const LIMIT = 24;

/**
 * @param {object} deps
 * @param {(method: string, params?: any, opts?: { signal?: AbortSignal, onProgress?: (value: any) => void }) => Promise<any>} deps.call
 * @param {(message: any) => any} deps.send to the view
 * @param {() => ({ id: string, name: string, engine?: string } | null)} deps.target the Fonster a pick sets the seed of (null: none)
 * @param {() => (string | undefined)} deps.engine the engine without a target (undefined: the server's default)
 * @param {() => string[]} [deps.engines] the server's engines, to choose from
 * @param {() => (string | undefined)} [deps.base] the base text to start with (a look-alike's seed)
 * @param {(error: any) => boolean} deps.isCancellation
 * @param {(error: any) => string} deps.describe the message to show for an error
 * @param {(fonster: any) => void} [deps.onCreated] a pick made a Fonster
 * @param {(fonster: any) => void} [deps.onSeedSet] a pick set (or Undo took back) the target's seed
 */
export function createFindLookService(deps) {
  const call = (method, params, opts) => { checkCall(method, params); return deps.call(method, params, opts); };
  let running = null; // { seq, controller }
  let lastSet = null; // { id, name, seed } the edit Undo takes back
  let closed = false;
  const send = (m) => (closed ? false : deps.send(m));
  const engines = () => (deps.engines ? deps.engines() : []);
  /** The engine a search starts with: the target's, else the library's default. */
  const engine = () => { const t = deps.target(); return (t && t.engine) || deps.engine(); };
  /** `{engine}`: the one the view chose when the server has it, else the default one (or the server's). */
  const engineParam = (chosen) => {
    const e = typeof chosen === 'string' && engines().includes(chosen) ? chosen : engine();
    return e ? { engine: e } : {};
  };

  function cancel() {
    if (running) running.controller.abort();
    running = null;
  }

  /** One search; its matches go to the view as they come, then what ended it. */
  async function search(m) {
    cancel();
    const seq = Number(m.seq) || 0;
    const controller = new AbortController();
    const mine = { seq, controller };
    running = mine;
    const seen = new Set();
    const found = (result) => {
      if (!result || typeof result.seed !== 'string' || seen.has(result.seed) || running !== mine) return;
      seen.add(result.seed);
      send({ type: 'result', seq, result });
    };
    const target = deps.target();
    send({ type: 'started', seq });
    try {
      const answer = await call('creature/search', {
        base: String(m.base), want: m.want, limit: LIMIT, ...engineParam(m.engine), ...(target ? { unlike: [target.id] } : {}),
      }, { signal: controller.signal, onProgress: (value) => found(value && value.result) });
      if (running !== mine) return;
      for (const result of answer.results) found(result); // any the reports missed
      running = null;
      send({ type: 'done', seq, count: seen.size, tried: answer.tried, stoppedBy: answer.stoppedBy, engine: answer.engine });
    } catch (error) {
      if (deps.isCancellation(error) || running !== mine) return;
      running = null;
      const data = (error && error.data) || {};
      send({ type: 'failed', seq, message: deps.describe(error), traits: Array.isArray(data.traits) ? data.traits : [], impossible: !!data.impossible });
    }
  }

  async function create(seed, chosen) {
    const fonster = await call('fonsters/create', { seed, ...engineParam(chosen) });
    send({ type: 'created', fonster });
    if (deps.onCreated) deps.onCreated(fonster);
  }

  async function setSeed(seed, drawnBy) {
    const target = deps.target();
    if (!target) { send({ type: 'status', message: 'Open a Fonster first: a pick sets the seed of the Fonster you opened this panel from.', error: true }); return; }
    if (drawnBy && target.engine && drawnBy !== target.engine) {
      send({ type: 'status', message: `That match is drawn by ${drawnBy}, and “${target.name}” by ${target.engine}: create it as a new Fonster instead.`, error: true });
      return;
    }
    const fonster = await call('fonsters/update', { id: target.id, seed });
    lastSet = { id: fonster.id, name: fonster.displayName, seed };
    send({ type: 'seedSet', fonster });
    if (deps.onSeedSet) deps.onSeedSet(fonster);
  }

  async function undo() {
    const edit = lastSet;
    if (!edit) return;
    lastSet = null;
    const fonster = await call('fonsters/undo', { id: edit.id });
    send({ type: 'undone', fonster, seed: edit.seed });
    if (deps.onSeedSet) deps.onSeedSet(fonster);
  }

  /** The view's start: the target, and the engines with the one to start with first. */
  function init() {
    const target = deps.target();
    const first = engine();
    const all = engines();
    send({
      type: 'init',
      target: target ? { id: target.id, name: target.name, engine: target.engine } : null,
      engine: first || all[0] || null,
      engines: first && all.includes(first) ? [first, ...all.filter((e) => e !== first)] : all,
      ...(deps.base && typeof deps.base() === 'string' ? { base: deps.base() } : {}),
    });
  }

  /** Handle one message from the view; errors are shown, never thrown. */
  async function handle(m) {
    if (!m || typeof m.type !== 'string' || closed) return;
    try {
      switch (m.type) {
        case 'ready': init(); break;
        case 'search': await search(m); break;
        case 'cancel': if (running) { const { seq } = running; cancel(); send({ type: 'cancelled', seq }); } break;
        case 'create': await create(String(m.seed), m.engine); break;
        case 'setSeed': await setSeed(String(m.seed), typeof m.engine === 'string' ? m.engine : undefined); break;
        case 'undo': await undo(); break;
        default: break;
      }
    } catch (error) {
      if (!deps.isCancellation(error)) send({ type: 'status', message: deps.describe(error), error: true });
    }
  }

  return {
    handle,
    /** The Fonster a pick sets changed (another one opened): tell the view. */
    retarget() { lastSet = null; init(); },
    close() { closed = true; cancel(); },
    get searching() { return !!running; },
  };
}
