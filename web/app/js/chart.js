// @ts-check
// A rating chart in SVG, drawn here (no library): the rating after each rated game of one variant,
// oldest on the left, with the lowest and highest rating and the first and last dates on the axes.
// Each point has a title (date and rating) and links to its game.

import { language, t } from './i18n.js';
import { when } from './ui.js';

const NS = 'http://www.w3.org/2000/svg';

/**
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {string | number} [text]
 */
function el(tag, attrs = {}, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = String(text);
  return e;
}

/**
 * `points` oldest first; `start` is the rating before the first (1500).
 * @param {{at: number, rating: number, gameId: string | null}[]} points
 * @param {{width?: number, height?: number, start?: number, label?: string}} [o]
 */
export function ratingChart(points, { width = 640, height = 220, start = 1500, label = t('player.rating') } = {}) {
  const svg = el('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: 'rating-chart',
    role: 'img',
    'aria-label': `${label}: ${t('player.chart_games', { count: points.length })}${points.length ? `, ${t('player.chart_now', { rating: points[points.length - 1].rating })}` : ''}`,
  });
  const all = [{ rating: start, at: null }, ...points];
  const pad = { l: 48, r: 12, t: 12, b: 26 };
  const ratings = all.map((p) => p.rating);
  let lo = Math.min(...ratings);
  let hi = Math.max(...ratings);
  if (hi - lo < 40) {
    lo -= 20;
    hi += 20;
  }
  /** @param {number} i */
  const x = (i) => pad.l + (all.length === 1 ? 0 : (i * (width - pad.l - pad.r)) / (all.length - 1));
  /** @param {number} r */
  const y = (r) => pad.t + ((hi - r) * (height - pad.t - pad.b)) / (hi - lo);
  for (const r of [lo, hi, Math.round((lo + hi) / 2)]) {
    svg.append(el('line', { x1: pad.l, x2: width - pad.r, y1: y(r), y2: y(r), class: 'grid' }));
    svg.append(el('text', { x: pad.l - 6, y: y(r) + 4, 'text-anchor': 'end', class: 'axis' }, Math.round(r)));
  }
  if (points.length) {
    svg.append(
      el('text', { x: pad.l, y: height - 6, class: 'axis' }, new Date(points[0].at).toLocaleDateString(language())),
    );
    svg.append(
      el(
        'text',
        { x: width - pad.r, y: height - 6, 'text-anchor': 'end', class: 'axis' },
        new Date(points[points.length - 1].at).toLocaleDateString(language()),
      ),
    );
  }
  svg.append(
    el('polyline', {
      points: all.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' '),
      class: 'line',
    }),
  );
  points.forEach((p, i) => {
    const dot = el('circle', {
      cx: x(i + 1).toFixed(1),
      cy: y(p.rating).toFixed(1),
      r: 3.5,
      class: 'point',
      'data-rating': p.rating,
    });
    dot.append(el('title', {}, `${when(p.at)}: ${p.rating}`));
    if (p.gameId) {
      const a = el('a', { href: `/game/${p.gameId}` });
      a.append(dot);
      svg.append(a);
    } else {
      svg.append(dot);
    }
  });
  return svg;
}
