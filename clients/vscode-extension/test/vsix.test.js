// @ts-check
'use strict';

/**
 * The .vsix: builds without npm, is a valid ZIP (read back through its
 * central directory with CRC checks, and by Python's zipfile when present),
 * carries a manifest that matches package.json, and holds every module the
 * extension requires — and nothing from test/ or scripts/.
 */

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { builtinModules } = require('node:module');
const { buildVsix } = require('../scripts/build-vsix');
const { readZip } = require('./helpers/zip-reader');
const { EXTENSION_ROOT } = require('./helpers/servers');

const pkg = JSON.parse(fs.readFileSync(path.join(EXTENSION_ROOT, 'package.json'), 'utf8'));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fonsters-vsix-'));
test.after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** @param {string} xml @param {string} tag */
const attrs = (xml, tag) => {
  const m = new RegExp(`<${tag}\\s([^>]*?)/?>`).exec(xml);
  assert.ok(m, `<${tag}> in the manifest`);
  return Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
};

test('the .vsix is a valid, reproducible ZIP', () => {
  const a = buildVsix({ out: path.join(tmp, 'a.vsix') });
  const b = buildVsix({ out: path.join(tmp, 'b.vsix') });
  assert.ok(fs.readFileSync(a.file).equals(fs.readFileSync(b.file)), 'same input, same bytes');
  const entries = readZip(fs.readFileSync(a.file));
  assert.deepEqual([...entries.keys()].slice(0, 2), ['extension.vsixmanifest', '[Content_Types].xml']);
  assert.ok([...entries.values()].some((e) => e.method === 8), 'entries are deflated');
  for (const name of entries.keys()) {
    assert.ok(name === 'extension.vsixmanifest' || name === '[Content_Types].xml' || name.startsWith('extension/'), name);
    assert.doesNotMatch(name, /^extension\/(test|scripts|node_modules|dist)\//, `${name} does not belong in the package`);
  }
  try {
    execFileSync('python3', ['-m', 'zipfile', '-t', a.file], { stdio: 'pipe' });
  } catch (error) {
    const e = /** @type {any} */ (error);
    if (e.code !== 'ENOENT') throw new Error(`python3 zipfile rejects the archive: ${e.stderr}`);
  }
});

test('extension.vsixmanifest matches package.json', () => {
  const { file } = buildVsix({ out: path.join(tmp, 'm.vsix') });
  const entries = readZip(fs.readFileSync(file));
  const manifest = entries.get('extension.vsixmanifest').data.toString('utf8');
  assert.match(manifest, /^<\?xml version="1.0" encoding="utf-8"\?>\n<PackageManifest Version="2.0.0" xmlns="http:\/\/schemas.microsoft.com\/developer\/vsx-schema\/2011"/);
  assert.deepEqual(attrs(manifest, 'Identity'), { Language: 'en-US', Id: pkg.name, Version: pkg.version, Publisher: pkg.publisher });
  assert.equal(/<DisplayName>(.*)<\/DisplayName>/.exec(manifest)[1], pkg.displayName);
  assert.equal(attrs(manifest, 'InstallationTarget').Id, 'Microsoft.VisualStudio.Code');
  const properties = Object.fromEntries([...manifest.matchAll(/<Property Id="([^"]+)" Value="([^"]*)" \/>/g)].map((m) => [m[1], m[2]]));
  assert.equal(properties['Microsoft.VisualStudio.Code.Engine'], pkg.engines.vscode);
  const assets = [...manifest.matchAll(/<Asset Type="([^"]+)" Path="([^"]+)"/g)].map((m) => ({ type: m[1], path: m[2] }));
  assert.deepEqual(assets.find((a) => a.type === 'Microsoft.VisualStudio.Code.Manifest'), { type: 'Microsoft.VisualStudio.Code.Manifest', path: 'extension/package.json' });
  for (const asset of assets) assert.ok(entries.has(asset.path), `asset ${asset.path} is in the package`);
  assert.deepEqual(JSON.parse(entries.get('extension/package.json').data.toString('utf8')), pkg);

  const types = entries.get('[Content_Types].xml').data.toString('utf8');
  const defaults = new Set([...types.matchAll(/<Default Extension="([^"]+)"/g)].map((m) => m[1]));
  const overrides = new Set([...types.matchAll(/<Override PartName="\/([^"]+)"/g)].map((m) => m[1]));
  for (const name of entries.keys()) {
    if (name === '[Content_Types].xml') continue;
    const ext = path.posix.extname(name);
    assert.ok(ext ? defaults.has(ext) : overrides.has(name), `${name} has a content type`);
  }
});

test('package.json is a valid VS Code manifest for this extension', () => {
  const { file } = buildVsix({ out: path.join(tmp, 'p.vsix') });
  const entries = readZip(fs.readFileSync(file));
  assert.match(pkg.engines.vscode, /^\^1\.(8[5-9]|9\d)\./);
  assert.equal(pkg.dependencies, undefined, 'no npm dependencies');
  assert.ok(entries.has(`extension/${path.posix.normalize(pkg.main)}`), 'main is packaged');
  const commands = new Set(pkg.contributes.commands.map((/** @type {any} */ c) => c.command));
  for (const c of pkg.contributes.commands) assert.ok(c.command && c.title, JSON.stringify(c));
  for (const [where, items] of Object.entries(pkg.contributes.menus)) {
    for (const item of /** @type {any[]} */ (items)) assert.ok(commands.has(item.command), `${where} → ${item.command} is declared`);
  }
  for (const kb of pkg.contributes.keybindings) assert.ok(commands.has(kb.command), `keybinding ${kb.key} → ${kb.command}`);
  for (const event of pkg.activationEvents) {
    assert.match(event, /^(onView:|onCommand:|onWebviewPanel:)/);
    if (event.startsWith('onCommand:')) assert.ok(commands.has(event.slice(10)), event);
  }
  assert.ok(pkg.activationEvents.includes('onView:fonsters.library'));
  assert.ok(pkg.activationEvents.includes('onWebviewPanel:fonsters.detail'));
  const container = pkg.contributes.viewsContainers.activitybar[0];
  assert.ok(entries.has(`extension/${container.icon}`), 'activity bar icon packaged');
  assert.match(entries.get(`extension/${container.icon}`).data.toString('utf8'), /^<svg /);
  assert.deepEqual(pkg.contributes.views[container.id].map((/** @type {any} */ v) => v.id), ['fonsters.library']);
  const settings = pkg.contributes.configuration.properties;
  for (const key of ['fonsters.serverPath', 'fonsters.storePath']) assert.equal(settings[key].type, 'string', key);
  for (const media of ['media/detail.js', 'media/detail.css']) assert.ok(entries.has(`extension/${media}`), media);
});

test('every module the extension requires is in the package (only vscode and Node built-ins outside it)', () => {
  const { file } = buildVsix({ out: path.join(tmp, 'r.vsix') });
  const entries = readZip(fs.readFileSync(file));
  const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
  const seen = new Set();
  const queue = [`extension/${path.posix.normalize(pkg.main)}`];
  while (queue.length) {
    const name = /** @type {string} */ (queue.shift());
    if (seen.has(name)) continue;
    seen.add(name);
    const source = entries.get(name);
    assert.ok(source, `${name} is packaged`);
    for (const [, request] of source.data.toString('utf8').matchAll(/require\(\s*'([^']+)'\s*\)/g)) {
      if (request === 'vscode' || builtins.has(request)) continue;
      assert.ok(request.startsWith('.'), `${name} requires "${request}", which is neither relative nor built in`);
      let target = path.posix.join(path.posix.dirname(name), request);
      if (!target.endsWith('.js')) target += '.js';
      queue.push(target);
    }
  }
  assert.ok(seen.size > 10, `walked ${seen.size} modules`);
});

test('--server bundles an executable server the extension finds first', () => {
  const fakeServer = path.join(tmp, 'fonsters-rpc');
  fs.writeFileSync(fakeServer, '#!/bin/sh\n');
  const { file } = buildVsix({ out: path.join(tmp, 's.vsix'), server: fakeServer });
  const entry = readZip(fs.readFileSync(file)).get('extension/server/fonsters-rpc');
  assert.ok(entry);
  assert.equal(entry.mode, 0o755);
  const { locateServer } = require('../src/server/locate');
  const unpacked = path.join(tmp, 'unpacked');
  fs.mkdirSync(path.join(unpacked, 'server'), { recursive: true });
  fs.writeFileSync(path.join(unpacked, 'server', 'fonsters-rpc'), entry.data, { mode: entry.mode });
  assert.equal(locateServer({ extensionPath: unpacked, envPath: '' }).command, path.join(unpacked, 'server', 'fonsters-rpc'));
});
