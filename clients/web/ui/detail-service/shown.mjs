// The Fonster the detail view shows: everything it needs at `init`, then each Fonster the server
// answers (`fonster`), in order when answers cross. Answers are numbered as they arrive. The view
// shows the fields of the newest one (`applied`) and the picture of the newest one that drew one
// (`pictured`): an edit's answer draws its picture while a later answer without one (a reload of
// the same seed and engine, prompted by the edit's own didChange) may already be shown; that
// picture still belongs on the view.

import { pictureKey } from './lookalike-names.mjs';

/** A Fonster without the look-alikes an edit's answer adds (what fonsters/get answers). */
export const fieldsOf = (f) => { const { sameAs, sameCount, nearlyAs, nearlyCount, ...rest } = f; return rest; };

/** The Fonster shown: its seed is the kept one; the host hears of it (titles). */
function setFonster(ctx, f) {
  ctx.state.fonster = f;
  ctx.state.seed = f.seed;
  if (ctx.deps.onFonster) ctx.deps.onFonster(f);
}

/** A free seed's init: its picture and scene, drawn by the preview's engine. */
async function sendPreviewInit(ctx, sources) {
  const { pictures, target } = ctx;
  const [img, env] = await Promise.all([pictures.image(target()), pictures.environment(target())]);
  await ctx.send({ type: 'init', mode: ctx.mode, seed: ctx.state.seed, image: img, sources,
    engines: { current: ctx.engine() || ctx.deps.defaultEngine(), choices: [] }, environment: env });
}

/**
 * Show and init, numbering the answers as they arrive.
 * @param {import('./context.mjs').ServiceContext} ctx
 */
export function createShown(ctx) {
  const { deps, call, mode, id, state, send, pictures, lookalikes, target } = ctx;
  let received = 0;
  let applied = 0;
  let pictured = 0;
  let shown = null;

  /** The picture, engine choices and scene of a Fonster. */
  const drawn = (f) => Promise.all([pictures.image(target()), pictures.engines(f.seed, f.engine), pictures.environment(target())]);

  /** Send a Fonster (and its picture); see `applied` and `pictured` for answers that cross. */
  async function show(f, withImage = true) {
    const seq = ++received;
    state.fonster = f; // draw with its engine
    const [picture] = await Promise.all([withImage ? drawn(f) : null, lookalikes.name(f, seq)]);
    const fields = fieldsOf(f);
    if (seq > applied) {
      applied = seq;
      shown = fields;
      if (picture) pictured = seq;
      setFonster(ctx, fields);
      const [img, eng, env] = picture || [];
      await send({ type: 'fonster', fonster: fields, image: img, engines: eng, environment: env, lookalikes: lookalikes.of(fields) });
    } else if (picture && seq > pictured && shown && pictureKey(shown) === pictureKey(fields)) {
      pictured = seq;
      const [img, eng, env] = picture;
      await send({ type: 'fonster', fonster: shown, image: img, engines: eng, environment: env, lookalikes: lookalikes.of(shown) });
    }
  }

  /** Everything the view needs to draw itself (also after being hidden). */
  async function sendInit() {
    const sources = deps.sources();
    if (mode === 'preview') { await sendPreviewInit(ctx, sources); return; }
    const seq = ++received;
    const answer = await call('fonsters/get', { id, lookalikes: true });
    const f = fieldsOf(answer);
    state.fonster = f;
    state.seed = f.seed;
    const [[img, eng, env]] = await Promise.all([drawn(f), lookalikes.name(answer, seq)]);
    if (seq < applied) { // an edit's answer came meanwhile: the view starts from it
      const same = pictureKey(shown) === pictureKey(f);
      await send({ type: 'init', mode, fonster: shown, image: same ? img : undefined, sources, engines: same ? eng : undefined,
        environment: same ? env : undefined, lookalikes: lookalikes.of(shown) });
      return;
    }
    applied = seq;
    pictured = seq;
    shown = f;
    setFonster(ctx, f);
    await send({ type: 'init', mode, fonster: f, image: img, sources, engines: eng, environment: env, lookalikes: lookalikes.of(f) });
  }

  return { show, sendInit };
}
