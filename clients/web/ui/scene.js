// The scene the creature stands on (ENGINE.md §8.1): the sky gradient from
// creature/environment's sky levels, and — when the seed shows optional
// effects — the sun and drifting clouds. The server says which layers are on;
// the sun's period and each cloud's start, height, size and drift time come
// from §2's segment hash of the render seed, as the apps compute them.

/** §2: h(seed, id) in [0, 1) over UTF-16 code units of `seed + U+0000 + id`. */
export function segmentHash(seed, id) {
  const text = `${seed}\u0000${id}`;
  const lanes = new Uint32Array(8);
  for (let j = 0; j < 8; j++) lanes[j] = 5381 + j;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const j = i & 7;
    lanes[j] = Math.imul(lanes[j], 33) ^ (c & 0xff);
    lanes[j] = Math.imul(lanes[j], 33) ^ (c >> 8);
  }
  const low = (lanes[0] ^ lanes[2] ^ lanes[4] ^ lanes[6]) >>> 0;
  const high = (lanes[1] ^ lanes[3] ^ lanes[5] ^ lanes[7]) >>> 0;
  return (high * 2 ** 21 + (low >>> 11)) / 2 ** 53;
}

/** §2: ⌊h·n⌋ mod n, 0 when n ≤ 0. */
export function pick(seed, id, n) {
  return n > 0 ? Math.floor(segmentHash(seed, id) * n) % n : 0;
}

/** §8.1: trunc(h × 1,000,000). */
export function seedToInt(seed, id) {
  return Math.trunc(segmentHash(seed, id) * 1000000);
}

const WHITESPACE = /^[\p{Zs}\t\u200B]+|[\p{Zs}\t\u200B]+$/gu;

/** §1: `" "` when the trimmed seed is empty, else the seed untrimmed. */
export function renderSeed(seed) {
  return seed.replace(WHITESPACE, '') === '' ? ' ' : seed;
}

/**
 * The §8.1 numbers for a seed and its creature/environment answer.
 * @param {string} seed
 * @param {{ layers: any, showOptionalEffects: boolean, sky: { top: number, middle: number, bottom: number } }} environment
 */
export function scenePlan(seed, environment) {
  const s = renderSeed(seed);
  const { layers, showOptionalEffects: show, sky } = environment;
  const sun = show && layers.sun && layers.sun.on ? { periodSeconds: 80 + (seedToInt(s, 'env_sun_dur') % 40) } : null;
  let clouds = null;
  if (show && layers.clouds && layers.clouds.on) {
    const count = layers.clouds.count;
    const initial = count != null ? Math.min(count, 20) : 2 + pick(s, 'env_cloud_n', 3);
    const max = Math.min(initial + 2, 20);
    const items = [];
    for (let i = 0; i < max; i++) {
      items.push({
        index: i,
        startsLeft: segmentHash(s, `env_cloud_x${i}`) < 0.5,
        y: 0.1 + 0.3 * segmentHash(s, `env_cloud_y${i}`),
        size: 60 + pick(s, `env_cloud_sz${i}`, 80),
        driftSeconds: 40 + pick(s, `env_cloud_dur${i}`, 35),
        shapeSeed: seedToInt(s, `env_cloud_seed${i}`),
      });
    }
    clouds = { initial, max, items };
  }
  return { sky: [sky.top, sky.middle, sky.bottom], showOptionalEffects: show, sun, clouds };
}

/** The CSS gradient for three white levels, top to bottom. */
export function skyGradient(levels) {
  const grey = (v) => Math.round(Math.min(1, Math.max(0, v)) * 255);
  const stops = levels.map((v, i) => `rgb(${grey(v)}, ${grey(v)}, ${grey(v)}) ${i * 50}%`);
  return `linear-gradient(to bottom, ${stops.join(', ')})`;
}

/** The sun's centre at time `seconds` in a W × H scene (fractions of W and H). */
export function sunPosition(periodSeconds, seconds) {
  const p = (seconds / periodSeconds) % 1;
  return { x: 0.2 + 0.6 * p, y: 0.15 + 0.05 * Math.sin(2 * Math.PI * p) };
}

/** A small deterministic generator for the three extra puffs (their placement is not specified). */
function puffs(seed) {
  let state = (seed >>> 0) || 1;
  const next = () => {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state / 2 ** 32;
  };
  return [0, 1, 2].map(() => ({ dx: next() * 1.6 - 0.8, dy: next() * 0.6 - 0.3, d: 0.5 + next() * 0.4 }));
}

const SVG = 'http://www.w3.org/2000/svg';

function sunElement() {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '-12 -12 24 24');
  svg.setAttribute('class', 'scene-sun');
  svg.setAttribute('aria-hidden', 'true');
  const disc = document.createElementNS(SVG, 'circle');
  disc.setAttribute('r', '5');
  svg.appendChild(disc);
  for (let i = 0; i < 8; i++) {
    const ray = document.createElementNS(SVG, 'rect');
    ray.setAttribute('x', '-1');
    ray.setAttribute('y', '-11.5');
    ray.setAttribute('width', '2');
    ray.setAttribute('height', '4');
    ray.setAttribute('rx', '1');
    ray.setAttribute('transform', `rotate(${i * 45})`);
    svg.appendChild(ray);
  }
  return svg;
}

