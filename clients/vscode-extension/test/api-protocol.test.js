// @ts-check
'use strict';

/**
 * The extension's API module against openrpc.json, which the server generates from its typed
 * method declarations: every function of FonstersApi, called with sample arguments, must ask a
 * method the server declares, with only params it declares and every param it requires. A
 * renamed or misspelt param breaks this test, not a user.
 */
const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { FonstersApi } = require('../src/server/api');

const openrpc = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'openrpc.json'), 'utf8'));
const declared = new Map(openrpc.methods.map((m) => [m.name, m]));

/** Calls `fn` on an API whose requester records what was asked. */
function asked(fn) {
  const calls = [];
  const api = new FonstersApi({ request: (method, params) => { calls.push({ method, params }); return Promise.resolve({}); } });
  fn(api);
  return calls;
}

const id = '00000000-0000-4000-8000-000000000001';
const samples = {
  list: (api) => api.list({ format: 'png', size: 64, background: 'sky' }),
  get: (api) => api.get(id),
  create: (api) => api.create({ name: 'n', seed: 's', engine: 'fonsters-v2' }),
  update: (api) => api.update(id, { name: 'n', seed: 's', engine: 'fonsters-v1' }),
  delete: (api) => api.delete(id),
  duplicate: (api) => api.duplicate(id),
  move: (api) => api.move(id, 0),
  undo: (api) => api.undo(id),
  redo: (api) => api.redo(id),
  random: (api) => api.random(id, 'words', 'prepend'),
  refresh: (api) => api.refresh(id),
  useFrame: (api) => api.useFrame(id, 1),
  render: (api) => api.render({ seed: 'a' }, { format: 'png', size: 64, engine: 'fonsters-v2' }),
  describe: (api) => api.describe({ id }, 2),
  frames: (api) => api.frames({ seed: 'a' }, { size: 64, start: 0, count: 3, speed: 0.5 }),
  animate: (api) => api.animate({ seed: 'a' }, { size: 64, speed: 0.5 }),
  tapAnimation: (api) => api.tapAnimation('a', 1, 256, 21, 'fonsters-v2'),
  shareBuild: (api) => api.shareBuild({ seeds: ['a'] }),
  sharePreview: (api) => api.sharePreview('https://x/?cards=WyJhIl0', ['fonsters-v1', 'fonsters-v2']),
  shareImport: (api) => api.shareImport('https://x/?cards=WyJhIl0', [0], 'fonsters-v2'),
  clockCreature: (api) => api.clockCreature({ format: 'png', size: 64, engine: 'fonsters-v1' }),
  libraryExport: (api) => api.libraryExport(),
  libraryImport: (api) => api.libraryImport({ version: 1, fonsters: [] }, [0]),
  restore: (api) => api.restore(id),
  trash: (api) => api.trash({ count: 0 }),
  purge: (api) => api.purge([id]),
  librarySettings: (api) => api.librarySettings({ defaultEngine: 'fonsters-v2' }),
  lookalikes: (api) => api.lookalikes(),
};

describe('the API module against openrpc.json', () => {
  it('has a sample call for every function it offers', () => {
    const functions = Object.getOwnPropertyNames(FonstersApi.prototype).filter((n) => n !== 'constructor' && n !== 'serverInfo');
    assert.deepEqual(functions.sort(), Object.keys(samples).sort());
  });

  for (const [name, call] of Object.entries(samples)) {
    it(`${name} asks a declared method with declared params`, () => {
      const calls = asked(call);
      assert.equal(calls.length, 1);
      const { method, params } = calls[0];
      const declaration = declared.get(method);
      assert.ok(declaration, `${method} is not in openrpc.json`);
      const names = new Set(declaration.params.map((p) => p.name));
      for (const key of Object.keys(params || {})) assert.ok(names.has(key), `${method} declares no param '${key}'`);
      for (const p of declaration.params.filter((p) => p.required)) {
        assert.ok(params && p.name in params, `${method} needs '${p.name}'`);
      }
    });
  }

  it('refuses a misspelt param (the check can fail)', () => {
    const declaration = declared.get('creature/tapAnimation');
    assert.ok(!declaration.params.some((p) => p.name === 'size'), 'tapAnimation takes viewSize, not size');
  });
});
