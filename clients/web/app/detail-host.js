// The web page's host for the shared detail view (ui/detail.js): the shared
// protocol service (ui/detail-service.mjs) over the page's WebSocket (ui/api.js),
// with the page's own ways to export (downloads), share (the link shown and
// copied) and save.

import { isCancellation } from '../ui/rpc.mjs';
import { createDetailService } from '../ui/detail-service.mjs';
import { explain } from './errors.js';
import { dataUriToBlob } from './thumbnails.js';

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
    async exportCreature(target, format, options = {}) {
      const size = options.size || EXPORT_SIZE;
      const background = options.background || 'sky'; // what the screen shows
      if (format === 'copy') return copyImage(target, size, background);
      if (format === 'embed') return embed(target, size, background);
      if (format === 'animated-gif') {
        // The evolution stands on the whole seed's sky; its file name says it moves, beside the still's.
        const result = await call('creature/animate', { ...target, size: Math.min(size, 512), speed: 0.1 });
        const fileName = animatedName(result.fileName);
        deps.download(fileName, result.dataUri);
        status(`Downloaded ${fileName}.`);
        return;
      }
      const result = await call('creature/render', { ...target, format, size, background });
      deps.download(result.fileName, result.dataUri);
      status(`Downloaded ${result.fileName} (${size} × ${size}, ${describeBackground(background)}).`);
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

  /** The PNG on the clipboard. */
  async function copyImage(target, size, background) {
    const result = await call('creature/render', { ...target, format: 'png', size, background });
    try {
      const blob = dataUriToBlob(result.dataUri); // (the page's policy lets it fetch no data: URI)
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
      status(`Copied the picture (${size} × ${size} PNG, ${describeBackground(background)}).`);
    } catch {
      setTimeout(() => listener({ type: 'status', message: 'The browser refused the clipboard: use PNG to download the picture instead.', error: true }), 0);
    }
  }

  /** The `fonsters-rpc render` command and an `<img>` with the data URI, for the picture as chosen. */
  async function embed(target, size, background) {
    const f = service.fonster;
    const seed = f ? f.seed : target.seed;
    const engine = f ? f.engine : deps.info().engine;
    const result = await call('creature/render', { ...target, format: 'png', size, background });
    const command = ['fonsters-rpc', 'render', ...(seed.startsWith('-') ? [] : [shellQuote(seed)]), '-o', shellQuote(result.fileName),
      '--size', String(size), '--background', shellQuote(background), ...(engine ? ['--engine', engine] : []),
      ...(seed.startsWith('-') ? ['--', shellQuote(seed)] : [])].join(' ');
    const html = `<img src="${result.dataUri}" width="${size}" height="${size}" alt="${escapeAttribute(result.alt || '')}">`;
    setTimeout(() => listener({ type: 'embed', command, html }), 0);
  }

  /** Whether a field of the view holds text not kept yet (the view says so with draftDirty). */
  let dirty = false;

  return {
    mode: service.mode,
    undoKeys: true,
    exportExtras: true,
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

/** "Name.gif" → "Name-animated.gif": the evolution's file beside the still's. */
export function animatedName(fileName) {
  return fileName.replace(/(\.gif)?$/i, '-animated.gif');
}

/** A POSIX shell word: as it is when plain, else in single quotes. */
export function shellQuote(text) {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

function escapeAttribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function describeBackground(background) {
  return background === 'sky' ? 'on its sky' : background === 'transparent' ? 'transparent' : `on ${background}`;
}
