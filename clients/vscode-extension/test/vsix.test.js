// @ts-check
'use strict';

/**
 * The .vsix, checked the way the marketplace tooling (vsce) checks one: it
 * builds without npm, is a valid ZIP (read back through its central directory
 * with CRC checks, and by Python's zipfile when present), carries a manifest
 * whose Identity, texts, GalleryFlags, Properties and assets match
 * package.json, content types for every file extension, the files an
 * extension ships (LICENSE, icon, every module it requires) and nothing else
 * (no tests, scripts, dist or node_modules); package.json has every field vsce
 * requires. Also the command line of build-vsix.js.
 */

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const { builtinModules } = require('node:module');
const { buildVsix, SHARED_UI } = require('../scripts/build-vsix');
const { readZip } = require('./helpers/zip-reader');
const { decodePng } = require('./helpers/png');
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
    assert.doesNotMatch(name, /(^|\/)(test|scripts|node_modules|dist|\.git)\//, `${name} does not belong in the package`);
    assert.doesNotMatch(name, /\.(vsix|test\.js)$|(^|\/)\.[^/]+$/, `${name} does not belong in the package`);
  }
  const shipped = [...entries.keys()].filter((n) => n.startsWith('extension/')).map((n) => n.slice('extension/'.length));
  const expected = ['package.json', 'extension.js', 'README.md', 'LICENSE.txt',
    ...['src', 'media'].flatMap((dir) => walk(path.join(EXTENSION_ROOT, dir)).map((f) => path.relative(EXTENSION_ROOT, f).split(path.sep).join('/'))),
    // The detail view's modules, shared with the web page (clients/web/ui).
    ...walk(SHARED_UI).map((f) => `ui/${path.relative(SHARED_UI, f).split(path.sep).join('/')}`)];
  assert.deepEqual([...shipped].sort(), [...expected].sort(), 'exactly the extension\'s own files');
  assert.equal(entries.get('extension/LICENSE.txt').data.toString('utf8'), fs.readFileSync(path.join(EXTENSION_ROOT, 'LICENSE'), 'utf8'));
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
  assert.deepEqual(attrs(manifest, 'Identity'), { Language: 'en-US', Id: pkg.name, Version: pkg.version, Publisher: pkg.publisher },
    'a package without --target is universal: no TargetPlatform');
  assert.equal(element(manifest, 'DisplayName'), pkg.displayName);
  assert.equal(element(manifest, 'Description'), pkg.description);
  assert.deepEqual(element(manifest, 'Categories').split(','), pkg.categories);
  for (const keyword of pkg.keywords) assert.ok(element(manifest, 'Tags').split(',').includes(keyword), `tag ${keyword}`);
  assert.equal(element(manifest, 'GalleryFlags'), 'Public');
  assert.equal(attrs(manifest, 'InstallationTarget').Id, 'Microsoft.VisualStudio.Code');
  const properties = Object.fromEntries([...manifest.matchAll(/<Property Id="([^"]+)" Value="([^"]*)" \/>/g)].map((m) => [m[1], m[2]]));
  assert.equal(properties['Microsoft.VisualStudio.Code.Engine'], pkg.engines.vscode);
  assert.equal(properties['Microsoft.VisualStudio.Code.ExecutesCode'], 'true');
  const repository = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
  assert.match(repository, /^https:\/\//);
  for (const link of ['Source', 'Getstarted', 'GitHub']) assert.equal(properties[`Microsoft.VisualStudio.Services.Links.${link}`], repository, link);
  assert.equal(element(manifest, 'License'), 'extension/LICENSE.txt');
  assert.equal(element(manifest, 'Icon'), `extension/${pkg.icon}`);
  const assets = [...manifest.matchAll(/<Asset Type="([^"]+)" Path="([^"]+)"/g)].map((m) => ({ type: m[1], path: m[2] }));
  assert.deepEqual(Object.fromEntries(assets.map((a) => [a.type, a.path])), {
    'Microsoft.VisualStudio.Code.Manifest': 'extension/package.json',
    'Microsoft.VisualStudio.Services.Content.Details': 'extension/README.md',
    'Microsoft.VisualStudio.Services.Content.License': 'extension/LICENSE.txt',
    'Microsoft.VisualStudio.Services.Icons.Default': `extension/${pkg.icon}`,
  });
  for (const asset of assets) assert.ok(entries.has(asset.path), `asset ${asset.path} is in the package`);
  assert.deepEqual(JSON.parse(entries.get('extension/package.json').data.toString('utf8')), pkg);

  const types = entries.get('[Content_Types].xml').data.toString('utf8');
  const defaults = new Set([...types.matchAll(/<Default Extension="([^"]+)"/g)].map((m) => m[1]));
  const overrides = new Set([...types.matchAll(/<Override PartName="\/([^"]+)"/g)].map((m) => m[1]));
  const typeOf = Object.fromEntries([...types.matchAll(/<Default Extension="([^"]+)" ContentType="([^"]+)"/g)].map((m) => [m[1], m[2]]));
  for (const name of entries.keys()) {
    if (name === '[Content_Types].xml') continue;
    const ext = path.posix.extname(name);
    assert.ok(ext ? defaults.has(ext) : overrides.has(name), `${name} has a content type`);
  }
  assert.equal(typeOf['.png'], 'image/png');
  assert.equal(typeOf['.json'], 'application/json');
  assert.equal(typeOf['.txt'], 'text/plain');
});

test('package.json is a valid VS Code manifest for this extension', () => {
  const { file } = buildVsix({ out: path.join(tmp, 'p.vsix') });
  const entries = readZip(fs.readFileSync(file));
  assert.match(pkg.engines.vscode, /^\^1\.(7[4-9]|[89]\d|\d{3,})\./, 'at least 1.74, which generates onCommand/onView activation events');
  for (const field of ['name', 'displayName', 'description', 'version', 'publisher', 'license', 'icon']) {
    assert.equal(typeof pkg[field], 'string', `package.json ${field}`);
  }
  assert.match(pkg.name, /^[a-z0-9][a-z0-9-]*$/, 'vsce: lower-case name without spaces');
  assert.match(pkg.version, /^\d+\.\d+\.\d+$/);
  assert.equal(pkg.license, 'MIT');
  assert.match(fs.readFileSync(path.join(EXTENSION_ROOT, 'LICENSE'), 'utf8'), /^MIT License\n\nCopyright \(c\) 2026 the fonsters-rpc authors\n/);
  assert.equal(pkg.repository.type, 'git');
  assert.match(pkg.repository.url, /^https:\/\/.+\.git$/);
  assert.match(pkg.icon, /\.png$/, 'the marketplace icon must be a PNG, not an SVG');
  const icon = decodePng(fs.readFileSync(path.join(EXTENSION_ROOT, pkg.icon)));
  assert.deepEqual([icon.width, icon.height], [128, 128], 'the icon is 128×128');
  assert.ok(entries.has(`extension/${pkg.icon}`), 'icon packaged');
  assert.deepEqual(pkg.capabilities.untrustedWorkspaces, { supported: true });
  for (const key of ['fonsters.serverPath', 'fonsters.storePath', 'fonsters.serverArgs']) {
    assert.equal(pkg.contributes.configuration.properties[key].scope, 'machine', `${key} cannot come from an untrusted workspace's settings`);
  }
  assert.equal(pkg.dependencies, undefined, 'no npm dependencies');
  assert.ok(entries.has(`extension/${path.posix.normalize(pkg.main)}`), 'main is packaged');
  const commands = new Set(pkg.contributes.commands.map((/** @type {any} */ c) => c.command));
  for (const c of pkg.contributes.commands) assert.ok(c.command && c.title, JSON.stringify(c));
  for (const [where, items] of Object.entries(pkg.contributes.menus)) {
    for (const item of /** @type {any[]} */ (items)) assert.ok(commands.has(item.command), `${where} → ${item.command} is declared`);
  }
  for (const kb of pkg.contributes.keybindings) assert.ok(commands.has(kb.command), `keybinding ${kb.key} → ${kb.command}`);
  // VS Code ≥ 1.74 generates onCommand:/onView: for contributed commands and views;
  // only the serializer's onWebviewPanel: must be declared.
  assert.deepEqual(pkg.activationEvents, ['onWebviewPanel:fonsters.detail']);
  const container = pkg.contributes.viewsContainers.activitybar[0];
  assert.ok(entries.has(`extension/${container.icon}`), 'activity bar icon packaged');
  assert.match(entries.get(`extension/${container.icon}`).data.toString('utf8'), /^<svg /);
  assert.deepEqual(pkg.contributes.views[container.id].map((/** @type {any} */ v) => v.id), ['fonsters.library']);
  const settings = pkg.contributes.configuration.properties;
  for (const key of ['fonsters.serverPath', 'fonsters.storePath']) assert.equal(settings[key].type, 'string', key);
  assert.deepEqual(settings['fonsters.logLevel'].enum, ['debug', 'info', 'warn', 'error', 'off']);
  for (const welcome of pkg.contributes.viewsWelcome) {
    assert.equal(welcome.view, 'fonsters.library');
    for (const [, command] of welcome.contents.matchAll(/\]\(command:([\w.]+)\)/g)) assert.ok(commands.has(command), `welcome link ${command}`);
  }
  for (const media of ['media/detail.js', 'media/detail.css', 'ui/detail.js', 'ui/detail.css']) assert.ok(entries.has(`extension/${media}`), media);
  // The shared view's own imports travel with it.
  for (const [name, entry] of entries) {
    if (!/^extension\/ui\/.*\.js$/.test(name)) continue;
    for (const [, spec] of entry.data.toString('utf8').matchAll(/^import .* from '(\.[^']+)';$/gm)) {
      assert.ok(entries.has(path.posix.join(path.posix.dirname(name), spec)), `${name} imports ${spec}, which is packaged`);
    }
  }
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

test('unpacked, the extension finds the shared detail modules in ui/ and Node loads the protocol service from there', async () => {
  const { file } = buildVsix({ out: path.join(tmp, 'u.vsix') });
  const root = path.join(tmp, 'unpacked');
  for (const [name, entry] of readZip(fs.readFileSync(file))) {
    if (!name.startsWith('extension/')) continue;
    const target = path.join(root, name.slice('extension/'.length));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, entry.data);
  }
  const { sharedUiSegments } = require(path.join(root, 'src', 'detail', 'ui-location.js'));
  assert.deepEqual(sharedUiSegments(root), ['ui'], 'a packaged extension uses its own ui/ folder');
  const service = await import(require('node:url').pathToFileURL(path.join(root, 'ui', 'detail-service.mjs')).href);
  assert.equal(typeof service.createDetailService, 'function', 'the service loads as a module beside the CommonJS package.json');
});

