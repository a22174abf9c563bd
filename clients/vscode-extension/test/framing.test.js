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

test('a large answer in many small chunks is decoded with each byte copied about once (linear, not quadratic)', () => {
  const answer = { jsonrpc: '2.0', id: 1, result: { dataUri: `data:image/png;base64,${'A'.repeat(2 * 1024 * 1024)}` } };
  const bytes = encodeMessage(answer);
  const chunks = [];
  for (let i = 0; i < bytes.length; i += 1024) chunks.push(Buffer.from(bytes.subarray(i, i + 1024)));
  // Count the bytes every Buffer copy moves while the decoder runs.
  let copied = 0;
  const { concat } = Buffer;
  const { copy } = Buffer.prototype;
  Buffer.concat = function countedConcat(list, length) {
    const out = concat.call(Buffer, list, length);
    copied += out.length;
    return out;
  };
  Buffer.prototype.copy = function countedCopy(target, targetStart, sourceStart = 0, sourceEnd = this.length) {
    const n = copy.call(this, target, targetStart, sourceStart, sourceEnd);
    copied += n;
    return n;
  };
  const { messages, errors, decoder } = collect();
  try {
    for (const chunk of chunks) decoder.push(chunk);
  } finally {
    Buffer.concat = concat;
    Buffer.prototype.copy = copy;
  }
  assert.deepEqual(errors, []);
  assert.equal(messages.length, 1);
  assert.equal(messages[0].result.dataUri.length, answer.result.dataUri.length);
  assert.ok(copied <= 2 * bytes.length, `${copied} bytes copied for a ${bytes.length}-byte frame in ${chunks.length} chunks`);
});

test('an empty body and a header longer than 8 KiB are reported, and decoding goes on after them', () => {
  const { messages, errors, decoder } = collect();
  decoder.push('Content-Length: 0\r\n\r\n');
  decoder.push(`X-Long: ${'x'.repeat(9000)}`);
  decoder.push(encodeMessage({ after: true }));
  assert.equal(errors.length, 2);
  assert.match(errors[0].message, /not JSON/);
  assert.match(errors[1].message, /longer than 8 KiB/);
  assert.deepEqual(messages, [{ after: true }]);
});
