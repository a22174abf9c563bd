// Thumbnails for the library list, asked for as rows scroll into view: creature/render of the
// row's seed and engine, 64 px, on its sky (a still picture stands on its sky gradient, ENGINE.md
// §8.1, so dark creatures stay visible), kept as the server's data URI (the page decodes it
// itself; a blob URL would cost a round trip through the browser's other processes for each
// picture, which made a long list slow to show) and cached by seed and engine, least recently used out past the bound.

export const THUMB_SIZE = 64;

/**
 * @param {(method: string, params?: any) => Promise<any>} call
 * @param {{ limit?: number }} [options]
 */
export function createThumbnailCache(call, options = {}) {
  const limit = options.limit || 2000;
  /** @type {Map<string, Promise<{ etag: string, src: string, alt: string }>>} key → picture */
  const byKey = new Map();
  let requests = 0;

  /** The picture for a Fonster's seed and engine: `{etag, src, alt}`. */
  function get(fonster) {
    const key = `${fonster.engine}\u0000${fonster.seed}`;
    const hit = byKey.get(key);
    if (hit) {
      byKey.delete(key);
      byKey.set(key, hit);
      return hit;
    }
    requests++;
    const entry = call('creature/render', { seed: fonster.seed, engine: fonster.engine, format: 'png', size: THUMB_SIZE, background: 'sky' })
      .then((r) => ({ etag: r.etag, src: r.dataUri, alt: r.alt }));
    entry.catch(() => byKey.delete(key));
    byKey.set(key, entry);
    while (byKey.size > limit) byKey.delete(byKey.keys().next().value);
    return entry;
  }

  return { get, get size() { return byKey.size; }, get requests() { return requests; } };
}

/** A data URI (base64 or percent-encoded) as a Blob. */
export function dataUriToBlob(dataUri) {
  const comma = dataUri.indexOf(',');
  const head = dataUri.slice(5, comma);
  const body = dataUri.slice(comma + 1);
  const mime = head.split(';')[0] || 'application/octet-stream';
  if (/;base64$/i.test(head)) {
    const binary = atob(body);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new Blob([bytes], { type: mime });
  }
  return new Blob([decodeURIComponent(body)], { type: mime });
}
