// The web page: the library on the left, the shared detail view on the right,
// live through fonsters/didChange, reconnecting with back-off when the server
// goes away. Every server call goes through ui/api.js.
//
// Where things are: this file wires the page and keeps what the main area shows (a
// Fonster's detail, the clock) and the library's actions (add, duplicate, move, delete and
// its undo). The rest is one file each in app/: library.js (the list), detail-host.js (the
// detail's host), import-link.js (share-link review), bundles.js (library files),
// findlook-host.js (Find a look), lookalike-marks.js (the rows' look-alike marks),
// announce.js (toasts and errors), panes.js (a phone's list or detail), errors.js (what an
// error says to do), default-engine.js (the library's default engine).

import { connect, call, subscribe, onStatus, retryNow } from '../ui/api.js';
import { mountDetail } from '../ui/detail.js';
import { createDetailHost } from './detail-host.js';
import { createListModel } from './list-model.js';
import { createThumbnailCache, dataUriToBlob } from './thumbnails.js';
import { createLibraryView } from './library.js';
import { setupImportDialog } from './import-link.js';
import { setupFindLook } from './findlook-host.js';
import { setupPanes } from './panes.js';
import { createAnnouncer } from './announce.js';
import { createLookalikeMarks } from './lookalike-marks.js';
import { setupBundles } from './bundles.js';
import { setupDefaultEngine } from './default-engine.js';
import { createSelection } from './selection.js';
import { setupShareSelection } from './share-selection.js';
import { setupTrash } from './trash.js';
import { setupDistinctVariants } from './distinct-variants.js';

performance.mark('fonsters:script'); // the page's modules are in and running (benchmarks read the marks)
const $ = (id) => document.getElementById(id);
const el = {
  connection: $('connection'), banner: $('banner'), bannerText: $('banner-text'), bannerRetry: $('banner-retry'),
  list: $('list'), listEmpty: $('list-empty'), count: $('library-count'), add: $('add'),
  main: $('main'), head: $('detail-head'), title: $('detail-title'), detailRoot: $('detail-root'), placeholder: $('placeholder'),
  moveUp: $('move-up'), moveDown: $('move-down'), rename: $('rename'), duplicate: $('duplicate'), del: $('delete'),
  toast: $('toast'), toastText: $('toast-text'), toastAction: $('toast-action'), toastClose: $('toast-close'), announcer: $('announcer'),
  back: $('back-to-list'), importDialog: $('import-dialog'), findLookDialog: $('findlook-dialog'),
  clock: $('open-clock'), findLook: $('open-findlook'), importLink: $('open-import-link'), importLibrary: $('import-library'), exportLibrary: $('export-library'), bundleFile: $('bundle-file'),
};

connect();
/** initialize's answer; `engine` is the library's default engine (kept current by library/settings). */
let info = { engine: undefined, capabilities: { experimental: {} } };
const model = createListModel(call);
// Thumbnails as the server's data URIs: the page decodes them itself, where a blob URL would be a
// round trip through the browser's other processes for each picture, which made a long list slow to show.
const thumbnails = createThumbnailCache(call);
const selection = createSelection({
  model,
  el: { bar: $('pick-bar'), count: $('pick-count'), start: $('pick-start'), all: $('pick-all'), share: $('pick-share'), done: $('pick-done'), list: el.list },
  changed: () => library.render(),
  onShare: (ids) => shareSelection.share(ids),
});
const library = createLibraryView(el.list, {
  selection,
  model,
  thumbnails,
  onSelect: (fonster, opts) => openFonster(fonster.id, opts),
  onMove: (fonster, index) => move(fonster, index),
  onDelete: (fonster) => remove(fonster),
  onRename: (fonster) => openFonster(fonster.id, { rename: true }),
  lookalike: (fonster) => marks.of(fonster),
});
const say = createAnnouncer(el);
const { toast, announceError, attempt } = say;
const shareSelection = setupShareSelection({ call, download: (name, data) => download(name, data), say });
const variants = setupDistinctVariants({
  call,
  say,
  onCreated: async () => { await reloadList(); },
  onSeedSet: () => { if (current && current.kind === 'fonster') current.host.reload(); },
});
const trash = setupTrash({
  call,
  thumbnails,
  say,
  onRestored: async (back) => { await reloadList(); openFonster(back.id); },
});

const panes = setupPanes({
  back: el.back,
  main: el.main,
  busy: () => !!document.querySelector('dialog[open]') || !!(current && current.host.dirty),
  onList: () => library.focus(),
});

