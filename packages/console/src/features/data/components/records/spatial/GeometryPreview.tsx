import type { Geometry, Position } from '@basalt/shared';

const SIZE = 160;
const PAD = 12;

/** Every position of a geometry, rings and lines flattened. */
function positions(g: Geometry): Position[] {
  if (g.type === 'Point') return [g.coordinates];
  if (g.type === 'LineString') return g.coordinates;
  return g.coordinates.flat();
}

/**
 * A small drawing of a geometry, fitted to its bounds (north up, longitude scaled by the cosine
 * of the latitude so shapes keep their proportions). The console works offline, so there are no
 * map tiles: the shape itself, with its bounds written below.
 */
export function GeometryPreview({ geometry, label }: { geometry: Geometry; label: string }) {
  const pts = positions(geometry);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const kx = Math.cos((((minY + maxY) / 2) * Math.PI) / 180) || 1;
  const span = Math.max((maxX - minX) * kx, maxY - minY) || 1;
  const scale = (SIZE - 2 * PAD) / span;
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const at = (p: Position) => `${(SIZE / 2 + (p[0] - cx) * kx * scale).toFixed(2)},${(SIZE / 2 - (p[1] - cy) * scale).toFixed(2)}`;
  const stroke = 'var(--mantine-color-blue-6)';
  let shape;
  if (geometry.type === 'Point') {
    const [x, y] = at(geometry.coordinates).split(',');
    shape = <circle cx={x} cy={y} r={5} fill={stroke} />;
  } else if (geometry.type === 'LineString') {
    shape = <polyline points={geometry.coordinates.map(at).join(' ')} fill="none" stroke={stroke} strokeWidth={2} />;
  } else {
    // Outer ring and holes in one path: even-odd filling leaves the holes empty.
    const d = geometry.coordinates.map((ring) => `M${ring.map(at).join('L')}Z`).join(' ');
    shape = <path d={d} fillRule="evenodd" fill="var(--mantine-color-blue-1)" stroke={stroke} strokeWidth={2} />;
  }
  return (
    <figure style={{ margin: 0 }}>
      <svg role="img" aria-label={label} width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, background: 'var(--mantine-color-gray-0)' }}>
        <line x1={0} y1={SIZE / 2} x2={SIZE} y2={SIZE / 2} stroke="var(--mantine-color-gray-3)" strokeDasharray="2 3" />
        <line x1={SIZE / 2} y1={0} x2={SIZE / 2} y2={SIZE} stroke="var(--mantine-color-gray-3)" strokeDasharray="2 3" />
        {shape}
      </svg>
      <figcaption style={{ fontSize: 11, color: 'var(--mantine-color-dimmed)' }}>
        {geometry.type === 'Point' ? `lon ${minX}, lat ${minY}` : `lon ${minX} … ${maxX}, lat ${minY} … ${maxY}`}
      </figcaption>
    </figure>
  );
}
