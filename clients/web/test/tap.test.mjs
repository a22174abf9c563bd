// The tap player's arithmetic: progress forward then back, interpolation
// between the server's samples (overlays included), and what each overlay
// kind puts on the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sampleAt, progressAt, transformOf, applySample } from '../ui/tap.js';

const rest = { scaleX: 1, scaleY: 1, rotationDegrees: 0, rotation3DYDegrees: 0, offsetX: 0, offsetY: 0, opacity: 1, overlay: null };

test('progress runs 0→1 over forwardMs, then 1→0 over reverseMs, then ends', () => {
  const a = { forwardMs: 500, reverseMs: 500 };
  assert.equal(progressAt(a, 0), 0);
  assert.equal(progressAt(a, 250), 0.5);
  assert.equal(progressAt(a, 500), 1);
  assert.equal(progressAt(a, 750), 0.5);
  assert.equal(progressAt(a, 999), 1 - 499 / 500);
  assert.equal(progressAt(a, 1000), null);
});

test('samples interpolate linearly, overlays too (a missing overlay counts as 0)', () => {
  const samples = [
    { ...rest, t: 0, offsetX: -100 },
    { ...rest, t: 0.5, offsetX: -50, overlay: { kind: 'rain', intensity: 0.5 } },
    { ...rest, t: 1, offsetX: 0, overlay: { kind: 'rain', intensity: 1 } },
  ];
  assert.equal(sampleAt(samples, 0.25).offsetX, -75);
  assert.deepEqual(sampleAt(samples, 0.25).overlay, { kind: 'rain', intensity: 0.25 });
  assert.deepEqual(sampleAt(samples, 0.75).overlay, { kind: 'rain', intensity: 0.75 });
  assert.equal(sampleAt(samples, 1).offsetX, 0);
  assert.equal(transformOf({ ...rest, offsetX: 3, rotationDegrees: 10 }), 'translate(3px, 0px) rotate(10deg) rotateY(0deg) scale(1, 1)');
});

function fakeElement() {
  return { style: { cssText: 'stale: 1' }, dataset: {}, textContent: '' };
}

test('each overlay kind draws something that follows its number; null returns to rest', () => {
  const cases = [
    [{ kind: 'topBand', opacity: 0.5, offset: -4 }, (o) => o.opacity === '0.5' && o.transform === 'translateY(-4px)' && /linear-gradient/.test(o.background)],
    [{ kind: 'rain', intensity: 0.3 }, (o) => o.opacity === '0.3' && /repeating-linear-gradient/.test(o.background)],
    [{ kind: 'explode', burst: 0.5, flash: 0.4 }, (o) => o.opacity === '0.4' && o.transform === 'scale(1.5)'],
    [{ kind: 'wipe', reveal: 0.25 }, (o) => o.transform === 'scaleX(0.25)' && /--scene-bg/.test(o.background)],
    [{ kind: 'blinds', open: 0.5 }, (o) => /6px/.test(o.background)],
    [{ kind: 'spotlight', vignette: 0.2 }, (o) => o.opacity === '0.2' && /radial-gradient/.test(o.background)],
  ];
  for (const [overlay, check] of cases) {
    const wrap = fakeElement();
    const el = fakeElement();
    applySample(wrap, el, { ...rest, opacity: 0.9, overlay });
    assert.ok(check(el.style), `${overlay.kind}: ${JSON.stringify(el.style)}`);
    assert.equal(wrap.style.opacity, '0.9');
    applySample(wrap, el, null);
    assert.equal(wrap.style.transform, '');
    assert.equal(wrap.style.opacity, '');
  }
});
