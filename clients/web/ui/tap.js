// Playing a tap animation (ENGINE.md §7) from creature/tapAnimation's samples:
// 500 ms forward (t 0→1) then back (1→0), the transform and opacity on the
// creature, and the overlay (top band, rain, explode, wipe, blinds, spotlight)
// over it. The kinds and their numbers are the server's; this only draws them.

/**
 * Linear interpolation between the server's samples at progress `t`.
 * @param {any[]} samples sorted by t
 * @param {number} t
 */
export function sampleAt(samples, t) {
  if (samples.length === 1) return samples[0];
  let i = 0;
  while (i < samples.length - 2 && samples[i + 1].t < t) i++;
  const a = samples[i];
  const b = samples[i + 1];
  const f = b.t === a.t ? 0 : Math.min(1, Math.max(0, (t - a.t) / (b.t - a.t)));
  const mix = (k) => a[k] + (b[k] - a[k]) * f;
  const overlay = a.overlay || b.overlay;
  let mixed = null;
  if (overlay) {
    mixed = { kind: overlay.kind };
    for (const key of Object.keys(overlay)) {
      if (key === 'kind') continue;
      const va = a.overlay ? a.overlay[key] || 0 : 0;
      const vb = b.overlay ? b.overlay[key] || 0 : 0;
      mixed[key] = va + (vb - va) * f;
    }
  }
  return {
    scaleX: mix('scaleX'), scaleY: mix('scaleY'), rotationDegrees: mix('rotationDegrees'),
    rotation3DYDegrees: mix('rotation3DYDegrees'), offsetX: mix('offsetX'), offsetY: mix('offsetY'),
    opacity: mix('opacity'), overlay: mixed,
  };
}

/** Progress at `elapsed` ms: forward over forwardMs, back over reverseMs; null when done. */
export function progressAt(animation, elapsed) {
  if (elapsed >= animation.forwardMs + animation.reverseMs) return null;
  if (elapsed < animation.forwardMs) return elapsed / animation.forwardMs;
  return Math.max(0, 1 - (elapsed - animation.forwardMs) / animation.reverseMs);
}

/** The CSS transform of a sample (offsets in the view's pixels). */
export function transformOf(s) {
  return `translate(${s.offsetX}px, ${s.offsetY}px) rotate(${s.rotationDegrees}deg) `
    + `rotateY(${s.rotation3DYDegrees}deg) scale(${s.scaleX}, ${s.scaleY})`;
}

/**
 * Apply a sample to the creature's wrapper and its overlay (null: back to rest).
 * The wipe and blinds cover the creature with `--scene-bg` (the sky behind it).
 * @param {HTMLElement} wrap @param {HTMLElement} overlayEl @param {any} s
 */
export function applySample(wrap, overlayEl, s) {
  const overlay = overlayEl.style;
  overlay.cssText = '';
  overlayEl.textContent = '';
  if (!s) {
    wrap.style.transform = '';
    wrap.style.opacity = '';
    return;
  }
  wrap.style.transform = transformOf(s);
  wrap.style.opacity = String(s.opacity);
  const o = s.overlay;
  if (!o) return;
  const cover = 'var(--scene-bg, var(--surface, #1e1e1e))';
  switch (o.kind) {
    case 'topBand':
      overlay.background = 'linear-gradient(to bottom, #000 0, #000 38%, transparent 38%)';
      overlay.opacity = String(o.opacity || 0);
      overlay.transform = `translateY(${o.offset || 0}px)`;
      break;
    case 'rain':
      overlay.background = 'repeating-linear-gradient(100deg, transparent 0 9px, rgba(120,170,255,.85) 9px 11px)';
      overlay.opacity = String(o.intensity || 0);
      break;
    case 'explode':
      overlay.background = 'radial-gradient(circle, #fff 0, #ffd54a 35%, transparent 70%)';
      overlay.opacity = String(o.flash || 0);
      overlay.transform = `scale(${1 + (o.burst || 0)})`;
      break;
    case 'wipe':
      overlay.background = cover;
      overlay.transformOrigin = 'left';
      overlay.transform = `scaleX(${o.reveal || 0})`;
      break;
    case 'blinds': {
      const slat = (o.open || 0) * 12;
      overlay.background = `repeating-linear-gradient(to bottom, transparent 0 ${12 - slat}px, rgba(0,0,0,.55) ${12 - slat}px 12px)`;
      break;
    }
    case 'spotlight':
      overlay.background = 'radial-gradient(circle, transparent 35%, #000 75%)';
      overlay.opacity = String(o.vignette || 0);
      break;
    default:
      break;
  }
}

/**
 * Play a tap animation on `wrap`/`overlayEl`; resolves when it is over.
 * Timer-driven (about 60 steps a second) so it also runs where animation
 * frames are throttled (a background tab, a hidden webview).
 */
export function playTap(wrap, overlayEl, animation, now = () => performance.now()) {
  return new Promise((resolve) => {
    const started = now();
    wrap.dataset.tap = animation.kind;
    const step = () => {
      const t = progressAt(animation, now() - started);
      if (t === null) {
        applySample(wrap, overlayEl, null);
        delete wrap.dataset.tap;
        resolve();
        return;
      }
      applySample(wrap, overlayEl, sampleAt(animation.samples, t));
      setTimeout(step, 16);
    };
    step();
  });
}
