// The library's default engine (library/settings): the sidebar's “New Fonsters are drawn by”
// choice. It says which engine draws new Fonsters, changes it for every window on the library,
// and follows changes made elsewhere (fonsters/didChange, reason "settings").

/** Why fonsters-v2 is the better default, in one sentence (figures from the engines themselves). */
export const ENGINE_WHY = 'fonsters-v2 draws far more distinct creatures: of the 20,000 seeds “alice 0” … “alice 19999”, fonsters-v1 draws 10 distinct pictures, fonsters-v2 draws 16,575.';

/**
 * @param {object} deps
 * @param {(method: string, params?: any) => Promise<any>} deps.call
 * @param {HTMLSelectElement} deps.select
 * @param {HTMLElement} deps.why where the sentence goes
 * @param {(engine: string) => void} deps.changed the library's default engine is now `engine`
 * @param {(error: any) => void} deps.onError
 */
export function setupDefaultEngine(deps) {
  let shown = '';
  deps.why.textContent = ENGINE_WHY;

  /** Show `engine` as the library's default among `engines` (the server's). */
  function show(engine, engines) {
    const all = engines && engines.length ? engines : [...deps.select.options].map((o) => o.value);
    if (!all.includes(engine)) all.push(engine);
    if ([...deps.select.options].map((o) => o.value).join() !== all.join()) {
      deps.select.textContent = '';
      for (const e of all) deps.select.append(new Option(e, e));
    }
    deps.select.value = engine;
    deps.select.disabled = all.length < 2;
    if (engine !== shown) { shown = engine; deps.changed(engine); }
  }

  deps.select.addEventListener('change', async () => {
    const wanted = deps.select.value;
    try {
      const settings = await deps.call('library/settings', { defaultEngine: wanted });
      show(settings.defaultEngine);
    } catch (error) {
      deps.select.value = shown;
      deps.onError(error);
    }
  });

  return {
    show,
    /** A didChange of reason "settings": the library's settings as they are now. */
    follow(settings) { if (settings && typeof settings.defaultEngine === 'string') show(settings.defaultEngine); },
    get engine() { return shown; },
  };
}
