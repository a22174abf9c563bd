// What the detail view draws, asked of the server: the creature at the view's size, its scene,
// and the seed drawn by each engine for picking one.

/** The creature's size in the detail view: 16 device pixels per cell (CSS keeps it crisp). */
export const DISPLAY_SIZE = 512;
/** Each engine's creature beside the others, for picking one. */
export const CHOICE_SIZE = 128;
/** The picture fields the view uses from creature/render. */
export const pickImage = (r) => ({ dataUri: r.dataUri, alt: r.alt, width: r.width, height: r.height });

/**
 * What the view draws: the creature, its scene, and the seed drawn by each engine.
 * @param {(method: string, params?: any, opts?: any) => Promise<any>} call
 * @param {{ engines: () => string[], isCancellation: (error: any) => boolean }} deps
 */
export function createPictures(call, deps) {
  return {
    /** The creature of `what` ({id} or {seed, engine?}) at the view's size. */
    image: (what, opts) => call('creature/render', { ...what, format: 'png', size: DISPLAY_SIZE }, opts).then(pickImage),
    /** The scene behind the creature (undefined when the server cannot say). */
    environment: (what, opts) => call('creature/environment', what, opts).catch((error) => {
      if (deps.isCancellation(error)) throw error;
      return undefined;
    }),
    /** `seed` drawn by every engine, side by side for picking one (no choices with one engine). */
    async engines(seed, current, opts) {
      const all = deps.engines();
      const choices = all.length < 2 ? [] : await Promise.all(all.map(async (e) => ({
        engine: e,
        image: pickImage(await call('creature/render', { seed, engine: e, format: 'png', size: CHOICE_SIZE }, opts)),
      })));
      return { current, choices };
    },
  };
}
