// The scene the creature stands on (ENGINE.md §8.1), drawn from what the server
// sends: creature/environment's `scene` holds the sky's three grey levels and —
// when the seed shows optional effects — the sun's period and each cloud's
// start, height, size, drift time and shape seed. Nothing here computes them:
// this module only places and moves them over time.

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

/** A cloud's centre (px) in a W-wide scene after `progress` (0…1) of its drift: from 100 px off its
 * starting side to 100 px past the other. */
export function cloudX(item, W, progress) {
  const from = item.startsLeft ? -100 : W + 100;
  const to = item.startsLeft ? W + 100 : -100;
  return from + (to - from) * progress;
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
 * @returns {{ show(scene: any): void, clear(): void, plan: any }}
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
        const x = still ? (0.15 + 0.7 * ((c.item.index * 0.37) % 1)) * W : cloudX(c.item, W, progress);
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
    /** The scene shown (creature/environment's `scene`), null when none. */
    plan: null,
    /** Show `scene` (creature/environment's `scene`); the same scene again changes nothing. */
    show(next) {
      if (!next) return;
      if (plan && JSON.stringify(plan) === JSON.stringify(next)) return;
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
