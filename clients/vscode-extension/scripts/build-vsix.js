#!/usr/bin/env node
// @ts-check
'use strict';

/**
 * Build an installable .vsix without npm or vsce (run with --help for usage).
 * The archive holds extension.vsixmanifest, [Content_Types].xml and
 * extension/ (package.json, extension.js, src/, media/, README.md,
 * LICENSE.txt, and ui/: the detail view's modules shared with the web page,
 * from ../web/ui; with --server also server/fonsters-rpc, found first by the
 * extension). A bundled server runs on one platform only, so --server needs
 * --target, which sets the manifest's TargetPlatform as vsce does.
 */

const fs = require('fs');
const path = require('path');
const { writeZip } = require('./zip');
const { vsixManifest, contentTypes } = require('./vsix-manifest');

const ROOT = path.resolve(__dirname, '..');
const INCLUDE = ['package.json', 'extension.js', 'README.md', 'src', 'media'];
/** The shared detail modules (clients/web/ui), packaged as extension/ui/ (see src/detail/ui-location.js). */
const SHARED_UI = path.resolve(ROOT, '..', 'web', 'ui');

/** The platforms the marketplace accepts for `--target`, with the ELF machine a Linux server must have. */
const TARGETS = {
  'linux-x64': { elfMachine: 62, cpu: 'x86-64' },
  'linux-arm64': { elfMachine: 183, cpu: 'AArch64' },
  'linux-armhf': { elfMachine: 40, cpu: 'ARM' },
  'alpine-x64': { elfMachine: 62, cpu: 'x86-64' },
  'alpine-arm64': { elfMachine: 183, cpu: 'AArch64' },
  'darwin-x64': {},
  'darwin-arm64': {},
  'win32-x64': {},
  'win32-arm64': {},
};

const USAGE = `Usage: node scripts/build-vsix.js [--target PLATFORM --server PATH] [--out FILE]

Builds an installable VS Code extension package (no npm or vsce needed).

  --target PLATFORM  the platform of a platform-specific package: ${Object.keys(TARGETS).join(', ')}
                     (sets TargetPlatform in the manifest; the file is named fonsters-PLATFORM-VERSION.vsix)
  --server PATH      bundle this fonsters-rpc executable as server/fonsters-rpc (needs --target)
  --out FILE         where to write the package (default: dist/fonsters[-PLATFORM]-VERSION.vsix)
  --help             print this and build nothing

Install with: code --install-extension dist/fonsters-linux-x64-VERSION.vsix
`;

/** A mistake in what was asked for: printed as one line, without a stack trace. */
class BuildError extends Error {}

/** @param {string} dir relative to ROOT */
function listFiles(dir) {
  const full = path.join(ROOT, dir);
  if (!fs.statSync(full).isDirectory()) return [dir];
  return fs.readdirSync(full).sort().flatMap((name) => listFiles(path.join(dir, name)));
}

/**
 * @param {{ out?: string, outDir?: string, server?: string, target?: string }} [options]
 *   `out` the file, else `outDir` (default dist/) with the vsce-style name
 * @returns {{ file: string, entries: string[] }}
 */
