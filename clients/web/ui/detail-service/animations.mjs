// The creature's animations, asked of the server for the detail view: evolution frames a page at
// a time (cancelled by Stop and on close) and a tap's animation samples.

import { DISPLAY_SIZE } from './pictures.mjs';

/** Samples of a tap animation. */
const TAP_SAMPLES = 21;

/**
 * The frames and taps of a service.
 * @param {import('./context.mjs').ServiceContext} ctx
 */
export function createAnimations(ctx) {
  const { deps, call, mode, state, send, target, engineParam } = ctx;
  const frameRequests = new Set();

  /** A page of evolution frames (`start`, `count` at `speed`), answered to `requestId`. */
  async function frames(m) {
    const controller = new AbortController();
    frameRequests.add(controller);
    try {
      const result = await call('creature/frames', {
        ...target(), size: DISPLAY_SIZE, start: Math.max(0, Number(m.start) || 0), count: Math.max(1, Number(m.count) || 1), speed: Number(m.speed) || 0.1,
      }, { signal: controller.signal });
      await send({ type: 'frames', requestId: m.requestId, start: m.start, total: result.total, intervalMs: result.intervalMs, frames: result.frames });
    } catch (error) {
      if (deps.isCancellation(error)) return;
      await send({ type: 'framesFailed', requestId: m.requestId });
      throw error;
    } finally {
      frameRequests.delete(controller);
    }
  }

  /** Cancel the frame pages asked for. */
  function cancelFrames() {
    for (const controller of frameRequests) controller.abort();
    frameRequests.clear();
  }

  /** The tap animation of the kept seed (in preview mode, the seed the view sends). */
  async function tap(m) {
    const text = mode === 'fonster' ? state.seed : (typeof m.seed === 'string' ? m.seed : state.seed);
    try {
      const animation = await call('creature/tapAnimation', {
        seed: text, tap: Math.max(0, Number(m.tap) || 0), viewSize: Math.max(1, Math.round(Number(m.size) || 256)), samples: TAP_SAMPLES, ...engineParam(),
      });
      await send({ type: 'tap', animation });
    } catch (error) {
      await send({ type: 'tap', animation: null });
      throw error;
    }
  }

  return { frames, cancelFrames, tap };
}
