// What the fronts say about look-alikes (`sameAs`/`nearlyAs` of fonsters/create, fonsters/update
// and the imports; the groups of fonsters/lookalikes), in one wording for both hosts.

/** “Bob”, “Grace” and 3 more. @param {string[]} names @param {number} [count] all there are */
export function nameList(names, count = names.length) {
  const parts = names.map((n) => `“${n}”`);
  if (count > parts.length) parts.push(`${count - parts.length} more`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : (parts[0] || '');
}

/**
 * One sentence for a Fonster's look-alikes.
 * @param {{ sameAs: string[], nearlyAs: string[], sameCount?: number, nearlyCount?: number }} found names, and how many there are
 */
export function lookalikeSentence(found) {
  const same = found.sameCount ?? found.sameAs.length;
  const nearly = found.nearlyCount ?? found.nearlyAs.length;
  const parts = [];
  if (same) parts.push(`Looks exactly like ${nameList(found.sameAs, same)}.`);
  if (nearly) parts.push(`Looks nearly like ${nameList(found.nearlyAs, nearly)} (the same shape, or nearly, whatever the colours).`);
  return parts.length ? parts.join(' ') : 'No other Fonster of the library looks like it.';
}

/**
 * What an import's review says of the look-alikes of what it added: “pip” looks exactly like
 * “Bob”. Empty when nothing it added looks like another Fonster.
 * @param {{ id: string, displayName: string, sameAs?: string[], nearlyAs?: string[], sameCount?: number, nearlyCount?: number }[]} created
 * @param {(id: string) => (string | undefined)} nameOf the name of a Fonster of the library
 */
export function importLookalikes(created, nameOf) {
  const notes = [];
  for (const f of created) {
    const names = (ids) => (ids || []).map(nameOf).filter(Boolean).slice(0, 3);
    const same = f.sameCount ?? (f.sameAs || []).length;
    const nearly = f.nearlyCount ?? (f.nearlyAs || []).length;
    if (same) notes.push(`“${f.displayName}” looks exactly like ${nameList(names(f.sameAs), same)}.`);
    else if (nearly) notes.push(`“${f.displayName}” looks nearly like ${nameList(names(f.nearlyAs), nearly)}.`);
  }
  if (notes.length > 3) return `${notes.slice(0, 3).join(' ')} ${notes.length - 3} more look like Fonsters of the library.`;
  return notes.join(' ');
}

/** The most ids `lookalikeIndex` keeps of each kind per Fonster (the server's answers list as many). */
export const LISTED = 20;

/**
 * Per Fonster id, the others it looks exactly or nearly like, from fonsters/lookalikes: the first
 * `LISTED` of each kind, in library order, and how many there are. Linear in the groups' sizes,
 * however many Fonsters draw one picture.
 * @param {{ exact: string[][], near: string[][] }} groups
 * @returns {Map<string, { sameAs: string[], nearlyAs: string[], sameCount: number, nearlyCount: number }>} ids upper-cased
 */
export function lookalikeIndex(groups) {
  const index = new Map();
  const entry = (id) => {
    const key = id.toUpperCase();
    if (!index.has(key)) index.set(key, { sameAs: [], nearlyAs: [], sameCount: 0, nearlyCount: 0 });
    return index.get(key);
  };
  /** Each id's exact group (ids that draw their own picture have none). */
  const exactOf = new Map();
  for (const group of groups.exact || []) {
    const head = group.slice(0, LISTED + 1);
    for (const id of group) {
      exactOf.set(id, group);
      Object.assign(entry(id), { sameAs: head.filter((o) => o !== id).slice(0, LISTED), sameCount: group.length - 1 });
    }
  }
  for (const group of groups.near || []) {
    /** Per exact group: the first LISTED of this near group that draw another picture. */
    const listed = new Map();
    for (const id of group) {
      const own = exactOf.get(id);
      let nearlyAs = own && listed.get(own);
      if (!nearlyAs) {
        nearlyAs = [];
        for (const other of group) {
          if (other === id || (own && exactOf.get(other) === own)) continue;
          nearlyAs.push(other);
          if (nearlyAs.length === LISTED) break;
        }
        if (own) listed.set(own, nearlyAs);
      }
      Object.assign(entry(id), { nearlyAs, nearlyCount: group.length - (own ? own.length : 1) });
    }
  }
  return index;
}

/**
 * What an import review says of one seed of a share link (`share/preview`'s `sameAs`/`sameCount`,
 * `nearlyAs`/`nearlyCount`): “looks exactly like “Bob””. Empty when it looks like no Fonster.
 * @param {{ sameAs?: string[], sameCount?: number, nearlyAs?: string[], nearlyCount?: number }} item
 * @param {(id: string) => (string | undefined)} nameOf the name of a Fonster of the library
 */
export function reviewLookalike(item, nameOf) {
  const whom = (ids, count) => {
    const names = (ids || []).map(nameOf).filter(Boolean).slice(0, 3);
    return names.length ? nameList(names, count) : `${count} Fonster${count === 1 ? '' : 's'} of your library`;
  };
  const same = item.sameCount ?? (item.sameAs || []).length;
  const nearly = item.nearlyCount ?? (item.nearlyAs || []).length;
  if (same) return `looks exactly like ${whom(item.sameAs, same)}`;
  if (nearly) return `looks nearly like ${whom(item.nearlyAs, nearly)}`;
  return '';
}
