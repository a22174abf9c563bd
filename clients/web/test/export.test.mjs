// The export options' rules: sizes as the server takes them, options kept only in the server's
// form, the animated GIF's own file name, and the shell words of the Embed command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exportSize } from '../ui/detail/export.js';
import { exportOptions } from '../ui/detail-service.mjs';
import { animatedName, shellQuote } from '../app/detail-host.js';

test('an export size is the nearest multiple of 32 from 32 to 2048', () => {
  assert.deepEqual([exportSize(300), exportSize(10), exportSize(5000), exportSize('256'), exportSize('x')], [288, 32, 2048, 256, 512]);
});

test('export options keep only what the server takes', () => {
  assert.deepEqual(exportOptions({ size: 1024, background: '#1e1e1e' }), { size: 1024, background: '#1e1e1e' });
  assert.deepEqual(exportOptions({ size: 1000, background: 'red' }), {});
  assert.deepEqual(exportOptions({ size: 64, background: 'sky' }), { size: 64, background: 'sky' });
  assert.deepEqual(exportOptions({}), {});
});

test('the animated GIF is named apart from the still', () => {
  assert.equal(animatedName('Bob.gif'), 'Bob-animated.gif');
  assert.equal(animatedName('Bob'), 'Bob-animated.gif');
});

test('the embed command quotes what a shell would split', () => {
  assert.equal(shellQuote('Bob.png'), 'Bob.png');
  assert.equal(shellQuote('#1e1e1e'), "'#1e1e1e'");
  assert.equal(shellQuote("it's a seed"), "'it'\\''s a seed'");
});
