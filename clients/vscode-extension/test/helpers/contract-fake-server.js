#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * A stand-in for `fonsters-rpc --stdio` written from the protocol draft, so the
 * extension can be exercised before (or without) the real server. It keeps the
 * contract's shapes and rules (display names, file names, undo/redo, share
 * links, frames, notifications, cancellation, errors) but draws toy creatures:
 * its pictures are NOT the Fonsters engine. Real-server tests never use it.
 *
 * Usage: contract-fake-server.js --stdio [--memory | --store FILE.json] [--no-starter]
 */

const crypto = require('crypto');
const fs = require('fs');
const { encodeMessage, FrameDecoder } = require('../../src/rpc/framing');
const { encodePng } = require('./png');

const JPEG_8x8 = Buffer.from('/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD0CiiigD//2Q==', 'base64');
const PALETTES = [
  ['1a1a2e', 'e94560', '0f3460', '16213e', '533483', '0d7377'],
  ['2d132c', 'ee4540', 'c72c41', '801336', 'ffc947', '14ffec'],
  ['0d0221', '0f084b', 'c2e9fb', 'a0e7e5', 'e94560', '4e9f3d'],
  ['1b262c', '0f4c75', '3282b8', 'bbe1fa', '1e5128', 'ff6b6b'],
];
const TAP_KINDS = ['blink', 'eyebrowRaise', 'armWave', 'footKick', 'slideOffAndBack', 'squishAndPop', 'bounce', 'wiggle', 'shake', 'pulse', 'rain', 'explode', 'wipe', 'dissolve', 'zoom', 'blinds', 'push', 'flip', 'spinOut', 'spotlight', 'bounceIn'];
const SHARE_BASE = 'https://nathanfennel.com/games/creature-avatar?cards=';
const METHODS = ['initialize', 'shutdown', 'fonsters/list', 'fonsters/get', 'fonsters/create', 'fonsters/update', 'fonsters/delete',
  'fonsters/duplicate', 'fonsters/move', 'fonsters/undo', 'fonsters/redo', 'fonsters/random', 'fonsters/refresh', 'fonsters/useFrame',
  'creature/render', 'creature/describe', 'creature/frames', 'creature/animate', 'creature/tapAnimation', 'creature/environment',
  'clock/creature', 'share/build', 'share/preview', 'share/import', 'library/export', 'library/import'];
const WORDS = ['amber', 'brook', 'cinder', 'dune', 'ember', 'fjord', 'glade', 'harbor', 'isle', 'juniper', 'kelp', 'lumen'];

class AppError extends Error {
  /** @param {number} code @param {string} message @param {any} [data] */
  constructor(code, message, data) { super(message); this.code = code; this.data = data; }
}

