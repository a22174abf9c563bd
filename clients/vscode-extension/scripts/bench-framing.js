#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Prints how long the framing decoder takes for one large answer split into
 * small chunks (as a pipe delivers a big creature/animate or library/export
 * answer): `node scripts/bench-framing.js [path/to/framing.js]` — the argument
 * lets the same run time another version of the decoder.
 */

const path = require('path');
const { performance } = require('perf_hooks');

const file = path.resolve(process.argv[2] || path.join(__dirname, '..', 'src', 'rpc', 'framing.js'));
const { encodeMessage, FrameDecoder } = require(file);
const CHUNK = 1024;

for (const megabytes of [2, 8, 32]) {
  const bytes = encodeMessage({ jsonrpc: '2.0', id: 1, result: { dataUri: 'A'.repeat(megabytes * 1024 * 1024) } });
  const chunks = [];
  for (let i = 0; i < bytes.length; i += CHUNK) chunks.push(bytes.subarray(i, i + CHUNK));
  let got = 0;
  const decoder = new FrameDecoder(() => { got++; });
  const started = performance.now();
  for (const chunk of chunks) decoder.push(chunk);
  const ms = performance.now() - started;
  if (got !== 1) throw new Error('the frame was not decoded');
  console.log(`figure: ${megabytes} MB answer in ${chunks.length} chunks of ${CHUNK} B: ${ms.toFixed(0)} ms (${file.includes('/src/rpc/') ? 'src/rpc/framing.js' : file})`);
}
