// Thumbnails for the library list, asked for as rows scroll into view
// (creature/render of the row's seed and engine) and cached: by seed and engine
// for the lookup, by the server's etag for the picture, so rows that draw the
// same image share one blob URL. The cache is bounded (least recently used out).

export const THUMB_SIZE = 64;

/**
 * @param {(method: string, params?: any) => Promise<any>} call
 * @param {{ limit?: number, toUrl?: (dataUri: string) => string, revoke?: (url: string) => void }} [options]
 */
export function createThumbnailCache(call, options = {}) {
  const limit = options.limit || 2000;
  const toUrl = options.toUrl || ((dataUri) => dataUri);
  const revoke = options.revoke || (() => {});
  /** @type {Map<string, Promise<{ etag: string, src: string, alt: string }>>} key → picture */
  const byKey = new Map();
  /** @type {Map<string, { src: string, users: number }>} etag → shared URL */
  const byEtag = new Map();
  let requests = 0;

  function release(entry) {
    entry.then((p) => {
      const shared = byEtag.get(p.etag);
      if (shared && --shared.users <= 0) {
        byEtag.delete(p.etag);
        revoke(shared.src);
      }
    }, () => {});
  }

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
    const entry = call('creature/render', { seed: fonster.seed, engine: fonster.engine, format: 'png', size: THUMB_SIZE }).then((r) => {
      let shared = byEtag.get(r.etag);
      if (!shared) {
        shared = { src: toUrl(r.dataUri), users: 0 };
        byEtag.set(r.etag, shared);
      }
      shared.users++;
      return { etag: r.etag, src: shared.src, alt: r.alt };
    });
    entry.catch(() => byKey.delete(key));
    byKey.set(key, entry);
    while (byKey.size > limit) {
      const [oldKey, oldEntry] = byKey.entries().next().value;
      byKey.delete(oldKey);
      release(oldEntry);
    }
    return entry;
  }

  return { get, get size() { return byKey.size; }, get requests() { return requests; }, get images() { return byEtag.size; } };
}

/** A data URI's bytes as a blob URL (CSP allows blob: images; it keeps the DOM small). */
export function dataUriToBlobUrl(dataUri) {
  return URL.createObjectURL(dataUriToBlob(dataUri));
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
