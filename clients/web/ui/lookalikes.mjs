// What the fronts say about look-alikes (`sameAs`/`nearlyAs` of fonsters/create, fonsters/update
// and the imports; the groups of fonsters/lookalikes), in one wording for both hosts.

/** How many cells nearly-alike pictures may differ in (fonsters/lookalikes `nearlyMaxCells`). */
export const NEARLY_MAX_CELLS = 8;

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
  if (nearly) parts.push(`Looks nearly like ${nameList(found.nearlyAs, nearly)} (at most ${NEARLY_MAX_CELLS} of the 1,024 cells differ).`);
  return parts.length ? parts.join(' ') : 'No other Fonster of the library looks like it.';
}

/**
 * What an import's review says of the look-alikes of what it added: “pip” looks exactly like
 * “Bob”. Empty when nothing it added looks like another Fonster.
 * @param {{ id: string, displayName: string, sameAs?: string[], nearlyAs?: string[] }[]} created
 * @param {(id: string) => (string | undefined)} nameOf the name of a Fonster of the library
 */
export function importLookalikes(created, nameOf) {
  const notes = [];
  for (const f of created) {
    const names = (ids) => (ids || []).map(nameOf).filter(Boolean).slice(0, 3);
    const same = f.sameAs || [];
    const nearly = f.nearlyAs || [];
    if (same.length) notes.push(`“${f.displayName}” looks exactly like ${nameList(names(same), same.length)}.`);
    else if (nearly.length) notes.push(`“${f.displayName}” looks nearly like ${nameList(names(nearly), nearly.length)}.`);
  }
  if (notes.length > 3) return `${notes.slice(0, 3).join(' ')} ${notes.length - 3} more look like Fonsters of the library.`;
  return notes.join(' ');
}

/**
 * Per Fonster id, the others it looks exactly or nearly like, from fonsters/lookalikes.
 * @param {{ exact: string[][], near: string[][] }} groups
 * @returns {Map<string, { sameAs: string[], nearlyAs: string[] }>} ids upper-cased
 */
export function lookalikeIndex(groups) {
  const index = new Map();
  const entry = (id) => { const key = id.toUpperCase(); if (!index.has(key)) index.set(key, { sameAs: [], nearlyAs: [] }); return index.get(key); };
  for (const group of groups.exact || []) for (const id of group) entry(id).sameAs.push(...group.filter((o) => o !== id));
  for (const group of groups.near || []) {
    for (const id of group) {
      const e = entry(id);
      e.nearlyAs.push(...group.filter((o) => o !== id && !e.sameAs.includes(o)));
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
