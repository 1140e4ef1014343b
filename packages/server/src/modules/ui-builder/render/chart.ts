import { attr, escapeHtml, textOf } from './html.js';

const W = 400;
const H = 200;
const COLORS = [
  'var(--bsl-chart-1)',
  'var(--bsl-chart-2)',
  'var(--bsl-chart-3)',
  'var(--bsl-chart-4)',
  'var(--bsl-chart-5)',
];

/** A small SVG chart of rows (label field `x`, value field `y`): bar, line or pie; no script needed. */
export function renderChart(rows: Array<Record<string, unknown>>, type: string, x: string, y: string): string {
  const points = rows.slice(0, 100).map((r) => ({ label: textOf(x ? r[x] : ''), value: Number(y ? r[y] : 0) || 0 }));
  const open = `<svg${attr('viewBox', `0 0 ${W} ${H}`)} role="img" xmlns="http://www.w3.org/2000/svg">`;
  if (!points.length) return `${open}</svg>`;
  const titles = (p: { label: string; value: number }) => `<title>${escapeHtml(`${p.label}: ${p.value}`)}</title>`;
  if (type === 'pie') {
    const total = points.reduce((s, p) => s + Math.max(0, p.value), 0) || 1;
    let angle = -Math.PI / 2;
    const slices = points.map((p, i) => {
      const sweep = (Math.max(0, p.value) / total) * Math.PI * 2;
      const [x1, y1] = [W / 2 + 90 * Math.cos(angle), H / 2 + 90 * Math.sin(angle)];
      angle += sweep;
      const [x2, y2] = [W / 2 + 90 * Math.cos(angle), H / 2 + 90 * Math.sin(angle)];
      const d = `M${W / 2},${H / 2} L${x1.toFixed(2)},${y1.toFixed(2)} A90,90 0 ${sweep > Math.PI ? 1 : 0} 1 ${x2.toFixed(2)},${y2.toFixed(2)} Z`;
      return `<path${attr('d', d)}${attr('fill', COLORS[i % COLORS.length])}>${titles(p)}</path>`;
    });
    return `${open}${slices.join('')}</svg>`;
  }
  const max = Math.max(...points.map((p) => p.value), 0) || 1;
  const step = W / points.length;
  if (type === 'line') {
    const coords = points.map(
      (p, i) => `${(i * step + step / 2).toFixed(2)},${(H - (Math.max(0, p.value) / max) * (H - 10)).toFixed(2)}`,
    );
    return `${open}<polyline fill="none" stroke="var(--bsl-chart-1)" stroke-width="2"${attr('points', coords.join(' '))}/>${points.map((p, i) => `<circle r="3"${attr('cx', coords[i].split(',')[0])}${attr('cy', coords[i].split(',')[1])} fill="var(--bsl-chart-1)">${titles(p)}</circle>`).join('')}</svg>`;
  }
  const bars = points.map((p, i) => {
    const h = (Math.max(0, p.value) / max) * (H - 10);
    return `<rect${attr('x', (i * step + step * 0.1).toFixed(2))}${attr('y', (H - h).toFixed(2))}${attr('width', (step * 0.8).toFixed(2))}${attr('height', h.toFixed(2))} fill="var(--bsl-chart-1)">${titles(p)}</rect>`;
  });
  return `${open}${bars.join('')}</svg>`;
}
