// The host's end of the detail view's messages (detail/messages.js), shared by both fronts: the
// web page runs it in the browser over its WebSocket (app/detail-host.js), the VS Code extension
// in its own process over the server's pipes (src/detail/panel.js). It turns the view's messages
// into server calls and sends back what the server answered. What differs between the fronts —
// exporting, sharing, saving, reporting errors — comes in as deps.
// (.mjs: Node loads it as a module in the extension, whatever package.json says.)
//
// Where things are — each part of the service is one file under detail-service/:
//   detail-service/context.mjs          what the parts share: the checked call, mode, state, target
//   detail-service/commands.mjs         what each view message does (the ToHost table)
//   detail-service/shown.mjs            init and each Fonster answered, in order when answers cross
//   detail-service/typing.mjs           the live preview and look-alikes of a typed seed
//   detail-service/animations.mjs       evolution frames and tap animations
//   detail-service/report.mjs           how an error is reported
//   detail-service/pictures.mjs         what the view draws, asked of the server
//   detail-service/lookalike-names.mjs  what is said of a picture's look-alikes
//   detail-service/export-options.mjs   an export's options checked
// This file composes them and is the service's face to its host.

import { DISPLAY_SIZE, CHOICE_SIZE, pickImage } from './detail-service/pictures.mjs';
import { DISTINCT_ENGINE } from './detail-service/lookalike-names.mjs';
import { exportOptions } from './detail-service/export-options.mjs';
import { createContext } from './detail-service/context.mjs';
import { createShown, fieldsOf } from './detail-service/shown.mjs';
import { createTyping } from './detail-service/typing.mjs';
import { createAnimations } from './detail-service/animations.mjs';
import { createReport } from './detail-service/report.mjs';
import { createCommands } from './detail-service/commands.mjs';

export { DISPLAY_SIZE, CHOICE_SIZE, pickImage, DISTINCT_ENGINE, exportOptions };

/**
 * The service of one detail view (a library Fonster's, or a free seed's): `handle` answers the
 * view's messages; `sendInit`, `commitSeed`, `reload` and `close` are the host's.
 * @param {object} deps
 * @param {(method: string, params?: any, opts?: { signal?: AbortSignal }) => Promise<any>} deps.call
 * @param {{ id: string } | { seed: string }} deps.target
 * @param {(message: import('./detail/messages.js').ToView) => any} deps.send to the view
 * @param {() => string[]} deps.sources the server's random-text sources
 * @param {() => string[]} deps.engines the server's engines
 * @param {() => (string | undefined)} deps.previewEngine the engine for a free seed (undefined: the server's default)
 * @param {() => string} deps.defaultEngine the server's default engine (shown for a free seed)
 * @param {(error: any) => boolean} deps.isCancellation
 * @param {(error: any) => string} deps.describe the message to show for an error
 * @param {(target: any, format: string, options: { size?: number, background?: string }) => any} deps.exportCreature
 *   `options`: the size and background the view chose (a host may ignore them)
 * @param {(what: { ids?: string[], seeds?: string[] }) => any} deps.share
 * @param {(seed: string, engine?: string) => any} deps.saveAsFonster
 * @param {(seed: string, fonster: any) => any} [deps.findVariant] open Find a look on this seed (for this Fonster)
 * @param {(fonster: any) => void} [deps.onFonster] a Fonster was shown (titles)
 * @param {() => void} [deps.onGone] the Fonster was deleted
 * @param {(error: any) => void} [deps.onError] an error besides the view's status line
 */
export function createDetailService(deps) {
  const ctx = createContext(deps);
  const { call, mode, id, state } = ctx;
  const { show, sendInit } = createShown(ctx);
  const typing = createTyping(ctx);
  const animations = createAnimations(ctx);
  const report = createReport(ctx);
  const { commands, commitSeed } = createCommands(ctx, { show, sendInit, typing, animations });

  /** Handle one message from the view; errors are reported, never thrown. */
  async function handle(m) {
    if (!m || typeof m.type !== 'string' || state.closed || !Object.prototype.hasOwnProperty.call(commands, m.type)) return;
    try {
      await commands[m.type](m);
    } catch (error) {
      report(error);
    }
  }

  return {
    mode,
    id,
    handle,
    sendInit,
    report,
    /** Commit a new seed from outside (a preview's next text, the clock's next second). */
    commitSeed: (text) => commitSeed(text).catch(report),
    /** The Fonster changed elsewhere (didChange): re-read it and show it if it differs. */
    async reload() {
      if (mode !== 'fonster' || state.closed) return;
      try {
        const answer = await call('fonsters/get', { id, lookalikes: true });
        const f = fieldsOf(answer);
        const before = state.fonster && fieldsOf(state.fonster);
        if (before && JSON.stringify(before) === JSON.stringify(f)) return;
        await show(answer, !before || before.seed !== f.seed || before.engine !== f.engine);
      } catch (error) {
        report(error);
      }
    },
    get fonster() { return state.fonster; },
    get seed() { return state.seed; },
    get target() { return ctx.target(); },
    get engine() { return ctx.engine(); },
    close() {
      state.closed = true;
      typing.abort();
      animations.cancelFrames();
    },
  };
}
