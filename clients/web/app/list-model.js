// The library's order and rows, as much as has been loaded. With a server that
// pages `fonsters/list` (`start`, `count` → `total`), rows are fetched a page at
// a time as they scroll into view; with one that does not, one call brings
// them all.

export const PAGE_SIZE = 200;

/**
 * @param {(method: string, params?: any) => Promise<any>} call
 * @param {{ pageSize?: number }} [options]
 */
export function createListModel(call, options = {}) {
  const pageSize = options.pageSize || PAGE_SIZE;
  /** @type {(any | undefined)[]} */
  let rows = [];
  let total = 0;
  let paged = false;
  let generation = 0;
  /** @type {Map<number, Promise<void>>} */
  const loading = new Map();

  let latest = null;

  /**
   * Fetch the first page (or everything); learns whether the server pages.
   * Loads may overlap (a notification and an action both reload): each one
   * resolves once the newest has been stored, so what follows sees fresh rows.
   */
  async function load() {
    let mine = fetchFirst(++generation);
    latest = mine;
    for (;;) {
      try {
        await mine;
      } catch (error) {
        if (mine === latest) throw error;
      }
      if (mine === latest) return;
      mine = latest;
    }
  }

  async function fetchFirst(gen) {
    loading.clear();
    let result;
    try {
      result = await call('fonsters/list', { start: 0, count: pageSize });
    } catch (error) {
      // A server without paging refuses the unknown params: ask for the whole list.
      if (!error || error.code !== -32602) throw error;
      result = await call('fonsters/list', {});
    }
    if (gen !== generation) return;
    if (typeof result.total === 'number') {
      paged = true;
      total = result.total;
      rows = new Array(total);
      result.fonsters.forEach((f, i) => { rows[i] = f; });
    } else {
      paged = false;
      rows = result.fonsters.slice();
      total = rows.length;
    }
  }

  /** Make sure rows `from…to` (inclusive) are loaded or on their way. */
  function ensure(from, to) {
    if (!paged) return Promise.resolve();
    const waits = [];
    const last = Math.min(to, total - 1);
    for (let page = Math.floor(Math.max(0, from) / pageSize); page * pageSize <= last; page++) {
      const start = page * pageSize;
      if (rows[start] !== undefined && rows[Math.min(start + pageSize, total) - 1] !== undefined) continue;
      if (!loading.has(page)) {
        const gen = generation;
        const p = call('fonsters/list', { start, count: pageSize }).then((result) => {
          if (gen !== generation) return;
          if (typeof result.total === 'number' && result.total !== total) {
            total = result.total;
            rows.length = total;
          }
          result.fonsters.forEach((f, i) => { if (start + i < total) rows[start + i] = f; });
        }).finally(() => loading.delete(page));
        loading.set(page, p);
      }
      waits.push(loading.get(page));
    }
    return Promise.all(waits).then(() => {});
  }

  return {
    load,
    ensure,
    get total() { return total; },
    get paged() { return paged; },
    /** The row at `index`, or undefined while its page is not loaded. */
    at(index) { return rows[index]; },
    /** The loaded index of a Fonster, or -1. */
    indexOf(id) {
      const want = String(id).toUpperCase();
      return rows.findIndex((f) => f && f.id.toUpperCase() === want);
    },
    /** Replace a loaded row in place (after fonsters/get of a changed Fonster). */
    patch(fonster) {
      const i = this.indexOf(fonster.id);
      if (i >= 0) rows[i] = { ...rows[i], ...fonster };
      return i;
    },
  };
}