function buildVsix(options = {}) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  for (const field of ['name', 'version', 'publisher', 'main', 'license', 'icon']) {
    if (!pkg[field]) throw new BuildError(`package.json needs "${field}".`);
  }
  if (!pkg.engines || !pkg.engines.vscode) throw new BuildError('package.json needs "engines.vscode".');
  const { target } = options;
  if (target !== undefined && !Object.prototype.hasOwnProperty.call(TARGETS, target)) {
    throw new BuildError(`The target "${target}" is not a VS Code platform; use one of ${Object.keys(TARGETS).join(', ')}.`);
  }
  if (options.server !== undefined && target === undefined) {
    throw new BuildError('--server needs --target PLATFORM: a bundled server runs on one platform only.');
  }
  /** @type {{ name: string, data: Buffer | string, mode?: number }[]} */
  const files = INCLUDE.flatMap(listFiles).map((rel) => ({
    name: `extension/${rel.split(path.sep).join('/')}`,
    data: fs.readFileSync(path.join(ROOT, rel)),
  }));
  for (const rel of listFiles(path.relative(ROOT, SHARED_UI))) {
    files.push({ name: `extension/ui/${path.relative(SHARED_UI, path.join(ROOT, rel)).split(path.sep).join('/')}`, data: fs.readFileSync(path.join(ROOT, rel)) });
  }
  // vsce packages the license as LICENSE.txt and names it in the manifest.
  files.push({ name: 'extension/LICENSE.txt', data: fs.readFileSync(path.join(ROOT, 'LICENSE')) });
  if (options.server !== undefined) {
    files.push({ name: 'extension/server/fonsters-rpc', data: readServer(options.server, /** @type {string} */ (target)), mode: 0o755 });
  }
  files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const names = files.map((f) => f.name);
  const main = `extension/${path.posix.normalize(pkg.main)}`;
  if (!names.includes(main)) throw new BuildError(`The main file ${pkg.main} is not in the package.`);
  const icon = `extension/${path.posix.normalize(pkg.icon)}`;
  if (!names.includes(icon)) throw new BuildError(`The icon ${pkg.icon} is not in the package.`);
  const manifest = vsixManifest(pkg, {
    readme: names.includes('extension/README.md') ? 'extension/README.md' : undefined,
    license: 'extension/LICENSE.txt',
    icon,
    target,
  });
  const entries = [
    { name: 'extension.vsixmanifest', data: manifest },
    { name: '[Content_Types].xml', data: contentTypes(['extension.vsixmanifest', ...names]) },
    ...files,
  ];
  const base = target ? `${pkg.name}-${target}-${pkg.version}` : `${pkg.name}-${pkg.version}`;
  const out = options.out || path.join(options.outDir || path.join(ROOT, 'dist'), `${base}.vsix`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, writeZip(entries));
  return { file: out, entries: entries.map((e) => e.name) };
}

/**
 * The server's bytes, refused when it is missing or, for a Linux target,
 * not an ELF executable for that target's processor.
 * @param {string} file
 * @param {string} target
 */
function readServer(file, target) {
  let data;
  try {
    data = fs.readFileSync(file);
  } catch (error) {
    const e = /** @type {NodeJS.ErrnoException} */ (error);
    const why = e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'it is a folder' : e.message;
    throw new BuildError(`Cannot read the server ${file}: ${why}.`);
  }
  const { elfMachine, cpu } = /** @type {{ elfMachine?: number, cpu?: string }} */ (TARGETS[/** @type {'linux-x64'} */ (target)]);
  if (elfMachine !== undefined) {
    const isElf = data.length >= 20 && data.readUInt32BE(0) === 0x7f454c46;
    if (!isElf) throw new BuildError(`The server ${file} is not a Linux executable (no ELF header), so it cannot run on ${target}.`);
    const machine = data[5] === 2 ? data.readUInt16BE(18) : data.readUInt16LE(18);
    if (machine !== elfMachine) {
      throw new BuildError(`The server ${file} is built for ELF machine ${machine}, not ${cpu} (${elfMachine}), so it cannot run on ${target}.`);
    }
  }
  return data;
}

/**
 * The command line: options, or a usage mistake.
 * @param {string[]} args
 * @returns {{ help: true } | { help: false, out?: string, server?: string, target?: string }}
 */
function parseArgs(args) {
  /** @type {Record<string, string>} */
  const values = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--help' || arg === '-h') return { help: true };
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!['--out', '--server', '--target'].includes(flag)) throw new UsageError(`Unknown argument "${arg}".`);
    const value = inline !== undefined ? inline : args[++i];
    if (value === undefined || value === '') throw new UsageError(`${flag} needs a value.`);
    if (values[flag] !== undefined) throw new UsageError(`${flag} is given twice.`);
    values[flag] = value;
  }
  return { help: false, out: values['--out'], server: values['--server'], target: values['--target'] };
}

/** A command-line mistake: exit 2 with a hint. */
class UsageError extends Error {}

if (require.main === module) {
  try {
    const options = parseArgs(process.argv.slice(2));
    if (options.help) {
      process.stdout.write(USAGE);
    } else {
      const { file, entries } = buildVsix(options);
      process.stdout.write(`Wrote ${path.relative(process.cwd(), file)} (${entries.length} entries, ${fs.statSync(file).size.toLocaleString('en-US')} bytes).\n`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`build-vsix: ${error.message} Try --help.\n`);
      process.exitCode = 2;
    } else if (error instanceof BuildError || (error && /** @type {any} */ (error).code)) {
      process.stderr.write(`build-vsix: ${/** @type {Error} */ (error).message.replace(/\.?$/, '.')}\n`); // I/O errors too: one line
      process.exitCode = 1;
    } else {
      throw error;
    }
  }
}

module.exports = { buildVsix, parseArgs, TARGETS, USAGE, SHARED_UI };
