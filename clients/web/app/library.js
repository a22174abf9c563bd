// The library list: a virtualised listbox (only the rows in view, plus a few,
// are in the DOM), thumbnails asked for as rows come into view, selection by
// mouse or keyboard, reordering by drag or Alt+Arrow keys.

import { skyGradient } from '../ui/scene.js';

export const ROW_HEIGHT = 60;
const OVERSCAN = 6;

/**
 * @param {HTMLElement} viewport the scrolling listbox element
 * @param {object} deps
 * @param {ReturnType<import('./list-model.js').createListModel>} deps.model
 * @param {ReturnType<import('./thumbnails.js').createThumbnailCache>} deps.thumbnails
 * @param {(fonster: any) => void} deps.onSelect
 * @param {(fonster: any, index: number) => void} deps.onMove
 * @param {(fonster: any) => void} deps.onDelete
 * @param {(fonster: any) => void} deps.onRename
 * @param {(fonster: any) => ({ text: string } | undefined)} [deps.lookalike] what the row says of its look-alikes
 */
export function createLibraryView(viewport, deps) {
  const { model, thumbnails } = deps;
  const spacer = document.createElement('div');
  spacer.className = 'list-spacer';
  viewport.appendChild(spacer);
  const dropLine = document.createElement('div');
  dropLine.className = 'drop-line';
  dropLine.hidden = true;
  viewport.appendChild(dropLine);
  /** @type {Map<number, HTMLElement>} */
  let shown = new Map();
  let selectedId = null;
  let activeIndex = -1;
  let frame = 0;
  let dragId = null;

  const rowId = (f) => `row-${f.id}`;

  /** Render on the next frame — or within 100 ms where frames are throttled (a background tab). */
  function schedule() {
    if (frame) return;
    const run = () => {
      if (!frame) return;
      cancelAnimationFrame(frame.raf);
      clearTimeout(frame.timer);
      frame = 0;
      render();
    };
    frame = { raf: requestAnimationFrame(run), timer: setTimeout(run, 100) };
  }

  /** Rows that left the view, kept for reuse so scrolling creates few elements. */
  const pool = [];

  function newRow() {
    const row = document.createElement('div');
    row.className = 'row';
    row.setAttribute('role', 'option');
    const thumb = document.createElement('img');
    thumb.className = 'thumb';
    thumb.width = 44;
    thumb.height = 44;
    thumb.draggable = false;
    const text = document.createElement('span');
    text.className = 'row-text';
    const name = document.createElement('span');
    name.className = 'row-name';
    const sub = document.createElement('span');
    sub.className = 'row-sub';
    text.append(name, sub);
    row.append(thumb, text);
    return row;
  }

  function makeRow(index, fonster) {
    const row = pool.pop() || newRow();
    const [thumb, text] = row.children;
    const [name, sub] = text.children;
    const token = {};
    row.fonstersToken = token;
    row.className = 'row';
    row.setAttribute('aria-posinset', String(index + 1));
    row.setAttribute('aria-setsize', String(model.total));
    row.style.transform = `translateY(${index * ROW_HEIGHT}px)`;
    row.dataset.index = String(index);
    thumb.removeAttribute('src');
    thumb.style.background = '';
    if (!fonster) {
      row.classList.add('loading');
      row.removeAttribute('id');
      row.removeAttribute('title');
      row.removeAttribute('aria-selected');
      delete row.dataset.id;
      delete row.dataset.stamp;
      row.draggable = false;
      name.textContent = 'Loading…';
      sub.textContent = '';
      thumb.alt = '';
      return row;
    }
    row.id = rowId(fonster);
    row.dataset.id = fonster.id;
    row.draggable = true;
    row.setAttribute('aria-selected', String(fonster.id === selectedId));
    name.textContent = fonster.displayName + (fonster.birthday ? ' 🎂' : '');
    sub.textContent = fonster.name.trim() ? fonster.seed.replace(/\s+/g, ' ').slice(0, 60) || '(empty seed)' : fonster.engine;
    row.title = `${fonster.displayName} — drawn by ${fonster.engine}`;
    const alike = deps.lookalike && deps.lookalike(fonster);
    if (alike) {
      row.classList.add('lookalike');
      sub.textContent = alike.text;
      row.title += `. ${alike.text}`;
    }
    thumb.alt = `${fonster.displayName}`;
    waitingThumbs.set(row, () => thumbnails.get(fonster).then((p) => {
      if (row.fonstersToken !== token) return; // the row shows another Fonster by now
      thumb.src = p.src;
      thumb.style.background = skyGradient(p.sky);
      thumb.alt = p.alt || `The creature of ${fonster.displayName}`;
    }, () => { if (row.fonstersToken === token) thumb.alt = `${fonster.displayName} (picture unavailable)`; }));
    return row;
  }

  /** Rows waiting for their thumbnail, asked for once scrolling pauses (rows flown past ask for nothing). */
  const waitingThumbs = new Map();
  let thumbTimer = 0;
  let lastScroll = 0;
  function requestThumbnails() {
    clearTimeout(thumbTimer);
    const run = () => {
      for (const [row, load] of waitingThumbs) if (row.isConnected) load();
      waitingThumbs.clear();
    };
    if (performance.now() - lastScroll > 120) run();
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
      release(row);
    }
    for (let i = first; i <= last; i++) {
      const fonster = model.at(i);
      if (!fonster) missing.push(i);
      const old = shown.get(i);
      const same = old && (fonster ? old.dataset.id === fonster.id && old.dataset.stamp === stamp(fonster) : !old.dataset.id);
      if (same) {
        old.setAttribute('aria-selected', String(!!fonster && fonster.id === selectedId));
        old.classList.toggle('active', i === activeIndex);
        old.setAttribute('aria-setsize', String(total));
        next.set(i, old);
        shown.delete(i);
        continue;
      }
      if (old) { shown.delete(i); release(old); }
      const row = makeRow(i, fonster);
      if (fonster) row.dataset.stamp = stamp(fonster);
      row.classList.toggle('active', i === activeIndex);
      if (!row.isConnected) spacer.appendChild(row);
      next.set(i, row);
    }
    for (const row of shown.values()) release(row); // rows in range that now show something else
    shown = next;
    if (waitingThumbs.size) requestThumbnails();
    const active = activeIndex >= 0 ? model.at(activeIndex) : null;
    if (active && shown.has(activeIndex)) viewport.setAttribute('aria-activedescendant', rowId(active));
    else viewport.removeAttribute('aria-activedescendant');
    if (missing.length) model.ensure(missing[0], missing[missing.length - 1]).then(schedule, () => {});
  }

  /** Take a row out of the list, keeping it for reuse. */
  function release(row) {
    waitingThumbs.delete(row);
    row.fonstersToken = null;
    row.remove();
    if (pool.length < 64) pool.push(row);
  }

  const stamp = (f) => `${f.displayName}\u0000${f.seed}\u0000${f.engine}\u0000${f.birthday}\u0000${f.name}\u0000${(deps.lookalike && deps.lookalike(f) || {}).text || ''}`;

  function scrollIntoView(index) {
    const top = index * ROW_HEIGHT;
    if (top < viewport.scrollTop) viewport.scrollTop = top;
    else if (top + ROW_HEIGHT > viewport.scrollTop + viewport.clientHeight) viewport.scrollTop = top + ROW_HEIGHT - viewport.clientHeight;
  }

  /** Make row `index` active and selected (opening its detail). */
  async function activate(index, { open = true } = {}) {
    if (model.total === 0) return;
    index = Math.max(0, Math.min(model.total - 1, index));
    activeIndex = index;
    scrollIntoView(index);
    await model.ensure(index, index);
    const fonster = model.at(index);
    if (fonster && open) {
      selectedId = fonster.id;
      deps.onSelect(fonster);
    }
    render();
  }

  viewport.addEventListener('scroll', () => { lastScroll = performance.now(); schedule(); }, { passive: true });
  window.addEventListener('resize', schedule);
  viewport.addEventListener('click', (e) => {
    const row = e.target.closest('.row');
    if (row && row.dataset.id) activate(Number(row.dataset.index));
  });
  viewport.addEventListener('focus', () => {
    if (activeIndex < 0 && model.total > 0) {
      const i = selectedId ? model.indexOf(selectedId) : -1;
      activeIndex = i >= 0 ? i : 0;
      render();
    }
  });
  viewport.addEventListener('keydown', (e) => {
    const page = Math.max(1, Math.floor(viewport.clientHeight / ROW_HEIGHT) - 1);
    const current = model.at(activeIndex);
    const moveTo = (to) => {
      if (!current || to < 0 || to >= model.total || to === activeIndex) return;
      deps.onMove(current, to);
      activeIndex = to;
      scrollIntoView(to);
    };
    switch (e.key) {
      case 'ArrowDown': e.preventDefault(); if (e.altKey) moveTo(activeIndex + 1); else activate(activeIndex + 1); break;
      case 'ArrowUp': e.preventDefault(); if (e.altKey) moveTo(activeIndex - 1); else activate(activeIndex - 1); break;
      case 'PageDown': e.preventDefault(); activate(activeIndex + page); break;
      case 'PageUp': e.preventDefault(); activate(activeIndex - page); break;
      case 'Home': e.preventDefault(); if (e.altKey) moveTo(0); else activate(0); break;
      case 'End': e.preventDefault(); if (e.altKey) moveTo(model.total - 1); else activate(model.total - 1); break;
      case 'Enter': case ' ': e.preventDefault(); if (current) { selectedId = current.id; deps.onSelect(current, { focus: true }); render(); } break;
      case 'Delete': case 'Backspace': if (current) { e.preventDefault(); deps.onDelete(current); } break;
      case 'F2': if (current) { e.preventDefault(); deps.onRename(current); } break;
      default: break;
    }
  });

  // Drag to reorder: a line shows where the row will land.
  const indexAt = (clientY) => {
    const rect = viewport.getBoundingClientRect();
    const y = clientY - rect.top + viewport.scrollTop;
    return Math.max(0, Math.min(model.total, Math.round(y / ROW_HEIGHT)));
  };
  viewport.addEventListener('dragstart', (e) => {
    const row = e.target.closest('.row');
    if (!row || !row.dataset.id) return;
    dragId = row.dataset.id;
    row.classList.add('dragging');
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', dragId);
  });
  viewport.addEventListener('dragover', (e) => {
    if (!dragId) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const slot = indexAt(e.clientY);
    dropLine.hidden = false;
    dropLine.style.transform = `translateY(${slot * ROW_HEIGHT - 1}px)`;
  });
  viewport.addEventListener('dragleave', (e) => { if (!viewport.contains(e.relatedTarget)) dropLine.hidden = true; });
  viewport.addEventListener('dragend', () => {
    dragId = null;
    dropLine.hidden = true;
    for (const row of spacer.querySelectorAll('.dragging')) row.classList.remove('dragging');
  });
  viewport.addEventListener('drop', (e) => {
    if (!dragId) return;
    e.preventDefault();
    const from = model.indexOf(dragId);
    const slot = indexAt(e.clientY);
    const to = slot > from ? slot - 1 : slot; // the slot counts the dragged row itself
    const fonster = model.at(from);
    dropLine.hidden = true;
    if (fonster && to !== from) {
      activeIndex = to;
      deps.onMove(fonster, Math.max(0, Math.min(model.total - 1, to)));
    }
  });

  return {
    render: schedule,
    renderNow: render,
    /** Select a Fonster by id (after create, import, undo) without re-opening it. */
    async select(id, { open = false } = {}) {
      selectedId = id;
      let i = model.indexOf(id);
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
    /** Rows currently in the DOM (for tests and metrics). */
    get renderedRows() { return shown.size; },
  };
}
