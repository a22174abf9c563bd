// What the detail service's parts share: the checked server call, the mode (a library Fonster or
// a free seed), the state (seed, Fonster, closed), the way to the view, and what the view draws.

import { checkCall } from '../protocol.mjs';
import { createPictures } from './pictures.mjs';
import { createLookalikeNames } from './lookalike-names.mjs';

/**
 * @typedef {object} ServiceContext
 * @property {any} deps createDetailService's deps (detail-service.mjs lists them)
 * @property {(method: string, params?: any, opts?: { signal?: AbortSignal }) => Promise<any>} call
 *   a server call, checked against the server's declarations first
 * @property {'fonster' | 'preview'} mode a library Fonster, or a free seed
 * @property {string | undefined} id the Fonster's id (fonster mode)
 * @property {{ seed: string, fonster: any, closed: boolean }} state
 * @property {(m: import('../detail/messages.js').ToView) => any} send to the view (nothing once closed)
 * @property {() => (string | undefined)} engine the engine that draws (undefined: the server's default)
 * @property {() => ({ engine: string } | {})} engineParam `{engine}` for a free seed, or nothing (the server's default)
 * @property {() => any} target what is drawn: `{id}`, or `{seed, engine?}`
 * @property {ReturnType<typeof createPictures>} pictures
 * @property {ReturnType<typeof createLookalikeNames>} lookalikes
 */

/**
 * The context of a service for `deps` (its target, call and send).
 * @returns {ServiceContext}
 */
export function createContext(deps) {
  // Every call is checked against the server's declarations (protocol.mjs, generated from openrpc.json).
  const call = (method, params, opts) => { checkCall(method, params); return deps.call(method, params, opts); };
  const mode = 'id' in deps.target ? 'fonster' : 'preview';
  const id = mode === 'fonster' ? deps.target.id : undefined;
  const state = { seed: mode === 'preview' ? deps.target.seed : '', fonster: null, closed: false };
  const send = (m) => (state.closed ? false : deps.send(m));
  const engine = () => (mode === 'fonster' ? state.fonster && state.fonster.engine : deps.previewEngine());
  const engineParam = () => { const e = engine(); return e ? { engine: e } : {}; };
  const target = () => (mode === 'fonster' ? { id } : { seed: state.seed, ...engineParam() });
  const pictures = createPictures(call, deps);
  const lookalikes = createLookalikeNames(call, deps);
  return { deps, call, mode, id, state, send, engine, engineParam, target, pictures, lookalikes };
}
