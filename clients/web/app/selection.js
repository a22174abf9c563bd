// Picking several Fonsters at once, as a photo library does: **Select** (or Ctrl/Cmd-click, or
// Shift-click) turns the list into a multi-select list: a click or Space ticks a row, Shift
// ticks the range from the last one ticked, Ctrl/Cmd+A ticks them all; the bar above the list
// counts them and shares them as one link (app/share-selection.js). Done or Escape ends it.

/**
 * @param {object} deps
 * @param {ReturnType<import('./list-model.js').createListModel>} deps.model
 * @param {{ bar: HTMLElement, count: HTMLElement, start: HTMLButtonElement, all: HTMLButtonElement,
 *   share: HTMLButtonElement, done: HTMLButtonElement, list: HTMLElement }} deps.el
 * @param {() => void} deps.changed the rows must be drawn again
 * @param {(ids: string[]) => void} deps.onShare
 */
export function createSelection(deps) {
  const { model, el } = deps;
  /** Ticked ids, upper-cased, in the order they were ticked. */
  const picked = new Map();
  let active = false;
  let anchor = -1;

  const key = (id) => String(id).toUpperCase();

  function update(redraw = true) {
    el.bar.hidden = !active;
    el.start.hidden = active;
    el.list.setAttribute('aria-multiselectable', String(active));
    const n = picked.size;
    el.count.textContent = n ? `${n} selected` : 'Select Fonsters to share';
    el.share.disabled = n === 0;
    el.share.textContent = n ? `Share ${n}…` : 'Share…';
    if (redraw) deps.changed();
  }

  function begin() {
    if (active) return;
    active = true;
    update();
  }

  function end() {
    active = false;
    picked.clear();
    anchor = -1;
    update();
  }

  /** Tick or untick the row at `index` (`on` undefined: the other way). */
  function toggle(index, on) {
    const f = model.at(index);
    if (!f) return;
    begin();
    const want = on === undefined ? !picked.has(key(f.id)) : on;
    if (want) picked.set(key(f.id), f.id); else picked.delete(key(f.id));
    anchor = index;
    update();
  }

  /** Tick every row from the last ticked one to `index`. */
  async function range(index) {
    begin();
    const from = anchor < 0 ? index : anchor;
    const [a, b] = from < index ? [from, index] : [index, from];
    await model.ensure(a, b);
    for (let i = a; i <= b; i++) { const f = model.at(i); if (f) picked.set(key(f.id), f.id); }
    anchor = index;
    update();
  }

  async function all() {
    begin();
    if (model.total) await model.ensure(0, model.total - 1);
    for (let i = 0; i < model.total; i++) { const f = model.at(i); if (f) picked.set(key(f.id), f.id); }
    update();
  }

  el.start.addEventListener('click', () => { begin(); el.list.focus(); });
  el.all.addEventListener('click', all);
  el.done.addEventListener('click', () => { end(); el.list.focus(); });
  el.share.addEventListener('click', () => deps.onShare([...picked.values()]));
  update(false);

  return {
    get active() { return active; },
    /** Whether a Fonster is ticked. */
    has: (id) => picked.has(key(id)),
    /** The ticked ids, in the order they were ticked. */
    get ids() { return [...picked.values()]; },
    toggle,
    range,
    all,
    end,
    /** Forget ids no longer in the library (after a reload). */
    prune() {
      let gone = false;
      for (const k of [...picked.keys()]) if (model.indexOf(k) < 0 && model.total <= countLoaded()) { picked.delete(k); gone = true; }
      if (gone) update();
    },
  };

  function countLoaded() {
    let n = 0;
    for (let i = 0; i < model.total; i++) if (model.at(i)) n++;
    return n;
  }
}