test('--target with --server: a platform package with TargetPlatform and an executable server the extension finds first', () => {
  const server = path.join(tmp, 'fonsters-rpc');
  fs.writeFileSync(server, elfHeader(62)); // x86-64
  const { file } = buildVsix({ out: path.join(tmp, 's.vsix'), server, target: 'linux-x64' });
  const entries = readZip(fs.readFileSync(file));
  const manifest = entries.get('extension.vsixmanifest').data.toString('utf8');
  assert.deepEqual(attrs(manifest, 'Identity'), { Language: 'en-US', Id: pkg.name, Version: pkg.version, Publisher: pkg.publisher, TargetPlatform: 'linux-x64' });
  assert.match(entries.get('[Content_Types].xml').data.toString('utf8'), /<Override PartName="\/extension\/server\/fonsters-rpc" ContentType="application\/octet-stream" \/>/);
  const entry = entries.get('extension/server/fonsters-rpc');
  assert.ok(entry);
  assert.equal(entry.mode, 0o755);
  assert.ok(entry.data.equals(fs.readFileSync(server)));
  const { locateServer } = require('../src/server/locate');
  const unpacked = path.join(tmp, 'unpacked');
  fs.mkdirSync(path.join(unpacked, 'server'), { recursive: true });
  fs.writeFileSync(path.join(unpacked, 'server', 'fonsters-rpc'), entry.data, { mode: entry.mode });
  assert.equal(locateServer({ extensionPath: unpacked, envPath: '' }).command, path.join(unpacked, 'server', 'fonsters-rpc'));
});

