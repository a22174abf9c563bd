// The look-alike marks of the library's rows (“Looks exactly like “Bob””, from
// fonsters/lookalikes, fetched again a moment after changes) and what an import's answer says of
// the look-alikes of what it added.

import { lookalikeIndex, nameList, importLookalikes } from '../ui/lookalikes.mjs';

/**
 * @param {object} deps
 * @param {(method: string, params?: any, opts?: any) => Promise<any>} deps.call
 * @param {(id: string) => (string | undefined)} deps.nameOf the name of a loaded row's Fonster
 * @param {() => void} deps.changed the marks changed (render the rows)
 */
export function createLookalikeMarks(deps) {
  let byId = new Map();
  let timer = 0;
  let running = null;

  return {
    /** Fetch the library's look-alikes again a moment from now (a newer change cancels an older fetch). */
    refresh() {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        if (running) running.abort();
        const controller = new AbortController();
        running = controller;
        try {
          byId = lookalikeIndex(await deps.call('fonsters/lookalikes', {}, { signal: controller.signal }));
          deps.changed();
        } catch { /* cancelled by a newer change, or offline: the marks wait for the next change */ }
        if (running === controller) running = null;
      }, 250);
    },
    /** “Looks exactly like “Bob”” under a row whose picture another Fonster draws too. */
    of(fonster) {
      const found = byId.get(fonster.id.toUpperCase());
      if (!found) return undefined;
      const [kind, ids, count] = found.sameCount ? ['exactly', found.sameAs, found.sameCount]
        : found.nearlyCount ? ['nearly', found.nearlyAs, found.nearlyCount] : [];
      if (!kind) return undefined;
      const names = ids.map(deps.nameOf).filter(Boolean).slice(0, 2);
      return { text: `Looks ${kind} like ${names.length ? nameList(names, count) : `${count} other${count === 1 ? '' : 's'}`}` };
    },
    /** What an import's answer says of the look-alikes of what it added (“pip” looks exactly like “Bob”). */
    async importNotes(created) {
      const ids = [...new Set(created.flatMap((f) => [...(f.sameAs || []), ...(f.nearlyAs || [])]))].slice(0, 30);
      const names = new Map(created.map((f) => [f.id.toUpperCase(), f.displayName]));
      await Promise.all(ids.filter((id) => !names.has(id.toUpperCase()) && !deps.nameOf(id)).map((id) =>
        deps.call('fonsters/get', { id }).then((f) => names.set(id.toUpperCase(), f.displayName), () => {})));
      return importLookalikes(created, (id) => names.get(id.toUpperCase()) || deps.nameOf(id));
    },
  };
}
