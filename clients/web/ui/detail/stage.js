// The detail view's stage: the creature, large and pixel-crisp, on its scene (the sky, sun and
// clouds the server sends, drawn by ../scene.js); a press plays the server's tap animation
// (../tap.js); evolution frames show in its place while playing; the look-alikes line below.

import { mountScene } from '../scene.js';
import { playTap } from '../tap.js';

/** The stage's markup around `controls` (the Play/Stop buttons, on the scene). */
export const stageMarkup = (controls) => `
  <div id="scene" class="scene">
    <span class="scene-wash" aria-hidden="true"></span>
    <button id="creature-button" class="creature-button" type="button" title="Tap to animate (Enter)">
      <span id="creature-wrap" class="creature-wrap">
        <img id="creature" class="creature" alt="" draggable="false">
        <span id="overlay" class="overlay" aria-hidden="true"></span>
      </span>
    </button>
    <div class="scene-controls" role="group" aria-label="Evolution">${controls}</div>
  </div>
  <div id="mini-preview" class="mini-preview" aria-hidden="true"><img id="mini-creature" alt=""></div>`;

/** The look-alikes warning's markup: what the seed's picture looks like, and what to do about it. */
export const LOOKALIKES_MARKUP = `
  <div id="lookalikes" class="lookalikes library-only" role="status" aria-live="polite" hidden>
    <p id="lookalikes-text"></p>
    <div class="lookalikes-actions">
      <button id="lookalikes-engine" type="button" hidden></button>
      <button id="lookalikes-variant" type="button" hidden>Find a distinct variant</button>
    </div>
  </div>`;

/**
 * @param {HTMLElement} root the detail view
 * @param {{ tap(size: number): void, drawWith(engine: string, seed: string): void, findVariant(seed: string): void }} on
 *   `tap`: the creature was pressed while at rest (its size in px); `drawWith`, `findVariant`: the
 *   look-alike warning's offers were taken
 */
export function createStageView(root, on) {
  const $ = (id) => /** @type {HTMLElement} */ (root.querySelector(`#${id}`));
  const sceneEl = $('scene');
  const creature = /** @type {HTMLImageElement} */ ($('creature'));
  const button = $('creature-button');
  const wrap = $('creature-wrap');
  const overlay = $('overlay');
  const lookalikes = $('lookalikes');
  const lookalikesText = $('lookalikes-text');
  const drawWithButton = $('lookalikes-engine');
  const variantButton = $('lookalikes-variant');
  /** @type {import('./messages.js').Lookalikes} what the warning says now */
  let warned = null;
  drawWithButton.addEventListener('click', () => { if (warned && warned.drawWith) on.drawWith(warned.drawWith, warned.seed); });
  variantButton.addEventListener('click', () => { if (warned) on.findVariant(warned.seed); });
  const scene = mountScene(sceneEl);
  /** @type {import('./messages.js').Picture | null} the creature at rest */
  let picture = null;
  let tapping = false;
  let tapRequested = false;

  button.addEventListener('click', () => {
    if (tapping || tapRequested) return; // taps during an animation are ignored
    tapRequested = true;
    on.tap(Math.round(creature.clientWidth) || 256);
  });

  const mini = /** @type {HTMLImageElement} */ ($('mini-creature'));
  // While the seed is typed with the big picture scrolled away (a phone), a small copy stays in view.
  if (typeof IntersectionObserver === 'function') {
    new IntersectionObserver((entries) => {
      for (const entry of entries) root.classList.toggle('stage-hidden', entry.intersectionRatio < 0.5);
    }, { threshold: [0, 0.5, 1] }).observe(creature);
  }

  function draw(image) {
    creature.src = image.dataUri;
    mini.src = image.dataUri;
    // The picture is drawn see-through and stands on its sky (the scene behind it): say so.
    const alt = (image.alt || 'The creature').replace(/on a transparent background(\.?)$/, 'against its sky$1');
    creature.alt = alt;
    mini.alt = alt;
    button.setAttribute('aria-label', `${alt} Press to play its tap animation.`);
  }

  return {
    /** The creature at rest; `draw`: show it now (not while a frame is shown). */
    showPicture(image, drawNow = true) {
      if (!image) return;
      picture = image;
      if (drawNow) draw(image);
    },
    /** A picture shown for a moment (a typed text's preview) without becoming the one at rest. */
    showPreview(image) { if (image) draw(image); },
    /** Back to the creature at rest (after playback). */
    showRest() {
      delete creature.dataset.frame;
      if (picture) draw(picture);
    },
    /** An evolution frame in the creature's place. */
    showFrame(frame, total) {
      creature.src = frame.dataUri;
      creature.alt = `Evolution frame ${frame.index} of ${total}: the creature of “${frame.prefix}”`;
      creature.dataset.frame = String(frame.index);
    },
    /** The index (1-based) of the frame shown, or undefined at rest. */
    get frameShown() { return creature.dataset.frame; },
    /** The scene of creature/environment's answer (ignored when missing). */
    showEnvironment(environment) {
      if (!environment) return;
      scene.show(environment.scene);
      root.style.setProperty('--scene-bg', sceneEl.style.background || '');
    },
    /** “Looks exactly like “Bob” and “Grace”.” with its offers, for the kept or the typed seed (hidden when not known). */
    showLookalikes(found) {
      warned = found || null;
      lookalikes.hidden = !found;
      if (!found) return;
      const alike = found.sameCount + found.nearlyCount > 0;
      lookalikes.classList.toggle('warn', alike);
      lookalikesText.textContent = found.text;
      drawWithButton.hidden = !found.drawWith;
      if (found.drawWith) drawWithButton.textContent = `Draw it with ${found.drawWith}`;
      variantButton.hidden = !(found.findVariant && alike);
    },
    /** Play creature/tapAnimation's answer; resolves true when it played (false: nothing to play). */
    async playTap(animation) {
      tapRequested = false;
      if (!animation || animation.ignored || !animation.samples || animation.samples.length === 0) return false;
      tapping = true;
      await playTap(wrap, overlay, animation);
      tapping = false;
      return true;
    },
    dispose() { scene.clear(); },
  };
}