// ---- toy engine ----------------------------------------------------------
/** @param {string} s @param {string} id */
function h(s, id) {
  const digest = crypto.createHash('sha256').update(`${s}\u0000${id}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}
/** @param {string} seed */
function renderSeed(seed) { return seed.trim() === '' ? ' ' : seed; }
/** @param {string} seed */
function creature(seed) {
  const s = renderSeed(seed);
  const colors = PALETTES[Math.floor(h(s, 'palette') * PALETTES.length)];
  const grid = [];
  for (let y = 0; y < 32; y++) {
    let row = '';
    for (let x = 0; x < 32; x++) {
      const mx = x >= 16 ? 31 - x : x;
      const d = Math.hypot(mx - 15.5, y - 15.5);
      const r = 9 + 5 * h(s, 'size');
      if (d > r) { row += '.'; continue; }
      row += String(Math.floor(h(s, `c_${mx}_${y >> 2}`) * 4));
    }
    grid.push(row);
  }
  return { grid, colors };
}
/** @param {string} seed @param {number} size */
function pngFor(seed, size) {
  const { grid, colors } = creature(seed);
  const rgba = Buffer.alloc(size * size * 4);
  const scale = size / 32;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const c = grid[Math.floor(y / scale)][Math.floor(x / scale)];
      if (c === '.') continue;
      const hex = colors[Number(c)];
      const o = (y * size + x) * 4;
      rgba[o] = parseInt(hex.slice(0, 2), 16); rgba[o + 1] = parseInt(hex.slice(2, 4), 16); rgba[o + 2] = parseInt(hex.slice(4, 6), 16); rgba[o + 3] = 255;
    }
  }
  return encodePng(size, size, rgba);
}
/** @param {string} seed @param {number} size */
function svgFor(seed, size) {
  const { grid, colors } = creature(seed);
  const cells = [];
  grid.forEach((row, y) => [...row].forEach((c, x) => { if (c !== '.') cells.push(`<rect x="${x}" y="${y}" width="1" height="1" fill="#${colors[Number(c)]}"/>`); }));
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32" shape-rendering="crispEdges">${cells.join('')}</svg>`);
}
/** A valid GIF with one frame per seed: LZW with a clear code before every pixel run keeps codes 9 bits. */
function gifFor(/** @type {string[]} */ seeds, /** @type {number} */ delayCs) {
  const parts = [Buffer.from('GIF89a'), Buffer.from([32, 0, 32, 0, 0x00, 0, 0])];
  parts.push(Buffer.from([0x21, 0xff, 0x0b]), Buffer.from('NETSCAPE2.0'), Buffer.from([3, 1, 0, 0, 0]));
  for (const seed of seeds) {
    const { grid, colors } = creature(seed);
    const table = Buffer.alloc(256 * 3);
    colors.forEach((hex, i) => Buffer.from(hex, 'hex').copy(table, i * 3));
    parts.push(Buffer.from([0x21, 0xf9, 4, 0x09, delayCs & 0xff, delayCs >> 8, 255, 0]));
    parts.push(Buffer.from([0x2c, 0, 0, 0, 0, 32, 0, 32, 0, 0x87]), table, Buffer.from([8]));
    const codes = [];
    const indices = grid.join('').split('').map((c) => (c === '.' ? 255 : Number(c)));
    for (let i = 0; i < indices.length; i++) { if (i % 250 === 0) codes.push(256); codes.push(indices[i]); }
    codes.push(257);
    const bytes = []; let acc = 0; let bits = 0;
    for (const code of codes) { acc |= code << bits; bits += 9; while (bits >= 8) { bytes.push(acc & 0xff); acc >>= 8; bits -= 8; } }
    if (bits > 0) bytes.push(acc & 0xff);
    for (let i = 0; i < bytes.length; i += 255) { const sub = bytes.slice(i, i + 255); parts.push(Buffer.from([sub.length, ...sub])); }
    parts.push(Buffer.from([0]));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}
/** @param {string} seed */
function frames(seed) {
  const t = seed.trim();
  if (!t) return [];
  const clusters = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(t)].map((x) => x.segment);
  return clusters.map((_, i) => clusters.slice(0, i + 1).join(''));
}
/** @param {string} name @param {string} seed */
function displayName(name, seed) {
  if (name.trim()) return name.trim();
  const t = seed.trim();
  if (!t) return 'Untitled';
  const chars = [...t];
  return chars.length > 30 ? `${chars.slice(0, 27).join('')}...` : t;
}
/** @param {string} name @param {string} seed @param {string} ext */
function fileName(name, seed, ext) {
  let base = (name.trim() || seed).trim().replace(/[\s\\/:*?"<>|]+/g, '_').replace(/_+/g, '_').replace(/^_+|_+$/g, '');
  base = [...base].slice(0, 80).join('') || 'creature-avatar';
  return `${base}.${ext}`;
}
/** @param {number} size */
function checkSize(size) {
  if (!Number.isInteger(size) || size % 32 !== 0 || size < 32 || size > 2048) {
    throw new AppError(-32602, `size must be a multiple of 32 between 32 and 2048 (got ${size})`, { field: 'size' });
  }
}
/** @param {string} seed */
function checkSeed(seed) {
  if (typeof seed !== 'string') throw new AppError(-32602, 'seed must be a string', { field: 'seed' });
  if (seed.length > 10000) throw new AppError(1002, `The seed is too long (${seed.length} characters; the limit is 10,000).`, { field: 'seed' });
}
/** @param {string[]} seeds */
function shareUrl(seeds) { return SHARE_BASE + Buffer.from(JSON.stringify(seeds), 'utf8').toString('base64url'); }
/** @param {string} url */
function parseShare(url) {
  const match = /[?&]cards=([^&#]*)/.exec(String(url || ''));
  if (!match) throw new AppError(1003, 'That link has no Fonsters in it (no "cards" parameter).');
  try {
    const b64 = decodeURIComponent(match[1]).replace(/-/g, '+').replace(/_/g, '/');
    const seeds = JSON.parse(Buffer.from(b64, 'base64').toString('utf8'));
    if (!Array.isArray(seeds) || seeds.length === 0 || !seeds.every((s) => typeof s === 'string')) throw new Error('shape');
    return seeds;
  } catch {
    throw new AppError(1003, 'That share link could not be read.');
  }
}
/** @param {number} t @param {string} kind @param {number} size */
function tapSample(t, kind, size) {
  const s = { t, scaleX: 1, scaleY: 1, rotationDegrees: 0, rotation3DYDegrees: 0, offsetX: 0, offsetY: 0, opacity: 1, overlay: /** @type {any} */ (null) };
  switch (kind) {
    case 'blink': s.overlay = { kind: 'topBand', opacity: 0.85 * t, offset: 0 }; break;
    case 'eyebrowRaise': s.overlay = { kind: 'topBand', opacity: 0.6 * t, offset: -8 * t }; break;
    case 'armWave': s.rotationDegrees = -10 + 20 * t; break;
    case 'footKick': s.rotationDegrees = 8 * t; s.offsetX = 2 * t; s.offsetY = 4 * t; break;
    case 'slideOffAndBack': s.offsetX = size * t; break;
    case 'squishAndPop': s.scaleX = 1 + 0.05 * t; s.scaleY = 1 - 0.25 * t; break;
    case 'bounce': s.scaleX = s.scaleY = 1 + 0.2 * t; break;
    case 'wiggle': s.rotationDegrees = -8 + 16 * Math.sin(Math.PI * t); break;
    case 'shake': s.offsetX = 6 * Math.sin(4 * Math.PI * t); break;
    case 'pulse': s.scaleX = s.scaleY = 1 + 0.12 * t; break;
    case 'rain': s.overlay = { kind: 'rain', intensity: t }; break;
    case 'explode': s.scaleX = s.scaleY = 1 + 0.05 * t; s.overlay = { kind: 'explode', burst: t, flash: t <= 0.5 ? 0.8 * t : 0.8 * (1 - t) }; break;
    case 'wipe': s.overlay = { kind: 'wipe', reveal: t }; break;
    case 'dissolve': s.opacity = 1 - t; break;
    case 'zoom': s.scaleX = s.scaleY = 0.6 + 0.4 * t; break;
    case 'blinds': s.overlay = { kind: 'blinds', open: t }; break;
    case 'push': s.offsetX = -size * (1 - t); break;
    case 'flip': s.rotation3DYDegrees = 180 * t; break;
    case 'spinOut': s.rotationDegrees = 360 * t; break;
    case 'spotlight': s.overlay = { kind: 'spotlight', vignette: 0.5 * t }; break;
    case 'bounceIn': { const b = t < 0.5 ? 2 * t : 1 - 2 * (t - 0.5); const e = 1 - (1 - b) ** 1.5; s.offsetY = -0.3 * size * (1 - e); break; }
    default: break;
  }
  return s;
}

// ---- store -----------------------------------------------------------------
class Store {
  /** @param {string | null} file @param {boolean} starter */
  constructor(file, starter) {
    this.file = file;
    /** @type {any[]} */
    this.items = [];
    this.lastWritten = 0;
    if (file && fs.existsSync(file)) this.load();
    else if (starter) {
      for (const seed of ['fake-device', new Date().toISOString(), 'Europe/Somewhere']) this.items.push(this.record('', seed));
      this.save();
    }
  }
  load() {
    const text = fs.readFileSync(/** @type {string} */ (this.file), 'utf8');
    this.items = text ? JSON.parse(text) : [];
    this.lastWritten = fs.statSync(/** @type {string} */ (this.file)).mtimeMs;
  }
  save() {
    if (!this.file) return;
    fs.writeFileSync(this.file, JSON.stringify(this.items));
    this.lastWritten = fs.statSync(this.file).mtimeMs;
  }
  /** @param {string} name @param {string} seed */
  record(name, seed) {
    return { id: crypto.randomUUID().toUpperCase(), name, seed, randomSource: null, createdAt: new Date().toISOString().replace('Z', '+00:00'), history: [], future: [] };
  }
  /** @param {string} id */
  get(id) {
    const item = this.items.find((x) => x.id === id);
    if (!item) throw new AppError(1001, 'That Fonster is not in the library any more.', { field: 'id' });
    return item;
  }
  /** @param {any} item */
  view(item) {
    return {
      id: item.id, name: item.name, displayName: displayName(item.name, item.seed), seed: item.seed, randomSource: item.randomSource,
      createdAt: item.createdAt, canUndo: item.history.length > 0, canRedo: item.future.length > 0, birthday: false, engine: 'fonsters-v1',
      position: this.items.indexOf(item),
    };
  }
  /** @param {any} item @param {string} seed */
  setSeed(item, seed) {
    checkSeed(seed);
    if (seed === item.seed) return;
    item.history.push(item.seed);
    if (item.history.length > 20) item.history.shift();
    item.future = [];
    item.seed = seed;
  }
}

// ---- server ----------------------------------------------------------------
const args = process.argv.slice(2);
if (!args.includes('--stdio')) {
  // `node --test test/` also runs every file under test/ as a test: nothing to do then.
  process.exit(0);
}
const storeIndex = args.indexOf('--store');
const store = new Store(storeIndex >= 0 ? args[storeIndex + 1] : null, !args.includes('--no-starter'));
let shutdownRequested = false;
/** @type {Map<any, { cancelled: boolean }>} */
const running = new Map();

/** @param {any} message */
function send(message) { process.stdout.write(encodeMessage(message)); }
/** @param {string[]} ids @param {string} reason */
function changed(ids, reason) { store.save(); send({ jsonrpc: '2.0', method: 'fonsters/didChange', params: { ids, reason } }); }
/** @param {any} p */
function seedOf(p) {
  if (p && typeof p.seed === 'string') { checkSeed(p.seed); return { seed: p.seed, name: '' }; }
  if (p && typeof p.id === 'string') { const item = store.get(p.id); return { seed: item.seed, name: item.name }; }
  throw new AppError(-32602, 'Give either seed or id.', { field: 'seed' });
}
/** @param {string} seed @param {{ format?: string, size?: number }} p @param {string} name */
function render(seed, p, name) {
  const format = p.format || 'png';
  const size = p.size === undefined ? 256 : p.size;
  checkSize(size);
  let bytes; let mime; let ext;
  if (format === 'png') { bytes = pngFor(seed, size); mime = 'image/png'; ext = 'png'; }
  else if (format === 'svg') { bytes = svgFor(seed, size); mime = 'image/svg+xml'; ext = 'svg'; }
  else if (format === 'gif') { bytes = gifFor([seed], 0); mime = 'image/gif'; ext = 'gif'; }
  else if (format === 'jpeg') { bytes = JPEG_8x8; mime = 'image/jpeg'; ext = 'jpg'; }
  else throw new AppError(-32602, `format must be png, gif, jpeg or svg (got ${format})`, { field: 'format' });
  return {
    dataUri: `data:${mime};base64,${bytes.toString('base64')}`, mime, width: size, height: size, bytes: bytes.length,
    etag: crypto.createHash('sha1').update(`${seed}|${format}|${size}`).digest('hex'), alt: `A toy creature for "${seed}"`, fileName: fileName(name, seed, ext),
  };
}
/** @param {string} source */
function randomText(source) {
  if (source === 'uuid') return crypto.randomUUID().toUpperCase();
  if (source === 'words') return Array.from({ length: 4 }, () => WORDS[crypto.randomInt(WORDS.length)]).join(' ');
  if (source === 'lorem') return 'Lorem ipsum dolor sit amet';
  if (source === 'quote') return 'The best way out is always through.';
  throw new AppError(-32602, `source must be quote, words, uuid or lorem (got ${source})`, { field: 'source' });
}
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** @type {Record<string, (p: any, job: { cancelled: boolean }) => any>} */
const handlers = {
  initialize: () => ({
    serverInfo: { name: 'fonsters-rpc', version: '0.1.0' }, engine: 'fonsters-v1',
    capabilities: { methods: METHODS, formats: ['png', 'gif', 'jpeg', 'svg'], randomSources: ['quote', 'words', 'uuid', 'lorem'], sizes: { min: 32, max: 2048, step: 32 }, maxSeedLength: 10000, shareLinkMaxLength: 2000 },
    store: { path: store.file, memory: !store.file, readOnly: false },
  }),
  shutdown: () => { shutdownRequested = true; return null; },
  'fonsters/list': (p) => ({
    fonsters: store.items.map((item) => {
      const v = /** @type {any} */ (store.view(item));
      if (p && p.thumbnails) v.thumbnail = render(item.seed, { format: p.thumbnails.format || 'png', size: p.thumbnails.size || 64 }, item.name).dataUri;
      return v;
    }),
  }),
  'fonsters/get': (p) => store.view(store.get(p.id)),
  'fonsters/create': (p = {}) => {
    const seed = typeof p.seed === 'string' ? p.seed : `fonster ${store.items.length + 1}`;
    checkSeed(seed);
    const item = store.record(typeof p.name === 'string' ? p.name : '', seed);
    store.items.push(item);
    changed([item.id], 'create');
    return store.view(item);
  },
  'fonsters/update': (p) => {
    const item = store.get(p.id);
    if (typeof p.seed === 'string') store.setSeed(item, p.seed);
    if (typeof p.name === 'string') item.name = p.name;
    changed([item.id], 'update');
    return store.view(item);
  },
  'fonsters/delete': (p) => {
    const item = store.get(p.id);
    store.items.splice(store.items.indexOf(item), 1);
    changed([item.id], 'delete');
    return { id: item.id, deleted: true };
  },
  'fonsters/duplicate': (p) => {
    const item = store.get(p.id);
    const copy = store.record(item.name, item.seed);
    store.items.splice(store.items.indexOf(item) + 1, 0, copy);
    changed([copy.id], 'create');
    return store.view(copy);
  },
  'fonsters/move': (p) => {
    const item = store.get(p.id);
    if (!Number.isInteger(p.index) || p.index < 0 || p.index >= store.items.length) throw new AppError(-32602, `index must be between 0 and ${store.items.length - 1} (got ${p.index})`, { field: 'index' });
    store.items.splice(store.items.indexOf(item), 1);
    store.items.splice(p.index, 0, item);
    changed([item.id], 'move');
    return store.view(item);
  },
  'fonsters/undo': (p) => {
    const item = store.get(p.id);
    if (!item.history.length) throw new AppError(1006, 'There is nothing to undo.');
    item.future.unshift(item.seed); item.future = item.future.slice(0, 20);
    item.seed = item.history.pop();
    changed([item.id], 'update');
    return store.view(item);
  },
  'fonsters/redo': (p) => {
    const item = store.get(p.id);
    if (!item.future.length) throw new AppError(1007, 'There is nothing to redo.');
    item.history.push(item.seed); if (item.history.length > 20) item.history.shift();
    item.seed = item.future.shift();
    changed([item.id], 'update');
    return store.view(item);
  },
  'fonsters/random': (p) => {
    const item = store.get(p.id);
    const text = randomText(p.source);
    store.setSeed(item, p.mode === 'prepend' ? `${text.trim()} ${item.seed}` : text);
    item.randomSource = p.source;
    changed([item.id], 'update');
    return { ...store.view(item), usedFallback: true };
  },
  'fonsters/refresh': (p) => {
    const item = store.get(p.id);
    if (!item.randomSource) throw new AppError(1013, 'This Fonster has no random source to refresh. Load random text first.');
    store.setSeed(item, randomText(item.randomSource));
    changed([item.id], 'update');
    return { ...store.view(item), usedFallback: true };
  },
  'fonsters/useFrame': (p) => {
    const item = store.get(p.id);
    const all = frames(item.seed);
    if (!Number.isInteger(p.frame) || p.frame < 1 || p.frame > all.length) throw new AppError(1008, `Frame ${p.frame} is out of range (1…${all.length}).`, { field: 'frame' });
    store.setSeed(item, all[p.frame - 1]);
    changed([item.id], 'update');
    return store.view(item);
  },
  'creature/render': (p) => { const t = seedOf(p); return render(t.seed, p, t.name); },
  'creature/describe': (p) => {
    const t = seedOf(p);
    const { grid, colors } = creature(t.seed);
    return { seed: t.seed, renderSeed: renderSeed(t.seed), engine: 'fonsters-v1', configuration: { tier: 3, mode: 'creature' }, grid, colors, alt: `A toy creature for "${t.seed}"`, tapAnimation: { tap: p.tap || 0, kind: TAP_KINDS[Math.floor(h(t.seed, `tap${p.tap || 0}`) * 21)] } };
  },
  'creature/frames': async (p, job) => {
    const t = seedOf(p);
    const size = p.size === undefined ? 256 : p.size;
    checkSize(size);
    const all = frames(t.seed);
    const start = p.start || 0;
    const count = p.count === undefined ? all.length - start : p.count;
    const speed = p.speed === undefined ? 0.1 : p.speed;
    const out = [];
    const progress = (/** @type {any} */ value) => { if (p.workDoneToken) send({ jsonrpc: '2.0', method: '$/progress', params: { token: p.workDoneToken, value } }); };
    progress({ kind: 'begin', title: 'Drawing frames', percentage: 0 });
    for (let i = start; i < Math.min(all.length, start + count); i++) {
      if (job.cancelled) throw new AppError(-32800, 'The request was cancelled.');
      out.push({ index: i + 1, prefix: all[i], dataUri: `data:image/png;base64,${pngFor(all[i], size).toString('base64')}` });
      progress({ kind: 'report', percentage: Math.round((100 * out.length) / Math.max(1, Math.min(count, all.length - start))) });
      await sleep(size >= 1024 ? 20 : 0);
    }
    progress({ kind: 'end' });
    return { total: all.length, intervalMs: Math.round(300 / (speed * 10)), frames: out };
  },
  'creature/animate': (p) => {
    const t = seedOf(p);
    const speed = p.speed === undefined ? 0.1 : p.speed;
    const all = frames(t.seed);
    const bytes = gifFor(all.length ? all : [' '], Math.round(30 / (speed * 10)));
    return { dataUri: `data:image/gif;base64,${bytes.toString('base64')}`, mime: 'image/gif', width: 32, height: 32, bytes: bytes.length, frames: all.length, intervalMs: Math.round(300 / (speed * 10)), fileName: fileName(t.name, t.seed, 'gif') };
  },
  'creature/tapAnimation': (p) => {
    checkSeed(p.seed);
    const tap = p.tap || 0;
    const kind = TAP_KINDS[Math.floor(h(p.seed, `tap${tap}`) * 21)];
    const n = p.samples || 5;
    const size = p.size || 100;
    return { tap, kind, ignored: p.seed === '', forwardMs: 500, reverseMs: 500, samples: Array.from({ length: n }, (_, i) => tapSample(n === 1 ? 1 : i / (n - 1), kind, size)) };
  },
  'creature/environment': () => ({ layers: {}, showOptionalEffects: false, sky: { k: 0.5, top: 0.56, middle: 0.45, bottom: 0.36 } }),
  'share/build': (p) => {
    const seeds = p.ids ? p.ids.map((/** @type {string} */ id) => store.get(id).seed) : p.seeds;
    const url = shareUrl(seeds);
    const tooLong = url.length > 2000;
    return tooLong ? { url, length: url.length, tooLong, warning: `This link is ${url.length} characters long; links over 2,000 characters may not open. Share fewer or shorter Fonsters.` } : { url, length: url.length, tooLong };
  },
  'share/preview': (p) => ({
    seeds: parseShare(p.url).map((seed, index) => ({ index, seed, displayName: displayName('', seed), thumbnail: `data:image/png;base64,${pngFor(seed, 64).toString('base64')}`, exists: store.items.some((x) => x.seed === seed) })),
  }),
  'share/import': (p) => {
    const seeds = parseShare(p.url);
    const selected = Array.isArray(p.select) ? p.select : seeds.map((_, i) => i);
    const created = []; let skipped = 0;
    for (const index of selected) {
      const seed = seeds[index];
      if (store.items.some((x) => x.seed === seed)) { skipped++; continue; }
      const item = store.record('', seed);
      store.items.push(item);
      created.push(store.view(item));
    }
    if (created.length) changed(created.map((x) => x.id), 'import');
    return { created, skipped };
  },
};

/** @param {any} message */
async function handle(message) {
  if (message.method === '$/cancelRequest') { const job = running.get(message.params && message.params.id); if (job) job.cancelled = true; return; }
  if (message.method === 'exit') process.exit(shutdownRequested ? 0 : 1);
  if (message.id === undefined) return;
  const fn = handlers[message.method];
  if (!fn) { send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `Unknown method ${message.method}.` } }); return; }
  const job = { cancelled: false };
  running.set(message.id, job);
  try {
    const result = await fn(message.params, job);
    send({ jsonrpc: '2.0', id: message.id, result });
  } catch (error) {
    const e = /** @type {any} */ (error);
    send({ jsonrpc: '2.0', id: message.id, error: { code: e.code || -32603, message: e.message, ...(e.data ? { data: e.data } : {}) } });
  } finally {
    running.delete(message.id);
  }
}

const decoder = new FrameDecoder((message) => { handle(message); }, (error) => {
  send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: error.message } });
});
process.stdin.on('data', (chunk) => decoder.push(chunk));
process.stdin.on('end', () => process.exit(shutdownRequested ? 0 : 1));
if (store.file) {
  setInterval(() => {
    try {
      const mtime = fs.statSync(/** @type {string} */ (store.file)).mtimeMs;
      if (mtime !== store.lastWritten) { store.load(); send({ jsonrpc: '2.0', method: 'fonsters/didChange', params: { ids: [], reason: 'external' } }); }
    } catch { /* file not there yet */ }
  }, 150).unref();
}
process.stderr.write(`contract-fake-server: ready (${store.file || 'memory'})\n`);