/** The methods the server answers. */
function serverMethods() {
  return (info.capabilities && info.capabilities.experimental && info.capabilities.experimental.methods) || [];
}

/** The engines the server draws with. */
function serverEngines() {
  return (info.capabilities && info.capabilities.experimental && info.capabilities.experimental.engines) || [];
}

// The library's default engine: what new Fonsters, free seeds and Find a look start with.
const defaultEngine = setupDefaultEngine({
  call,
  select: $('default-engine'),
  why: $('default-engine-why'),
  changed: (engine) => { info = { ...info, engine }; },
  onError: (error) => announceError(error),
});

$('default-engine-more').addEventListener('click', (e) => {
  const box = /** @type {HTMLElement} */ (e.currentTarget).closest('.default-engine');
  const open = box.classList.toggle('open');
  /** @type {HTMLElement} */ (e.currentTarget).setAttribute('aria-expanded', String(open));
});

// ---- look-alikes -------------------------------------------------------------------

/** The name of a loaded row's Fonster (rows not loaded yet are counted instead). */
function nameOf(id) {
  const i = model.indexOf(id);
  const f = i >= 0 ? model.at(i) : undefined;
  return f ? f.displayName : undefined;
}
const marks = createLookalikeMarks({ call, nameOf, changed: () => library.render() });

/** What the main area shows: a Fonster's detail, the clock, or nothing. */
let current = null; // { kind: 'fonster' | 'clock', id?, host, view, timer? }
/** What one detail view hands to the next: the playback speed. */
const carry = { speed: 10 };
/** The last deletion, for Ctrl+Z / the toast's Undo. */
let lastDeleted = null;

// ---- connection ------------------------------------------------------------------

let connectedOnce = false;
let retryTick = 0;
onStatus((s) => {
  el.connection.dataset.state = s.state;
  clearInterval(retryTick);
  if (s.state === 'open') {
    el.connection.textContent = 'Connected';
    el.banner.hidden = true;
    document.body.classList.remove('offline');
    if (connectedOnce) toast('Reconnected to the Fonsters server.');
    connectedOnce = true;
    start();
  } else if (s.state === 'retrying') {
    el.connection.textContent = 'Offline';
    document.body.classList.add('offline');
    const until = Date.now() + s.retryInMs;
    const say = () => {
      const secs = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      el.bannerText.textContent = connectedOnce
        ? `Lost the connection to the Fonsters server. Edits are paused; reconnecting in ${secs} s. If you restarted the server, open the address it printed instead (it carries a new access token).`
        : `Cannot reach the Fonsters server. Retrying in ${secs} s. Check that fonsters-rpc web is running, and open the address it printed.`;
    };
    say();
    retryTick = setInterval(say, 500);
    el.banner.hidden = false;
  } else if (s.state === 'connecting') {
    el.connection.textContent = 'Connecting…';
  }
});
el.bannerRetry.addEventListener('click', () => retryNow());

