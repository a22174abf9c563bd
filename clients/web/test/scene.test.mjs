// The scene's numbers against the shared goldens: §2's hash (hash-v1.json) and
// §8.1's sun period and clouds (scene-v1.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { segmentHash, scenePlan, skyGradient, sunPosition, renderSeed } from '../ui/scene.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const golden = path.resolve(here, '..', '..', '..', '..', 'shared', 'golden');
const load = (name) => JSON.parse(fs.readFileSync(path.join(golden, name), 'utf8'));
const missing = fs.existsSync(golden) ? false : `no shared goldens at ${golden}`;

test('segmentHash equals every hash-v1 vector', { skip: missing }, () => {
  const { vectors } = load('hash-v1.json');
  assert.ok(vectors.length > 100);
  for (const v of vectors) assert.equal(segmentHash(v.seed, v.segmentId), v.value, `${JSON.stringify(v.seed)} ${v.segmentId}`);
});

test('scenePlan gives scene-v1\'s sun period and clouds from the layers the server reports', { skip: missing }, () => {
  const { scenes } = load('scene-v1.json');
  let checked = 0;
  for (const scene of scenes) {
    const s = renderSeed(scene.seed);
    const k = segmentHash(s, 'env_sky');
    const sky = { top: 0.5 + 0.12 * k, middle: 0.4 + 0.1 * (1 - k), bottom: 0.32 + 0.08 * k };
    // The cloud count is §8's keyword number; the golden's initial count stands for it when it
    // cannot be the default (2 + pick), which scenePlan must work out by itself.
    const env = {
      showOptionalEffects: scene.showOptionalEffects,
      sky,
      layers: { sun: { on: scene.sun !== null }, clouds: { on: scene.clouds !== null, count: /cloud/i.test(scene.seed) && scene.clouds ? scene.clouds.initial : null } },
    };
    if (!scene.showOptionalEffects) { env.layers.sun.on = true; env.layers.clouds.on = true; }
    const plan = scenePlan(scene.seed, env);
    for (let i = 0; i < 3; i++) assert.ok(Math.abs(plan.sky[i] - scene.sky[i]) < 1e-12, `sky of ${JSON.stringify(scene.seed)}`);
    assert.deepEqual(plan.sun, scene.sun, `sun of ${JSON.stringify(scene.seed)}`);
    assert.deepEqual(plan.clouds, scene.clouds, `clouds of ${JSON.stringify(scene.seed)}`);
    checked++;
  }
  assert.ok(checked > 1000);
});

test('sky gradient, sun path', () => {
  assert.equal(skyGradient([0.5, 0.4, 0.32]), 'linear-gradient(to bottom, rgb(128, 128, 128) 0%, rgb(102, 102, 102) 50%, rgb(82, 82, 82) 100%)');
  assert.deepEqual(sunPosition(100, 0), { x: 0.2, y: 0.15 });
  const quarter = sunPosition(100, 25);
  assert.ok(Math.abs(quarter.x - 0.35) < 1e-12 && Math.abs(quarter.y - 0.2) < 1e-12);
  assert.deepEqual(sunPosition(100, 100), sunPosition(100, 0), 'repeats');
  assert.equal(renderSeed(' \t\u200b'), ' ');
  assert.equal(renderSeed(' Bob'), ' Bob');
  assert.equal(renderSeed('\n'), '\n', 'a newline is not whitespace here');
});
