// One row of the library list: the thumbnail (asked for once scrolling pauses), the name, and
// under it the seed, the engine, or what the row looks like. Rows are reused as the list
// scrolls, so a thumbnail that arrives late checks the row still shows its Fonster.

export const ROW_HEIGHT = 60;

/** The row's element id for a Fonster. */
export const rowId = (f) => `row-${f.id}`;

/**
 * Rows, made and reused.
 * @param {object} deps
 * @param {ReturnType<import('../thumbnails.js').createThumbnailCache>} deps.thumbnails
 * @param {(fonster: any) => ({ text: string } | undefined)} [deps.lookalike] what the row says of its look-alikes
 */
export function createRows(deps) {
  /** Rows that left the view, kept for reuse so scrolling creates few elements. */
  const pool = [];
  /** Rows waiting for their thumbnail, asked for once scrolling pauses (rows flown past ask for nothing). */
  const waiting = new Map();

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
    // The name first for a screen reader (the picture's description after it); CSS draws the thumbnail first.
    row.append(text, thumb);
    return row;
  }

  /** What a row shows of a Fonster; a row whose stamp is unchanged needs no redraw. */
  const stamp = (f) => `${f.displayName}\u0000${f.seed}\u0000${f.engine}\u0000${f.birthday}\u0000${f.name}\u0000${(deps.lookalike && deps.lookalike(f) || {}).text || ''}`;

  /**
   * The row at `index` of `total` for `fonster` (undefined: not loaded yet), selected or not.
   * @param {number} index @param {number} total @param {any} fonster @param {boolean} selected
   */
  function make(index, total, fonster, selected) {
    const row = pool.pop() || newRow();
    const [text, thumb] = row.children;
    const [name, sub] = text.children;
    const token = {};
    row.fonstersToken = token;
    row.className = 'row';
    row.setAttribute('aria-posinset', String(index + 1));
    row.setAttribute('aria-setsize', String(total));
    row.style.transform = `translateY(${index * ROW_HEIGHT}px)`;
    row.dataset.index = String(index);
    thumb.removeAttribute('src');
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
    row.dataset.stamp = stamp(fonster);
    row.draggable = true;
    row.setAttribute('aria-selected', String(selected));
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
    waiting.set(row, () => deps.thumbnails.get(fonster).then((p) => {
      if (row.fonstersToken !== token) return; // the row shows another Fonster by now
      thumb.src = p.src;
      thumb.alt = p.alt || `The creature of ${fonster.displayName}`;
    }, () => { if (row.fonstersToken === token) thumb.alt = `${fonster.displayName} (picture unavailable)`; }));
    return row;
  }

  return {
    make,
    /** Whether `row` already shows `fonster` (undefined: a loading row) as it is now. */
    shows: (row, fonster) => (fonster ? row.dataset.id === fonster.id && row.dataset.stamp === stamp(fonster) : !row.dataset.id),
    /** Take a row out of the list, keeping it for reuse. */
    release(row) {
      waiting.delete(row);
      row.fonstersToken = null;
      row.remove();
      if (pool.length < 64) pool.push(row);
    },
    /** Ask for the thumbnails of the rows still in the list. */
    loadThumbnails() {
      for (const [row, load] of waiting) if (row.isConnected) load();
      waiting.clear();
    },
    get waitingThumbnails() { return waiting.size; },
  };
}