/** After each (re)connection: the server's facts, the list, the open view. */
async function start() {
  performance.mark('fonsters:connected'); // marks for timing the page's start (benchmarks read them)
  const listed = reloadList(); // asked for beside initialize, whose facts the list does not need
  try {
    info = await call('initialize', { clientInfo: { name: 'fonsters-web', version: '0.1.0' } });
  } catch (error) {
    announceError(error);
    return;
  }
  performance.mark('fonsters:initialized');
  defaultEngine.show(info.engine, serverEngines());
  const store = info.store || {};
  const storeEl = $('store');
  storeEl.textContent = store.memory ? 'Library in memory (not saved)' : store.path ? `Library: ${store.path.split(/[\\/]/).pop()}` : '';
  storeEl.title = store.path || (store.memory ? 'This library lives only as long as the server runs.' : '');
  if (store.readOnly) storeEl.textContent += ' (read-only)';
  await listed;
  performance.mark('fonsters:list-loaded');
  if (!current) {
    const cards = cardsInAddress();
    const wanted = cards ? '' : decodeURIComponent(location.hash.replace(/^#\/?/, ''));
    if (wanted === 'clock') openClock();
    else if (wanted && model.indexOf(wanted) >= 0) openFonster(wanted, { show: true });
    else if (model.total > 0) { await model.ensure(0, 0); openFonster(model.at(0).id); }
    if (cards) reviewAddressLink(cards);
  } else if (current.kind === 'fonster') {
    current.host.reload();
  }
}

/** The `cards` of a share link in the page's address (its query or its fragment), as written,
 * followed by `&meta=…` when the link names its cards' names and engines. */
function cardsInAddress() {
  const address = `${location.search}${location.hash}`;
  const found = /[?&#]cards=([^&#]*)/.exec(address);
  if (!found) return '';
  const meta = /[?&#]meta=([^&#]*)/.exec(address);
  return meta ? `${found[1]}&meta=${meta[1]}` : found[1];
}

/** A share link opened as the page's address (?cards=… or #cards=…, which never reaches the
 * server): review its creatures, and take the link out of the address. */
function reviewAddressLink(cards) {
  history.replaceState(null, '', location.pathname);
  importDialog.review(`${location.origin}/?cards=${cards}`);
}
window.addEventListener('hashchange', () => {
  const cards = cardsInAddress();
  if (cards && connectedOnce) reviewAddressLink(cards);
});

async function reloadList() {
  try {
    await model.load();
  } catch (error) {
    announceError(error);
    return;
  }
  el.count.textContent = model.total ? `(${model.total.toLocaleString()})` : '';
  el.listEmpty.hidden = model.total > 0;
  selection.prune();
  trash.refresh();
  if (current && current.kind === 'fonster') {
    const i = model.indexOf(current.id);
    if (i >= 0) library.activeIndex = i;
  }
  library.renderNow();
  updateMoveButtons();
  marks.refresh();
}

// ---- live changes ------------------------------------------------------------

let reloadTimer = 0;
subscribe('fonsters/didChange', async (change) => {
  if (change.reason === 'settings') { defaultEngine.follow(change.settings); return; } // changes no Fonster
  const ids = change.ids || [];
  if (change.reason === 'update' && ids.length && ids.length <= 20) {
    // Patch the rows in place: cheaper than reloading a large list.
    for (const id of ids) {
      try {
        const f = await call('fonsters/get', { id });
        model.patch(f);
      } catch { /* deleted meanwhile: the delete's notification reloads */ }
    }
    library.render();
    marks.refresh();
  } else {
    clearTimeout(reloadTimer);
    reloadTimer = setTimeout(reloadList, 30);
  }
  if (current && current.kind === 'fonster') {
    const mine = ids.some((id) => id.toUpperCase() === current.id.toUpperCase());
    if (mine && change.reason === 'delete') { if (current.id !== deletingHere) showGone(current.id, el.title.textContent); }
    else if (mine || ids.length === 0) current.host.reload();
  }
});

// ---- the main area -------------------------------------------------------------

function closeView() {
  if (!current) return;
  if (current.timer) clearInterval(current.timer);
  current.host.close();
  current.view.dispose();
  el.detailRoot.textContent = '';
  current = null;
}

function closeDetail(message) {
  closeView();
  panes.show('list');
  el.head.hidden = true;
  el.placeholder.hidden = false;
  placeholderText.textContent = 'Pick a Fonster on the left, or add one.';
  placeholderRestore.hidden = true;
  document.title = 'Fonsters';
  if (message) toast(message);
  history.replaceState(null, '', location.pathname);
}

const placeholderText = $('placeholder-text');
const placeholderRestore = $('placeholder-restore');
/** The Fonster this tab is deleting now (its own notification is not news from elsewhere). */
let deletingHere = null;

/** Where the open Fonster was, once it is deleted in another tab or window: it says so, with a
 * Restore button, until the person opens something else. */
function showGone(id, title) {
  closeView();
  el.head.hidden = true;
  el.placeholder.hidden = false;
  document.title = 'Deleted — Fonsters';
  placeholderText.textContent = `“${title}” was deleted elsewhere. It is in the trash.`;
  placeholderRestore.hidden = false;
  placeholderRestore.textContent = `Restore “${title}”`;
  placeholderRestore.onclick = async () => {
    const back = await attempt(() => call('fonsters/restore', { id }));
    if (!back) return;
    await reloadList();
    openFonster(back.id, { show: true });
    toast(`Restored “${back.displayName}”.`);
  };
  library.clearSelection();
  history.replaceState(null, '', location.pathname);
}

/** A download of a data URI (or a Blob) under the server's file name. */
function download(fileName, data) {
  const url = URL.createObjectURL(typeof data === 'string' ? dataUriToBlob(data) : data);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

/** Show a Fonster's detail (`rename`: put the keyboard in its name field; `show`: on a phone,
 * show the detail instead of the list). */
function openFonster(id, opts = {}) {
  if (opts.show || opts.rename) panes.show('detail');
  if (current && current.kind === 'fonster' && current.id.toUpperCase() === id.toUpperCase()) {
    if (opts.rename) current.view.focusName();
    else if (opts.focus) focusSeed();
    return;
  }
  closeView();
  el.placeholder.hidden = true;
  placeholderRestore.hidden = true;
  el.head.hidden = false;
  el.head.classList.remove('clock');
  const host = createDetailHost({
    call,
    target: { id },
    info: () => info,
    download,
    carry,
    onGone: () => { if (current && current.host === host && id !== deletingHere) showGone(id, el.title.textContent); },
    // Distinct variants at once where the server finds them; else Find a look on the seed.
    findVariant: (seed, fonster) => (serverMethods().includes('fonsters/distinctVariants') ? variants.show(seed, fonster)
      : findLook.show({ base: seed, target: fonster })),
    setTitle: (title) => { el.title.textContent = title; document.title = `${title} — Fonsters`; },
  });
  const view = mountDetail(el.detailRoot, host);
  current = { kind: 'fonster', id, host, view };
  history.replaceState(null, '', `#/${encodeURIComponent(id)}`);
  library.select(id);
  updateMoveButtons();
  if (opts.rename) waitForInit().then(() => view.focusName());
  else if (opts.focus) waitForInit().then(focusSeed);
}

/** The keyboard in the seed field, the picture kept in view (on a phone the field is below it,
 * past the look-alike warning). */
function focusSeed() {
  el.main.querySelector('#seed').focus({ preventScroll: true });
}

function waitForInit() {
  return new Promise((resolve) => {
    const check = () => (el.detailRoot.getAttribute('aria-busy') === 'false' ? resolve() : setTimeout(check, 20));
    check();
  });
}

/** The clock creature: the current second's seed, new every second. */
async function openClock() {
  panes.show('detail');
  closeView();
  library.clearSelection();
  el.placeholder.hidden = true;
  el.head.hidden = false;
  el.head.classList.add('clock');
  el.title.textContent = 'The clock creature';
  document.title = 'Clock creature — Fonsters';
  const first = await attempt(() => call('clock/creature', { size: 32 }));
  if (!first) return;
  const host = createDetailHost({
    call, target: { seed: first.seed }, info: () => info, download, carry,
    onSaved: (f) => { toast(`Saved “${f.displayName}” to your Fonsters.`); library.select(f.id); },
  });
  const view = mountDetail(el.detailRoot, host);
  current = { kind: 'clock', host, view, timer: 0 };
  const me = current;
  let last = first.seed;
  current.timer = setInterval(async () => {
    if (current !== me || document.activeElement === el.main.querySelector('#seed')) return;
    const next = await call('clock/creature', { size: 32 }).catch(() => null);
    if (next && next.seed !== last && current === me) {
      last = next.seed;
      host.setSeed(next.seed);
    }
  }, 1000);
  history.replaceState(null, '', '#/clock');
}

function updateMoveButtons() {
  const i = current && current.kind === 'fonster' ? model.indexOf(current.id) : -1;
  el.moveUp.disabled = i <= 0;
  el.moveDown.disabled = i < 0 || i >= model.total - 1;
}

// ---- library actions ---------------------------------------------------------

async function add() {
  // No engine: the server draws it with the library's default engine (library/settings).
  const created = await attempt(() => call('fonsters/create', {}));
  if (!created) return;
  await reloadList();
  openFonster(created.id, { rename: true });
  toast(`Added a Fonster. Type a name, then a seed.`);
}

async function duplicate(id) {
  const copy = await attempt(() => call('fonsters/duplicate', { id }));
  if (!copy) return;
  await reloadList();
  openFonster(copy.id, { show: true });
  toast(`Duplicated as the last Fonster.`);
}

async function move(fonster, index) {
  const moved = await attempt(() => call('fonsters/move', { id: fonster.id, index }));
  if (!moved) return;
  await reloadList();
  library.select(moved.id);
  updateMoveButtons();
  el.announcer.textContent = `Moved “${moved.displayName}” to place ${moved.position + 1} of ${model.total}.`;
}

async function remove(fonster) {
  const index = model.indexOf(fonster.id);
  deletingHere = fonster.id;
  const ok = await attempt(() => call('fonsters/delete', { id: fonster.id }));
  if (!ok) { deletingHere = null; return; }
  lastDeleted = { id: fonster.id, displayName: fonster.displayName };
  if (current && current.kind === 'fonster' && current.id === fonster.id) closeView();
  await reloadList();
  if (model.total > 0) {
    const next = Math.min(index < 0 ? 0 : index, model.total - 1);
    await model.ensure(next, next);
    openFonster(model.at(next).id);
  } else {
    closeDetail();
  }
  deletingHere = null;
  panes.show('list');
  library.focus();
  toast(`Deleted “${fonster.displayName}”.`, { label: 'Undo (Ctrl+Z)', run: undoDelete });
}

/** Bring back the last deleted Fonster from the trash (fonsters/restore): the same id, name,
 * seed and seed history, engine, creation time and place. */
async function undoDelete() {
  const gone = lastDeleted;
  if (!gone) { toast('Nothing to undo in the library.'); return; }
  lastDeleted = null;
  const back = await attempt(() => call('fonsters/restore', { id: gone.id }));
  if (!back) return;
  await reloadList();
  openFonster(back.id);
  library.focus();
  toast(`Restored “${back.displayName}”.`);
}

el.add.addEventListener('click', add);
el.duplicate.addEventListener('click', () => current && current.kind === 'fonster' && duplicate(current.id));
el.del.addEventListener('click', async () => {
  if (!current || current.kind !== 'fonster') return;
  const f = await attempt(() => call('fonsters/get', { id: current.id }));
  if (f) remove(f);
});
el.rename.addEventListener('click', () => current && current.kind === 'fonster' && current.view.focusName());
for (const [button, delta] of [[el.moveUp, -1], [el.moveDown, 1]]) {
  button.addEventListener('click', async () => {
    if (!current || current.kind !== 'fonster') return;
    const i = model.indexOf(current.id);
    if (i < 0) return;
    await move(model.at(i), i + delta);
    button.focus();
  });
}

// Ctrl/Cmd+Z in the library (or its toast, or anywhere while no Fonster is open): undo the
// last delete. In the detail the same keys undo seed edits (ui/detail.js).
document.addEventListener('keydown', (e) => {
  if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z' || !lastDeleted) return;
  const inLibrary = el.list.closest('.sidebar').contains(e.target) || el.toast.contains(e.target);
  if (!inLibrary && !(e.target === document.body && !current)) return;
  e.preventDefault();
  undoDelete();
});

// Escape in the detail that nothing else used (a field reverting its draft, a dialog closing)
// goes back to the list, on the row just seen: in the name field, the seed field or anywhere.
document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]')) return;
  if (!el.main.contains(/** @type {Node} */ (e.target)) && e.target !== document.body) return;
  e.preventDefault();
  panes.show('list');
  library.focus();
});

// ---- clock, share links, library files, Find a look ------------------------------------------------

el.clock.addEventListener('click', openClock);

const importDialog = setupImportDialog({
  call,
  info: () => info,
  nameOf,
  opener: el.importLink,
  onImported: async (result) => {
    await reloadList();
    const n = result.created.length;
    toast(`Imported ${n} Fonster${n === 1 ? '' : 's'}. Skipped ${result.skipped} already in the library. ${await marks.importNotes(result.created)}`.trim());
    if (n) openFonster(result.created[0].id, { show: true });
  },
  onError: announceError,
});

setupBundles({
  call,
  exportButton: el.exportLibrary,
  importButton: el.importLibrary,
  file: el.bundleFile,
  download,
  say,
  onImported: async (result, fileName) => {
    await reloadList();
    const n = result.created.length;
    toast(`Imported ${n} Fonster${n === 1 ? '' : 's'} from “${fileName}”. Skipped ${result.skipped} already in the library. ${await marks.importNotes(result.created)}`.trim());
    if (n) openFonster(result.created[0].id);
  },
});

const findLook = setupFindLook({
  call,
  opener: el.findLook,
  dialog: $('findlook-dialog'),
  root: $('findlook-root'),
  closer: $('findlook-close'),
  target: () => {
    const f = current && current.kind === 'fonster' ? current.host.fonster : null;
    return f ? { id: f.id, name: f.displayName, engine: f.engine } : null;
  },
  engine: () => info.engine,
  engines: serverEngines,
  onCreated: async (created) => {
    await reloadList();
    toast(`Created “${created.displayName}”, last in the library.`);
  },
});

window.fonstersPage = { findLook, model, library, thumbnails, defaultEngine, selection, trash, get current() { return current; } };
