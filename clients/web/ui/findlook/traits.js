// Find a look's traits: what a creature may be asked to draw, creature/search's `want` from the
// panel's choices, and a match's traits as text.

/** The features a creature may draw (creature/search `want`: true means drawn). */
export const FEATURES = ['eyes', 'mouth', 'nose', 'body', 'hair', 'eyebrows', 'beard', 'ears', 'horn', 'antlers', 'appendages'];
/** Other yes/no traits of the configuration. */
export const FLAGS = { symmetric: 'Symmetric', diagonal: 'Diagonal', upsideDown: 'Upside down', opaqueBackground: 'Opaque background' };
/** The traits picked from a list, with their values (ENGINE.md §4 and §7). */
export const CHOICES = {
  mode: { label: 'Mode', values: ['creature', 'cloud', 'flower', 'repeating', 'space'] },
  tier: { label: 'Tier', values: [1, 2, 3, 4, 5] },
  colorCount: { label: 'Colours in the palette', values: [2, 3, 4, 5, 6] },
  tap: {
    label: 'First tap animation',
    values: ['blink', 'eyebrowRaise', 'armWave', 'footKick', 'slideOffAndBack', 'squishAndPop', 'bounce', 'wiggle', 'shake', 'pulse', 'rain',
      'explode', 'wipe', 'dissolve', 'zoom', 'blinds', 'push', 'flip', 'spinOut', 'spotlight', 'bounceIn'],
  },
};
/**
 * creature/search's `want` from the panel's choices; null when nothing is wanted.
 * @param {{ features?: string[], flags?: string[], choices?: Record<string, string | number | ''>, color?: string | null }} picked
 */
export function wantFrom(picked) {
  const want = {};
  for (const f of picked.features || []) if (FEATURES.includes(f)) want[f] = true;
  for (const f of picked.flags || []) if (f in FLAGS) want[f] = true;
  for (const [key, value] of Object.entries(picked.choices || {})) {
    if (!(key in CHOICES) || value === '' || value === undefined || value === null) continue;
    want[key] = typeof CHOICES[key].values[0] === 'number' ? Number(value) : String(value);
  }
  if (picked.color && /^#[0-9a-f]{6}$/i.test(picked.color)) want.color = picked.color.toLowerCase();
  return Object.keys(want).length ? want : null;
}

/** A match's traits as text: "antlers, tier 5". */
export function traitsText(traits) {
  return Object.entries(traits || {}).map(([k, v]) => (v === true || v === 'true' ? k : `${k} ${v}`)).join(', ');
}

export const words = (name) => name.replace(/([A-Z])/g, ' $1').toLowerCase();
