// Thumbnails for the library list, asked for as rows scroll into view
// (creature/render of the row's seed and engine, and its sky from
// creature/environment: a still picture stands on its sky gradient, ENGINE.md
// §8.1, so dark creatures stay visible) and cached: by seed and engine
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

  /** The picture for a Fonster's seed and engine: `{etag, src, alt, sky}` (sky: three white levels). */
  function get(fonster) {
    const key = `${fonster.engine}\u0000${fonster.seed}`;
    const hit = byKey.get(key);
    if (hit) {
      byKey.delete(key);
      byKey.set(key, hit);
      return hit;
    }
    requests++;
    const target = { seed: fonster.seed, engine: fonster.engine };
    const entry = Promise.all([
      call('creature/render', { ...target, format: 'png', size: THUMB_SIZE }),
      call('creature/environment', target),
    ]).then(([r, env]) => {
      let shared = byEtag.get(r.etag);
      if (!shared) {
        shared = { src: toUrl(r.dataUri), users: 0 };
        byEtag.set(r.etag, shared);
      }
      shared.users++;
      return { etag: r.etag, src: shared.src, alt: r.alt, sky: [env.sky.top, env.sky.middle, env.sky.bottom] };
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