test('the default file name carries the platform: fonsters-linux-x64-VERSION.vsix', () => {
  const server = path.join(tmp, 'named-server');
  fs.writeFileSync(server, elfHeader(62));
  const dir = path.join(tmp, 'named');
  assert.equal(buildVsix({ server, target: 'linux-x64', outDir: dir }).file, path.join(dir, `${pkg.name}-linux-x64-${pkg.version}.vsix`));
  assert.equal(buildVsix({ outDir: dir }).file, path.join(dir, `${pkg.name}-${pkg.version}.vsix`));
});

test('a bundled server must exist, be given with --target, and match its processor', () => {
  const arm = path.join(tmp, 'arm-server');
  fs.writeFileSync(arm, elfHeader(183));
  const script = path.join(tmp, 'script-server');
  fs.writeFileSync(script, '#!/bin/sh\n');
  assert.throws(() => buildVsix({ out: path.join(tmp, 'x.vsix'), server: arm }), /--server needs --target/);
  assert.throws(() => buildVsix({ out: path.join(tmp, 'x.vsix'), server: arm, target: 'linux-x64' }), /ELF machine 183, not x86-64/);
  assert.throws(() => buildVsix({ out: path.join(tmp, 'x.vsix'), server: script, target: 'linux-x64' }), /not a Linux executable/);
  assert.throws(() => buildVsix({ out: path.join(tmp, 'x.vsix'), server: path.join(tmp, 'none'), target: 'linux-x64' }), /Cannot read the server .*none: no such file\./);
  assert.throws(() => buildVsix({ out: path.join(tmp, 'x.vsix'), target: 'linux-sparc' }), /"linux-sparc" is not a VS Code platform/);
  assert.equal(fs.existsSync(path.join(tmp, 'x.vsix')), false, 'nothing written');
});

