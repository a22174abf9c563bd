// The list model pages when the server reports `total`, and falls back to one
// whole-list call when it does not (or refuses the paging params).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createListModel } from '../app/list-model.js';

const library = Array.from({ length: 1234 }, (_, i) => ({ id: `ID-${i}`, name: `n${i}`, seed: `s${i}`, position: i }));

function pagingServer() {
  const calls = [];
  const call = async (method, params) => {
    calls.push({ method, params });
    const start = params.start ?? 0;
    const count = params.count ?? library.length;
    return { fonsters: library.slice(start, start + count), total: library.length };
  };
  return { call, calls };
}

test('pages: the first page, then only the pages a range needs, once each', async () => {
  const { call, calls } = pagingServer();
  const model = createListModel(call, { pageSize: 100 });
  await model.load();
  assert.equal(model.paged, true);
  assert.equal(model.total, 1234);
  assert.equal(model.at(99).id, 'ID-99');
  assert.equal(model.at(100), undefined);
  await Promise.all([model.ensure(450, 520), model.ensure(460, 470)]);
  assert.deepEqual(calls.map((c) => c.params), [{ start: 0, count: 100 }, { start: 400, count: 100 }, { start: 500, count: 100 }]);
  assert.equal(model.at(520).id, 'ID-520');
  assert.equal(model.at(399), undefined);
  await model.ensure(1200, 5000);
  assert.equal(model.at(1233).id, 'ID-1233');
  assert.equal(calls.at(-1).params.start, 1200);
  assert.equal(model.indexOf('id-1233'), 1233, 'ids compare case-insensitively');
});

test('falls back to one call when the server answers without total', async () => {
  const calls = [];
  const model = createListModel(async (method, params) => { calls.push(params); return { fonsters: library.slice(0, 7) }; }, { pageSize: 3 });
  await model.load();
  assert.equal(model.paged, false);
  assert.equal(model.total, 7);
  assert.equal(model.at(6).id, 'ID-6');
  await model.ensure(0, 6);
  assert.equal(calls.length, 1);
});

test('falls back when the server refuses start/count as invalid params', async () => {
  const calls = [];
  const model = createListModel(async (method, params) => {
    calls.push(params);
    if ('start' in params) { const e = new Error("'start' is not a parameter of fonsters/list."); e.code = -32602; throw e; }
    return { fonsters: library.slice(0, 2) };
  });
  await model.load();
  assert.deepEqual(calls, [{ start: 0, count: 200 }, {}]);
  assert.equal(model.total, 2);
  const other = createListModel(async () => { const e = new Error('store unavailable'); e.code = 1004; throw e; });
  await assert.rejects(other.load(), /store unavailable/, 'other errors are not swallowed');
});

test('a reload while a page is in flight drops the stale page', async () => {
  let release;
  const gate = new Promise((r) => { release = r; });
  let version = 0;
  const model = createListModel(async (method, params) => {
    const v = version;
    if (params.start === 100) await gate;
    return { fonsters: library.slice(params.start, params.start + params.count).map((f) => ({ ...f, name: `v${v}` })), total: 1234 };
  }, { pageSize: 100 });
  await model.load();
  const pending = model.ensure(150, 160);
  version = 1;
  await model.load();
  release();
  await pending;
  assert.equal(model.at(150), undefined, 'the old generation\'s page is not stored');
  await model.ensure(150, 160);
  assert.equal(model.at(150).name, 'v1');
});

test('overlapping loads both resolve only once the newest rows are stored', async () => {
  const gates = [];
  let version = 0;
  const model = createListModel((method, params) => {
    const v = ++version;
    return new Promise((resolve) => gates.push(() => resolve({ fonsters: library.slice(0, 3).map((f) => ({ ...f, name: `v${v}` })) })));
  });
  const first = model.load();
  const second = model.load();
  const seen = [];
  first.then(() => seen.push(['first', model.at(0).name]));
  second.then(() => seen.push(['second', model.at(0).name]));
  gates[0]();
  await new Promise((r) => setTimeout(r, 5));
  assert.deepEqual(seen, [], 'the older load waits for the newer one');
  gates[1]();
  await Promise.all([first, second]);
  assert.deepEqual(seen.map(([, name]) => name), ['v2', 'v2']);
});
