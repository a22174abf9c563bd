// The scene's drawing helpers. The scene's numbers themselves (sky levels, sun period, clouds)
// are the server's (creature/environment's `scene`, checked against scene-v1.json by the Swift
// tests); the page draws them and computes none (Tests/e2e/test_web_gui.py checks it shows them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { skyGradient, sunPosition, cloudX } from '../ui/scene.js';

test('sky gradient, sun path', () => {
  assert.equal(skyGradient([0.5, 0.4, 0.32]), 'linear-gradient(to bottom, rgb(128, 128, 128) 0%, rgb(102, 102, 102) 50%, rgb(82, 82, 82) 100%)');
  assert.deepEqual(sunPosition(100, 0), { x: 0.2, y: 0.15 });
  const quarter = sunPosition(100, 25);
  assert.ok(Math.abs(quarter.x - 0.35) < 1e-12 && Math.abs(quarter.y - 0.2) < 1e-12);
  assert.deepEqual(sunPosition(100, 100), sunPosition(100, 0), 'repeats');
});

test('a cloud drifts from just off its starting side to just past the other', () => {
  assert.equal(cloudX({ startsLeft: true }, 400, 0), -100);
  assert.equal(cloudX({ startsLeft: true }, 400, 1), 500);
  assert.equal(cloudX({ startsLeft: false }, 400, 0), 500);
  assert.equal(cloudX({ startsLeft: false }, 400, 0.5), 200);
});

test('the page computes no hash and no scene plan: it has no segment hash to compute them with', () => {
  const source = fs.readFileSync(new URL('../ui/scene.js', import.meta.url), 'utf8');
  assert.doesNotMatch(source, /segmentHash|Math\.imul|env_cloud|scenePlan/);
});
