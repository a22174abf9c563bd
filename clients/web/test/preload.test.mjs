// index.html names every module the page imports: the browser then asks for the
// whole graph at once instead of one import level at a time. The graph is read here from the
// modules' own `import … from` lines, starting at app/main.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every module reachable from `entry` (a path from the page's root, such as /app/main.js) by static imports. */
function moduleGraph(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const [, target] of text.matchAll(/^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm)) {
      visit(path.posix.resolve(path.posix.dirname(file), target));
    }
  };
  visit(entry);
  return seen;
}

test('index.html preloads every module of the page, and only those', () => {
  const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(entry, ['/app/main.js'], 'one module script');
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
  assert.equal(new Set(preloaded).size, preloaded.length, 'each once');
  const graph = moduleGraph('/app/main.js');
  graph.delete('/app/main.js');
  assert.deepEqual([...preloaded].sort(), [...graph].sort(),
    'the modulepreload links of index.html are the modules main.js imports, directly or not');
});

test('the graph reader follows multi-line and re-exporting imports', () => {
  const graph = moduleGraph('/app/main.js');
  assert.ok(graph.has('/ui/rpc.mjs') && graph.has('/ui/protocol.mjs'), 'reached through ui/api.js');
  assert.ok(graph.has('/ui/detail/stage.js'), 'reached through ui/detail.js');
});
