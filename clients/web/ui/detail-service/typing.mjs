// The live creature while the person types a seed: each keystroke's picture, scene and (for a
// Fonster) each engine's picture, then what the typed text looks like in the library. The newest
// keystroke cancels the previous one's calls.

import { lookalikesOf } from './lookalike-names.mjs';

/**
 * The typing previews of a service.
 * @param {import('./context.mjs').ServiceContext} ctx
 */
export function createTyping(ctx) {
  const { deps, call, mode, id, state, send, pictures, lookalikes, engineParam } = ctx;
  /** @type {AbortController | null} the preview of the newest keystroke */
  let typing = null;

  /** Live creature while typing: the newest keystroke cancels the previous render. */
  async function preview(text, seq) {
    if (typing) typing.abort();
    const controller = new AbortController();
    typing = controller;
    try {
      const what = { seed: text, ...engineParam() };
      const opts = { signal: controller.signal };
      // A Fonster's engine choices follow the typed text too (each engine's picture of it).
      const choices = mode === 'fonster' && state.fonster ? pictures.engines(text, state.fonster.engine, opts) : undefined;
      const [result, env, engines] = await Promise.all([pictures.image(what, opts), pictures.environment(what, opts), choices]);
      await send({ type: 'preview', seq, seed: text, image: result, environment: env, engines });
      // Then what the typed text looks like in the library (unless a newer keystroke came meanwhile).
      if (mode === 'fonster' && state.fonster) await typedLookalikes(text, seq, opts);
    } catch (error) {
      if (deps.isCancellation(error)) return;
      await send({ type: 'seedError', seq, message: deps.describe(error) });
    } finally {
      if (typing === controller) typing = null;
    }
  }

  /** The look-alikes of a typed text in the library (the open Fonster left out). */
  async function typedLookalikes(text, seq, opts) {
    if (text === '') { await send({ type: 'lookalikes', seq, seed: text, lookalikes: null }); return; }
    const engineOf = state.fonster.engine;
    let found;
    try {
      found = await lookalikesOf(call, { seed: text, engine: engineOf, except: id }, opts);
    } catch (error) {
      if (deps.isCancellation(error)) return;
      await send({ type: 'lookalikes', seq, seed: text, lookalikes: null }); // not known (a server without fonsters/lookalikesOf)
      return;
    }
    const described = await lookalikes.describe(found, text, found.engine || engineOf, id, opts);
    await send({ type: 'lookalikes', seq, seed: text, lookalikes: described });
  }

  return {
    preview,
    /** Cancel the newest keystroke's calls (the view closed). */
    abort() { if (typing) typing.abort(); },
  };
}
