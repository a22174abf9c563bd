// @ts-check
'use strict';

/**
 * Which servers the suites run against.
 * - The real `fonsters-rpc`: `FONSTERS_SERVER` when set, else the package's
 *   build folder (`../../.build/debug/fonsters-rpc`, then `.build/release`)
 *   relative to the extension folder. Real-server suites skip, with a message
 *   saying so, only when no binary can be found.
 * - The contract fake (`contract-fake-server.js`), written from the protocol
 *   draft: it lets the client-side logic run anywhere, and never stands in for
 *   the real server's pictures.
 */

const fs = require('fs');
const path = require('path');

const EXTENSION_ROOT = path.resolve(__dirname, '..', '..');
const FAKE_SERVER = path.join(__dirname, 'contract-fake-server.js');

function findRealServer() {
  const fromEnv = process.env.FONSTERS_SERVER;
  if (fromEnv) {
    const resolved = path.resolve(fromEnv);
    if (!fs.existsSync(resolved)) throw new Error(`FONSTERS_SERVER points to ${resolved}, which does not exist`);
    return { command: resolved, via: 'FONSTERS_SERVER' };
  }
  for (const config of ['debug', 'release']) {
    const candidate = path.resolve(EXTENSION_ROOT, '..', '..', '.build', config, 'fonsters-rpc');
    if (fs.existsSync(candidate)) return { command: candidate, via: `.build/${config}` };
  }
  return null;
}

const NO_SERVER = 'no fonsters-rpc binary found: set FONSTERS_SERVER=/path/to/fonsters-rpc or run `swift build` at the package root '
  + `(looked for ${path.resolve(EXTENSION_ROOT, '..', '..', '.build', '{debug,release}', 'fonsters-rpc')})`;

/**
 * @typedef {{ name: string, command: string, real: boolean, skip: string | false }} ServerKind
 * @returns {ServerKind[]}
 */
function serverKinds() {
  const real = findRealServer();
  return [
    { name: 'contract fake server', command: FAKE_SERVER, real: false, skip: false },
    real
      ? { name: `real fonsters-rpc (${real.via})`, command: real.command, real: true, skip: false }
      : { name: 'real fonsters-rpc', command: '', real: true, skip: NO_SERVER },
  ];
}

module.exports = { findRealServer, serverKinds, NO_SERVER, FAKE_SERVER, EXTENSION_ROOT };
