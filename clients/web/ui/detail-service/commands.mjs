// What each message of the detail view does (detail/messages.js's ToHost): the server calls it
// makes and what is sent back. Fonster edits go to the server and its answer is shown; a free
// seed's new text is drawn; exporting, sharing, saving and Find a look are the host's (deps).

import { ERROR_CODES } from '../protocol.mjs';
import { exportOptions } from './export-options.mjs';

/**
 * The commands, by message type, and the seed's commit (also the host's: a preview's next text).
 * @param {import('./context.mjs').ServiceContext} ctx
 * @param {{ show(f: any): Promise<void>, sendInit(): Promise<void>, typing: ReturnType<typeof import('./typing.mjs').createTyping>,
 *   animations: ReturnType<typeof import('./animations.mjs').createAnimations> }} parts the service's other parts
 * @returns {{ commands: { [type: string]: (m: any) => any }, commitSeed(text: string): Promise<void> }}
 */
export function createCommands(ctx, { show, sendInit, typing, animations }) {
  const { deps, call, mode, id, state, send, pictures, target, engine } = ctx;

  /** One undoable edit (a Fonster), or the new seed of a free preview. */
  async function commitSeed(text) {
    if (mode === 'preview') {
      state.seed = text;
      const [img, env] = await Promise.all([pictures.image(target()), pictures.environment(target())]);
      await send({ type: 'image', seed: text, image: img, environment: env });
      return;
    }
    if (state.fonster && state.fonster.seed === text) return;
    try {
      await show(await call('fonsters/update', { id, seed: text }));
    } catch (error) {
      if (error && error.code === ERROR_CODES.seedTooLong) { await send({ type: 'seedError', message: deps.describe(error) }); return; }
      throw error;
    }
  }

  /** A random text's answer: the Fonster, and a note when the offline text stood in. */
  async function showRandom(result) {
    const { usedFallback, ...f } = result;
    await show(f);
    if (usedFallback) await send({ type: 'status', message: 'The random-text service was unreachable; used offline text instead.' });
  }

  /** A Fonster edit (only for a library Fonster): the server's answer is shown. */
  const edit = (method, params) => (id ? call(method, { id, ...params }).then(show) : undefined);

  const commands = {
    ready: () => sendInit(),
    typing: (m) => typing.preview(String(m.seed), m.seq),
    commitSeed: (m) => commitSeed(String(m.seed)),
    setEngine: (m) => (state.fonster && state.fonster.engine === m.engine ? undefined : edit('fonsters/update', { engine: String(m.engine) })),
    rename: (m) => edit('fonsters/update', { name: String(m.name) }),
    undo: () => edit('fonsters/undo', {}),
    redo: () => edit('fonsters/redo', {}),
    random: (m) => (id ? call('fonsters/random', { id, source: m.source, mode: m.mode === 'prepend' ? 'prepend' : 'replace' }).then(showRandom) : undefined),
    refresh: () => (id ? call('fonsters/refresh', { id }).then(showRandom) : undefined),
    frames: (m) => animations.frames(m),
    stopFrames: () => animations.cancelFrames(),
    useFrame: (m) => edit('fonsters/useFrame', { frame: Number(m.frame) }),
    tap: (m) => animations.tap(m),
    export: (m) => deps.exportCreature(target(), String(m.format), exportOptions(m)),
    share: (m) => deps.share(id ? { ids: [id] } : { seeds: [typeof m.seed === 'string' ? m.seed : state.seed] }),
    saveAsFonster: (m) => deps.saveAsFonster(typeof m.seed === 'string' ? m.seed : state.seed, engine()),
    // The look-alike warning's offers: this seed (typed or kept) drawn by another engine, in one
    // edit; Find a look on this seed.
    drawWith: (m) => edit('fonsters/update', { seed: String(m.seed), engine: String(m.engine) }),
    findVariant: (m) => (deps.findVariant ? deps.findVariant(String(m.seed), state.fonster) : undefined),
  };
  return { commands, commitSeed };
}
