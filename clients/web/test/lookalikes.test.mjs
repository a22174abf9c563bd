// The one wording of look-alikes, and the per-Fonster index built from fonsters/lookalikes groups.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lookalikeIndex, lookalikeSentence, importLookalikes, nameList, reviewLookalike } from '../ui/lookalikes.mjs';

test('the index gives each Fonster the others of its exact group, and of its near group not already exact', () => {
  const index = lookalikeIndex({ exact: [['a', 'b'], ['c', 'd', 'e']], near: [['a', 'b', 'c'], ['x', 'y']] });
  assert.deepEqual(index.get('A'), { sameAs: ['b'], nearlyAs: ['c'] });
  assert.deepEqual(index.get('D'), { sameAs: ['c', 'e'], nearlyAs: [] });
  assert.deepEqual(index.get('C'), { sameAs: ['d', 'e'], nearlyAs: ['a', 'b'] });
  assert.deepEqual(index.get('Y'), { sameAs: [], nearlyAs: ['x'] });
  assert.equal(index.get('Z'), undefined);
});

test('sentences name up to the given names and count the rest', () => {
  assert.equal(nameList(['Bob']), '“Bob”');
  assert.equal(nameList(['Bob', 'Grace'], 5), '“Bob”, “Grace” and 3 more');
  assert.equal(lookalikeSentence({ sameAs: ['Bob'], nearlyAs: [] }), 'Looks exactly like “Bob”.');
  assert.equal(lookalikeSentence({ sameAs: [], nearlyAs: ['Amy', 'Cy'] }), 'Looks nearly like “Amy” and “Cy” (at most 8 of the 1,024 cells differ).');
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
