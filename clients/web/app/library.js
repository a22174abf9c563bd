// The library list: a virtualised listbox (only the rows in view, plus a few, are in the page),
// selection by mouse or keyboard, reordering by Alt+Arrow keys or by drag.
//
// Where things are: library/rows.js draws a row (thumbnail, name, seed or look-alikes);
// library/drag.js reorders by drag; this file keeps the window of rows in view (`render`), the
// active row and the keys (`keys`).

import { ROW_HEIGHT, rowId, createRows } from './library/rows.js';
import { enableDragToReorder } from './library/drag.js';

export { ROW_HEIGHT };
const OVERSCAN = 6;

/**
 * @param {HTMLElement} viewport the scrolling listbox element
 * @param {object} deps
 * @param {ReturnType<import('./list-model.js').createListModel>} deps.model
 * @param {ReturnType<import('./thumbnails.js').createThumbnailCache>} deps.thumbnails
 * @param {(fonster: any, opts?: { focus?: boolean, show?: boolean }) => void} deps.onSelect a row was selected;
 *   `show`: the person opened it (a click, Enter) rather than moved to it (arrows) — a phone then shows its detail
 * @param {(fonster: any, index: number) => void} deps.onMove
 * @param {(fonster: any) => void} deps.onDelete
 * @param {(fonster: any) => void} deps.onRename
 * @param {(fonster: any) => ({ text: string } | undefined)} [deps.lookalike] what the row says of its look-alikes
 * @param {ReturnType<import('./selection.js').createSelection>} [deps.selection] the rows ticked to share: while it
 *   is active, `aria-selected` says which are ticked (the open one is marked `open`)
 */
