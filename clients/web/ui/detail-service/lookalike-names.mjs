// What the detail view says of a picture's look-alikes: each other Fonster named once, and
// what it offers (to draw the seed with fonsters-v2, to find a distinct variant).

import { lookalikeSentence } from '../lookalikes.mjs';

/** The engine a look-alike warning offers to draw with instead (it keeps its promise of distinct pictures). */
export const DISTINCT_ENGINE = 'fonsters-v2';

/**
 * The look-alikes in the library of `seed` drawn by `engine`, `except` (the open Fonster) left out.
 * @param {(method: string, params?: any, opts?: any) => Promise<any>} call
 * @param {{ seed: string, engine: string, except?: string }} what
 * @returns {Promise<{ engine: string, sameAs: string[], sameCount: number, nearlyAs: string[], nearlyCount: number }>}
 */
export const lookalikesOf = (call, what, opts) =>
  call('fonsters/lookalikesOf', { seed: what.seed, engine: what.engine, ...(what.except ? { except: what.except } : {}) }, opts);

/** A Fonster's picture: its engine and seed. */
export const pictureKey = (f) => `${f.engine}\u0000${f.seed}`;

/**
 * What the view says of a picture's look-alikes (`sameAs`/`nearlyAs` ids and counts, from an edit's
 * answer, fonsters/get or fonsters/lookalikesOf): each other Fonster named once (at most 5 of each
 * kind, a name two Fonsters share said once), and what it offers — to draw the seed with
 * fonsters-v2 when that picture has fewer look-alikes, and to find a distinct variant.
 * @param {(method: string, params?: any, opts?: any) => Promise<any>} call
 * @param {{ engines: () => string[] }} deps
 */
export function createLookalikeNames(call, deps) {
  /** @type {any} */
  let found = null;
  /** Whether `engine` draws `seed` with fewer look-alikes than `counts` (exact ones first). */
  async function fewerWith(engine, seed, except, counts, opts) {
    if (!deps.engines().includes(engine)) return false;
    try {
      const other = await lookalikesOf(call, { seed, engine, except }, opts);
      return other.sameCount < counts.sameCount || (other.sameCount === counts.sameCount && other.nearlyCount < counts.nearlyCount);
    } catch (error) {
      if (opts && opts.signal && opts.signal.aborted) throw error;
      return false;
    }
  }
  /**
   * The view's Lookalikes for `f` ({sameAs, nearlyAs, counts} ids) drawn from `seed` by `engine`.
   * @param {any} f @param {string} seed @param {string} engine @param {string} [except] the open Fonster
   */
  async function describe(f, seed, engine, except, opts) {
    const skip = new Set(except ? [except.toUpperCase()] : []);
    const named = async (ids) => {
      const wanted = ids.filter((other) => !skip.has(other.toUpperCase())).slice(0, 5);
      for (const other of wanted) skip.add(other.toUpperCase());
      return (await Promise.all(wanted.map((other) =>
        call('fonsters/get', { id: other }, opts).then((g) => ({ id: g.id, name: g.displayName }), () => null)))).filter(Boolean);
    };
    const same = await named(f.sameAs);
    const nearly = await named(f.nearlyAs);
    const counts = { sameCount: f.sameCount ?? f.sameAs.length, nearlyCount: f.nearlyCount ?? f.nearlyAs.length };
    const unique = (list) => [...new Set(list.map((x) => x.name))];
    const text = lookalikeSentence({ ...counts, sameAs: unique(same), nearlyAs: unique(nearly).filter((n) => !unique(same).includes(n)) });
    const any = counts.sameCount + counts.nearlyCount > 0;
    const drawWith = any && engine !== DISTINCT_ENGINE && await fewerWith(DISTINCT_ENGINE, seed, except, counts, opts) ? DISTINCT_ENGINE : undefined;
    return { text, sameAs: same, nearlyAs: nearly, ...counts, seed, ...(drawWith ? { drawWith } : {}), findVariant: any };
  }
  return {
    describe,
    /** Name an answer's look-alikes; kept unless the answer of a later request (`seq`) was kept already. */
    async name(f, seq) {
      if (!Array.isArray(f.sameAs) || !Array.isArray(f.nearlyAs)) return;
      const described = await describe(f, f.seed, f.engine, f.id);
      if (found && found.seq > seq) return;
      found = { key: pictureKey(f), seq, ...described };
    },
    /** What the view shows of the look-alikes: those found for this picture, else nothing known. */
    of(f) {
      if (!found || found.key !== pictureKey(f)) return null;
      const { key, seq, ...rest } = found;
      return rest;
    },
  };
}
