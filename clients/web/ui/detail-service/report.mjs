// How the detail service reports an error: "nothing to undo" is a plain note, a deleted Fonster
// closes the view, a cancellation is said nowhere, the rest is shown (and handed to the host).

import { ERROR_CODES } from '../protocol.mjs';

/**
 * The service's error report.
 * @param {import('./context.mjs').ServiceContext} ctx
 * @returns {(error: any) => void}
 */
export function createReport({ deps, mode, state, send }) {
  /** An error: "nothing to undo" is a plain note, a deleted Fonster closes the view, the rest is shown. */
  return function report(error) {
    if (state.closed || deps.isCancellation(error)) return;
    const code = error && error.code;
    if (code === ERROR_CODES.nothingToUndo || code === ERROR_CODES.nothingToRedo) { send({ type: 'status', message: deps.describe(error) }); return; }
    if (code === ERROR_CODES.notFound && mode === 'fonster') { if (deps.onGone) deps.onGone(); return; }
    send({ type: 'status', message: deps.describe(error), error: true });
    if (deps.onError) deps.onError(error);
  };
}