/** One cloud: five fixed ellipses and three seeded puffs in an S × 0.6S frame. */
function cloudElement(item) {
  const el = document.createElement('div');
  el.className = 'scene-cloud';
  el.setAttribute('aria-hidden', 'true');
  const w = item.size;
  const h = item.size * 0.6;
  el.style.width = `${w}px`;
  el.style.height = `${h}px`;
  const cx = w / 2;
  const cy = h / 2;
  const r = Math.min(w, h) / 3;
  const ellipses = [
    [cx - r, cy - 0.4 * r, 0.7 * r, 0.7 * r], [cx - 0.5 * r, cy - 0.6 * r, 0.9 * r, 0.9 * r], [cx, cy - 0.5 * r, r, r],
    [cx + 0.5 * r, cy - 0.4 * r, 0.8 * r, 0.8 * r], [cx + 0.3 * r, cy + 0.1 * r, 0.6 * r, 0.6 * r],
    ...puffs(item.shapeSeed).map((p) => [cx + p.dx * r, cy + p.dy * r, p.d * r, p.d * r]),
  ];
  for (const [x, y, ew, eh] of ellipses) {
    const puff = document.createElement('span');
    puff.style.left = `${x}px`;
    puff.style.top = `${y}px`;
    puff.style.width = `${ew}px`;
    puff.style.height = `${eh}px`;
    el.appendChild(puff);
  }
  return el;
}

/**
 * Draw and animate the scene inside `el` (which holds the creature above it).
 * @param {HTMLElement} el
 * @returns {{ show(seed: string, environment: any): void, clear(): void, plan: any }}
 */
export function mountScene(el) {
  const layer = document.createElement('div');
  layer.className = 'scene-layer';
  layer.setAttribute('aria-hidden', 'true');
  el.prepend(layer);
  let frame = 0;
  let plan = null;
  let sun = null;
  /** @type {{ item: any, el: HTMLElement, started: number }[]} */
  let clouds = [];
  let started = 0;
  let lastAdd = 0;
  const still = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

  function clear() {
    cancelAnimationFrame(frame);
    frame = 0;
    layer.textContent = '';
    el.style.background = '';
    sun = null;
    clouds = [];
    plan = null;
    api.plan = null;
  }

  function addCloud(now) {
    const index = clouds.length;
    const item = plan.clouds.items[index];
    if (!item) return;
    const cloud = { item, el: cloudElement(item), started: now };
    clouds.push(cloud);
    layer.appendChild(cloud.el);
  }

  function tick(now) {
    const W = el.clientWidth;
    const H = el.clientHeight;
    const seconds = (now - started) / 1000;
    if (sun) {
      const side = 0.15 * Math.min(W, H);
      const pos = sunPosition(plan.sun.periodSeconds, still ? plan.sun.periodSeconds * 0.25 : seconds);
      sun.style.width = `${side}px`;
      sun.style.height = `${side}px`;
      sun.style.transform = `translate(${pos.x * W - side / 2}px, ${pos.y * H - side / 2}px)`;
    }
    if (plan.clouds) {
      clouds = clouds.filter((c) => {
        const progress = (now - c.started) / 1000 / c.item.driftSeconds;
        if (progress >= 1 && !still) { c.el.remove(); return false; }
        const from = c.item.startsLeft ? -100 : W + 100;
        const to = c.item.startsLeft ? W + 100 : -100;
        const x = still ? (0.15 + 0.7 * ((c.item.index * 0.37) % 1)) * W : from + (to - from) * progress;
        c.el.style.transform = `translate(${x - c.item.size / 2}px, ${c.item.y * H - c.item.size * 0.3}px)`;
        return true;
      });
      if (!still && now - lastAdd >= 12000 && clouds.length < plan.clouds.max) {
        lastAdd = now;
        addCloud(now);
      }
    }
    if (!still && (sun || plan.clouds)) frame = requestAnimationFrame(tick);
  }

  const api = {
    plan: null,
    /** Show the scene of `seed` from its creature/environment answer. */
    show(seed, environment) {
      const next = scenePlan(seed, environment);
      const same = plan && JSON.stringify(plan) === JSON.stringify(next);
      if (same) return;
      clear();
      plan = next;
      api.plan = next;
      el.style.background = skyGradient(next.sky);
      started = performance.now();
      lastAdd = started;
      if (next.sun) {
        sun = sunElement();
        layer.appendChild(sun);
      }
      if (next.clouds) for (let i = 0; i < next.clouds.initial; i++) addCloud(started);
      if (next.sun || next.clouds) frame = requestAnimationFrame(tick);
    },
    clear,
  };
  return api;
}
