// @ts-check
'use strict';

/**
 * Poll until `check` returns a truthy value (or resolves to one).
 * @template T
 * @param {() => T | Promise<T>} check
 * @param {string} what described in the timeout error
 * @param {number} [timeoutMs]
 * @returns {Promise<T>}
 */
async function waitFor(check, what, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      last = await check();
      if (last) return last;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

module.exports = { waitFor };
