// The web page's host for the shared detail view (ui/detail.js): the shared
// protocol service (ui/detail-service.mjs) over the page's WebSocket (ui/api.js),
// with the page's own ways to export (downloads), share (the link shown and
// copied) and save.

import { isCancellation } from '../ui/rpc.mjs';
import { createDetailService } from '../ui/detail-service.mjs';
import { explain } from './errors.js';

const EXPORT_SIZE = 512;

/**
 * @param {object} deps
 * @param {(method: string, params?: any, opts?: any) => Promise<any>} deps.call
 * @param {{ id: string } | { seed: string }} deps.target
 * @param {() => any} deps.info the initialize result
 * @param {(fileName: string, data: string | Blob) => void} deps.download
 * @param {(fonster: any) => void} [deps.onSaved] a preview saved as a Fonster
 * @param {() => void} [deps.onGone] the Fonster was deleted
 * @param {(seed: string, fonster: any) => void} [deps.findVariant] open Find a look on this seed
 * @param {(title: string) => void} [deps.setTitle]
 * @param {{ speed?: number }} [deps.carry] view settings carried from the previous detail (the speed)
 */
export function createDetailHost(deps) {
  const { call } = deps;
  let listener = () => {};
  let state = deps.carry && deps.carry.speed ? { speed: deps.carry.speed } : null;
  const experimental = () => ((deps.info() || {}).capabilities || {}).experimental || {};
  const status = (message) => service && setTimeout(() => listener({ type: 'status', message }), 0);

  const service = createDetailService({
    call,
    target: deps.target,
    send: (m) => { setTimeout(() => listener(m), 0); return true; },
    sources: () => experimental().randomSources || [],
    engines: () => experimental().engines || [],
    previewEngine: () => deps.info().engine,
    defaultEngine: () => deps.info().engine,
    isCancellation,
    describe: explain,
    onFonster: (f) => { if (deps.setTitle) deps.setTitle(f.displayName); },
    onGone: deps.onGone,
    findVariant: deps.findVariant,
    async exportCreature(target, format) {
      const result = format === 'animated-gif'
        ? await call('creature/animate', { ...target, size: 256, speed: 0.1 })
        : await call('creature/render', { ...target, format, size: EXPORT_SIZE });
      deps.download(result.fileName, result.dataUri);
      status(`Downloaded ${result.fileName}.`);
    },
    async share(what) {
      const result = await call('share/build', what);
      setTimeout(() => listener({ type: 'shareLink', ...result, copied: false }), 0);
    },
    async saveAsFonster(seed, engine) {
      const created = await call('fonsters/create', { seed, ...(engine ? { engine } : {}) });
      status(`Saved “${created.displayName}” to your Fonsters.`);
      if (deps.onSaved) deps.onSaved(created);
    },
  });

  /** Whether a field of the view holds text not kept yet (the view says so with draftDirty). */
  let dirty = false;

  return {
    mode: service.mode,
    undoKeys: true,
    post: (m) => {
      if (m && m.type === 'draftDirty') dirty = !!m.dirty;
      service.handle(m);
    },
    listen: (fn) => { listener = fn; },
    getState: () => state,
    setState: (s) => { state = s; if (deps.carry) deps.carry.speed = s.speed; },
    setTitle: deps.setTitle,
    reload: () => service.reload(),
    /** Show a new free seed (the clock creature's next second). */
    setSeed: (text) => service.commitSeed(text),
    close: () => service.close(),
    get id() { return service.id; },
    /** The Fonster shown (null before it loaded). */
    get fonster() { return service.fonster; },
    /** Whether a field holds a draft (Escape then reverts it). */
    get dirty() { return dirty; },
  };
}
