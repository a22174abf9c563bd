// The one wording of look-alikes, and the per-Fonster index built from fonsters/lookalikes groups.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LISTED, lookalikeIndex, lookalikeSentence, importLookalikes, nameList, reviewLookalike } from '../ui/lookalikes.mjs';

test('the index gives each Fonster the others of its exact group, and of its near group not already exact', () => {
  // As the server groups them: a near group holds the whole exact groups it joins.
  const index = lookalikeIndex({ exact: [['a', 'b'], ['c', 'd', 'e']], near: [['a', 'b', 'c', 'd', 'e'], ['x', 'y']] });
  assert.deepEqual(index.get('A'), { sameAs: ['b'], nearlyAs: ['c', 'd', 'e'], sameCount: 1, nearlyCount: 3 });
  assert.deepEqual(index.get('D'), { sameAs: ['c', 'e'], nearlyAs: ['a', 'b'], sameCount: 2, nearlyCount: 2 });
  assert.deepEqual(index.get('C'), { sameAs: ['d', 'e'], nearlyAs: ['a', 'b'], sameCount: 2, nearlyCount: 2 });
  assert.deepEqual(index.get('Y'), { sameAs: [], nearlyAs: ['x'], sameCount: 0, nearlyCount: 1 });
  assert.equal(index.get('Z'), undefined);
});

test('the index keeps the first LISTED ids of each kind and counts them all, however big a group', () => {
  const copies = Array.from({ length: 5000 }, (_, i) => `c${i}`);
  const others = Array.from({ length: 30 }, (_, i) => `o${i}`);
  const index = lookalikeIndex({ exact: [copies], near: [[...others.slice(0, 10), ...copies, ...others.slice(10)]] });
  assert.equal(LISTED, 20);
  assert.deepEqual(index.get('C0'), { sameAs: copies.slice(1, 21), nearlyAs: others.slice(0, 20), sameCount: 4999, nearlyCount: 30 });
  assert.deepEqual(index.get('C4999').sameAs, copies.slice(0, 20));
  assert.deepEqual(index.get('O0'), { sameAs: [], nearlyAs: [...others.slice(1, 10), ...copies.slice(0, 11)], sameCount: 0, nearlyCount: 5029 });
});

test('sentences name up to the given names and count the rest', () => {
  assert.equal(nameList(['Bob']), '“Bob”');
  assert.equal(nameList(['Bob', 'Grace'], 5), '“Bob”, “Grace” and 3 more');
  assert.equal(lookalikeSentence({ sameAs: ['Bob'], nearlyAs: [] }), 'Looks exactly like “Bob”.');
  assert.equal(lookalikeSentence({ sameAs: [], nearlyAs: ['Amy', 'Cy'] }), 'Looks nearly like “Amy” and “Cy” (the same shape, or nearly, whatever the colours).');
  assert.equal(lookalikeSentence({ sameAs: [], nearlyAs: [] }), 'No other Fonster of the library looks like it.');
});

test('an import names what each Fonster it added looks like; nothing when none does', () => {
  const names = { B: 'Bob', N: 'new one' };
  const created = [
    { id: 'N', displayName: 'new one', sameAs: ['B'], nearlyAs: [] },
    { id: 'P', displayName: 'pip', sameAs: [], nearlyAs: ['B', 'N'] },
    { id: 'Q', displayName: 'quill', sameAs: [], nearlyAs: [] },
  ];
  assert.equal(importLookalikes(created, (id) => names[id]), '“new one” looks exactly like “Bob”. “pip” looks nearly like “Bob” and “new one”.');
  assert.equal(importLookalikes([created[2]], (id) => names[id]), '');
});

test('a share link review says what each seed would look like, by name where the row is loaded', () => {
  const names = { a: 'Bob', b: 'Grace' };
  assert.equal(reviewLookalike({ sameAs: ['a', 'b', 'c'], sameCount: 5 }, (id) => names[id]), 'looks exactly like “Bob”, “Grace” and 3 more');
  assert.equal(reviewLookalike({ sameAs: ['c'], sameCount: 1 }, (id) => names[id]), 'looks exactly like 1 Fonster of your library');
  assert.equal(reviewLookalike({ sameAs: [], sameCount: 0, nearlyAs: ['a'], nearlyCount: 1 }, (id) => names[id]), 'looks nearly like “Bob”');
  assert.equal(reviewLookalike({ sameAs: [], sameCount: 0, nearlyAs: [], nearlyCount: 0 }, (id) => names[id]), '');
});