test('build-vsix.js: --help prints usage and builds nothing; mistakes are one line, without a stack trace', () => {
  const script = path.join(EXTENSION_ROOT, 'scripts', 'build-vsix.js');
  const cwd = fs.mkdtempSync(path.join(tmp, 'cli-'));
  const run = (/** @type {string[]} */ ...args) => spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8' });
  const before = fs.existsSync(path.join(EXTENSION_ROOT, 'dist')) ? fs.readdirSync(path.join(EXTENSION_ROOT, 'dist')) : [];

  const help = run('--help');
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^Usage: node scripts\/build-vsix\.js /);
  assert.match(help.stdout, /--target PLATFORM/);
  assert.equal(help.stderr, '');
  const afterHelp = fs.existsSync(path.join(EXTENSION_ROOT, 'dist')) ? fs.readdirSync(path.join(EXTENSION_ROOT, 'dist')) : [];
  assert.deepEqual(afterHelp, before, '--help builds nothing');
  assert.equal(run('--target', 'linux-x64', '--help').status, 0, '--help in any position');

  const missing = run('--target', 'linux-x64', '--server', '/nonexistent');
  assert.equal(missing.status, 1);
  assert.equal(missing.stdout, '');
  assert.equal(missing.stderr, 'build-vsix: Cannot read the server /nonexistent: no such file.\n');

  const unknown = run('--bogus');
  assert.equal(unknown.status, 2);
  assert.equal(unknown.stderr, 'build-vsix: Unknown argument "--bogus". Try --help.\n');
  const twice = run('--out', 'a.vsix', '--out', 'b.vsix');
  assert.equal(twice.status, 2);
  assert.match(twice.stderr, /^build-vsix: --out is given twice\. Try --help\.\n$/);
  assert.equal(run('--out').status, 2, 'a flag without its value');

  const out = run('--out', 'ok.vsix');
  assert.equal(out.status, 0, out.stderr);
  assert.match(out.stdout, /^Wrote ok\.vsix \(\d+ entries, [\d,]+ bytes\)\.\n$/);
  assert.ok(fs.existsSync(path.join(cwd, 'ok.vsix')));
});

/** @param {string} xml @param {string} tag */
function element(xml, tag) {
  const m = new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`).exec(xml);
  assert.ok(m, `<${tag}> in the manifest`);
  return m[1].replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");
}

/** @param {string} dir @returns {string[]} */
function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

/** The first bytes of a 64-bit little-endian ELF executable for `machine`. @param {number} machine */
function elfHeader(machine) {
  const header = Buffer.alloc(64);
  header.writeUInt32BE(0x7f454c46, 0);
  header[4] = 2; // 64-bit
  header[5] = 1; // little-endian
  header[6] = 1;
  header.writeUInt16LE(2, 16); // executable
  header.writeUInt16LE(machine, 18);
  return header;
}