export function createLibraryView(viewport, deps) {
  const { model } = deps;
  const spacer = document.createElement('div');
  spacer.className = 'list-spacer';
  viewport.appendChild(spacer);
  const rows = createRows(deps);
  /** @type {Map<number, HTMLElement>} rows in the page, by index */
  let shown = new Map();
  let selectedId = null;
  let activeIndex = -1;

  // ---- the window of rows in view --------------------------------------------------

  let frame = null;
  /** Render on the next frame — or within 100 ms where frames are throttled (a background tab). */
  function schedule() {
    if (frame) return;
    const run = () => {
      if (!frame) return;
      cancelAnimationFrame(frame.raf);
      clearTimeout(frame.timer);
      frame = null;
      render();
    };
    frame = { raf: requestAnimationFrame(run), timer: setTimeout(run, 100) };
  }

  let thumbTimer = 0;
  let lastScroll = -Infinity; // never scrolled (performance.now() starts at 0 with the page)
  /** Ask for thumbnails once scrolling pauses. */
  function requestThumbnails() {
    clearTimeout(thumbTimer);
    if (performance.now() - lastScroll > 120) rows.loadThumbnails();
    else thumbTimer = setTimeout(requestThumbnails, 80);
  }

  function render() {
    const total = model.total;
    spacer.style.height = `${total * ROW_HEIGHT}px`;
    const top = viewport.scrollTop;
    const height = viewport.clientHeight || 600;
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(total - 1, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
    const missing = [];
    const next = new Map();
    for (const [i, row] of shown) {
      if (i >= first && i <= last) continue;
      shown.delete(i);
      rows.release(row);
    }
    for (let i = first; i <= last; i++) {
      const fonster = model.at(i);
      if (!fonster) missing.push(i);
      const old = shown.get(i);
      shown.delete(i);
      if (old && rows.shows(old, fonster)) {
        mark(old, fonster);
        old.classList.toggle('active', i === activeIndex);
        old.setAttribute('aria-setsize', String(total));
        next.set(i, old);
        continue;
      }
      if (old) rows.release(old);
      const row = rows.make(i, total, fonster, !!fonster && fonster.id === selectedId);
      mark(row, fonster);
      row.classList.toggle('active', i === activeIndex);
      if (!row.isConnected) spacer.appendChild(row);
      next.set(i, row);
    }
    for (const row of shown.values()) rows.release(row); // rows in range that now show something else
    shown = next;
    if (rows.waitingThumbnails) requestThumbnails();
    const active = activeIndex >= 0 ? model.at(activeIndex) : null;
    if (active && shown.has(activeIndex)) viewport.setAttribute('aria-activedescendant', rowId(active));
    else viewport.removeAttribute('aria-activedescendant');
    if (missing.length) model.ensure(missing[0], missing[missing.length - 1]).then(schedule, () => {});
  }

  /** A row's selection: the open Fonster, or — while picking — whether it is ticked. */
  function mark(row, fonster) {
    if (!fonster) return;
    const open = fonster.id === selectedId;
    const picking = !!(deps.selection && deps.selection.active);
    row.classList.toggle('open', open);
    row.classList.toggle('picking', picking);
    row.setAttribute('aria-selected', String(picking ? deps.selection.has(fonster.id) : open));
  }

  function scrollIntoView(index) {
    const top = index * ROW_HEIGHT;
    if (top < viewport.scrollTop) viewport.scrollTop = top;
    else if (top + ROW_HEIGHT > viewport.scrollTop + viewport.clientHeight) viewport.scrollTop = top + ROW_HEIGHT - viewport.clientHeight;
  }

  // ---- the active row and the keys ----------------------------------------------------

  /** Make row `index` active and selected (opening its detail). */
  async function activate(index, { open = true, show = false } = {}) {
    if (model.total === 0) return;
    index = Math.max(0, Math.min(model.total - 1, index));
    activeIndex = index;
    scrollIntoView(index);
    await model.ensure(index, index);
    const fonster = model.at(index);
    if (fonster && open) {
      selectedId = fonster.id;
      deps.onSelect(fonster, show ? { show } : undefined);
    }
    render();
  }

  /** Move the active Fonster to `to` (Alt+arrows, drag). */
  function moveActive(fonster, to) {
    if (!fonster || to < 0 || to >= model.total || to === activeIndex) return;
    activeIndex = to;
    scrollIntoView(to);
    deps.onMove(fonster, to);
  }

  /** ↑/↓, Page Up/Down, Home/End select; with Alt they move; Enter opens, Delete removes, F2 renames. */
  function keys(e) {
    const page = Math.max(1, Math.floor(viewport.clientHeight / ROW_HEIGHT) - 1);
    const current = model.at(activeIndex);
    const pick = deps.selection;
    if (pick && (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'a') { e.preventDefault(); pick.all(); return; }
    if (pick && pick.active) {
      if (e.key === ' ') { e.preventDefault(); pick.toggle(activeIndex); return; }
      if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); pick.end(); return; }
      if (e.shiftKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
        e.preventDefault();
        const to = Math.max(0, Math.min(model.total - 1, activeIndex + (e.key === 'ArrowDown' ? 1 : -1)));
        activeIndex = to;
        scrollIntoView(to);
        pick.range(to);
        return;
      }
    }
    switch (e.key) {
      case 'ArrowDown': e.preventDefault(); if (e.altKey) moveActive(current, activeIndex + 1); else activate(activeIndex + 1); break;
      case 'ArrowUp': e.preventDefault(); if (e.altKey) moveActive(current, activeIndex - 1); else activate(activeIndex - 1); break;
      case 'PageDown': e.preventDefault(); activate(activeIndex + page); break;
      case 'PageUp': e.preventDefault(); activate(activeIndex - page); break;
      case 'Home': e.preventDefault(); if (e.altKey) moveActive(current, 0); else activate(0); break;
      case 'End': e.preventDefault(); if (e.altKey) moveActive(current, model.total - 1); else activate(model.total - 1); break;
      case 'Enter': case ' ': e.preventDefault(); if (current) { selectedId = current.id; deps.onSelect(current, { focus: true, show: true }); render(); } break;
      case 'Delete': case 'Backspace': if (current) { e.preventDefault(); deps.onDelete(current); } break;
      case 'F2': if (current) { e.preventDefault(); deps.onRename(current); } break;
      default: break;
    }
  }

  viewport.addEventListener('scroll', () => { lastScroll = performance.now(); schedule(); }, { passive: true });
  window.addEventListener('resize', schedule);
  viewport.addEventListener('click', (e) => {
    const row = /** @type {HTMLElement} */ (e.target).closest('.row');
    if (!row || !row.dataset.id) return;
    const index = Number(row.dataset.index);
    const pick = deps.selection;
    if (pick && (e.shiftKey || e.ctrlKey || e.metaKey || pick.active)) {
      activeIndex = index;
      if (e.shiftKey) pick.range(index); else pick.toggle(index);
      viewport.focus({ preventScroll: true });
      return;
    }
    activate(index, { show: true });
  });
  viewport.addEventListener('focus', () => {
    if (activeIndex < 0 && model.total > 0) {
      const i = selectedId ? model.indexOf(selectedId) : -1;
      activeIndex = i >= 0 ? i : 0;
      render();
    }
  });
  viewport.addEventListener('keydown', keys);
  enableDragToReorder(viewport, spacer, { model, onMove: (fonster, to) => { activeIndex = to; deps.onMove(fonster, to); } });

  return {
    render: schedule,
    renderNow: render,
    /** Select a Fonster by id (after create, import, undo) without re-opening it. */
    async select(id, { open = false } = {}) {
      selectedId = id;
      const i = model.indexOf(id);
      if (i < 0 && open) return;
      if (i >= 0) { activeIndex = i; scrollIntoView(i); }
      if (open && i >= 0) deps.onSelect(model.at(i));
      render();
    },
    get selectedId() { return selectedId; },
    get activeIndex() { return activeIndex; },
    set activeIndex(i) { activeIndex = i; },
    focus() { viewport.focus(); },
    clearSelection() { selectedId = null; render(); },
    /** Rows currently in the page (for tests and metrics). */
    get renderedRows() { return shown.size; },
  };
}
