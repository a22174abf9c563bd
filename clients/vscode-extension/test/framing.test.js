// @ts-check
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { encodeMessage, FrameDecoder } = require('../src/rpc/framing');

function collect() {
  /** @type {any[]} */
  const messages = [];
  /** @type {Error[]} */
  const errors = [];
  const decoder = new FrameDecoder((m) => messages.push(m), (e) => errors.push(e));
  return { messages, errors, decoder };
}

test('encodeMessage counts bytes, not characters', () => {
  const frame = encodeMessage({ seed: 'Bob 👾 ü' });
  const text = frame.toString('utf8');
  const [header, body] = text.split('\r\n\r\n');
  assert.equal(header, `Content-Length: ${Buffer.byteLength(body, 'utf8')}`);
  assert.notEqual(Buffer.byteLength(body, 'utf8'), body.length);
  assert.deepEqual(JSON.parse(body), { seed: 'Bob 👾 ü' });
});

test('decoder reassembles frames split at every byte', () => {
  const messages = [{ jsonrpc: '2.0', id: 1, result: { seed: 'é👾' } }, { jsonrpc: '2.0', method: 'fonsters/didChange', params: { ids: [], reason: 'external' } }];
  const bytes = Buffer.concat(messages.map(encodeMessage));
  const { messages: out, errors, decoder } = collect();
  for (let i = 0; i < bytes.length; i++) decoder.push(bytes.subarray(i, i + 1));
  assert.deepEqual(out, messages);
  assert.deepEqual(errors, []);
});

test('decoder reads several frames from one chunk', () => {
  const frames = Array.from({ length: 5 }, (_, i) => ({ jsonrpc: '2.0', id: i, result: i }));
  const { messages, decoder } = collect();
  decoder.push(Buffer.concat(frames.map(encodeMessage)));
  assert.deepEqual(messages, frames);
});

test('decoder accepts other headers and any header case', () => {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 7, result: null });
  const { messages, decoder } = collect();
  decoder.push(`content-length: ${body.length}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${body}`);
  assert.deepEqual(messages, [{ jsonrpc: '2.0', id: 7, result: null }]);
});

test('a frame with a bad body is reported and the next frame still arrives', () => {
  const { messages, errors, decoder } = collect();
  decoder.push('Content-Length: 5\r\n\r\n{nope');
  decoder.push(encodeMessage({ ok: true }));
  assert.equal(errors.length, 1);
  assert.match(errors[0].message, /not JSON/);
  assert.deepEqual(messages, [{ ok: true }]);
});

test('a header without Content-Length is reported', () => {
  const { messages, errors, decoder } = collect();
  decoder.push('X-Nothing: 1\r\n\r\n{}');
  assert.equal(messages.length, 0);
  assert.match(errors[0].message, /Content-Length/);
});
