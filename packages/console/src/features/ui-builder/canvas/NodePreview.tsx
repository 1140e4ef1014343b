import type { CSSProperties, ReactNode } from 'react';
import { IconChartBar, IconPhoto } from '@tabler/icons-react';
import type { FlatNode } from '../model/doc-state';
import type { TableDataSource } from '../model/schema';
import { dataSourceOf, shown } from './preview-value';
import classes from './canvas.module.css';

interface Props {
  node: FlatNode;
  children: ReactNode;
  /** The page's data sources, to name a bound table. */
  dataSources: readonly TableDataSource[];
  tables: ReadonlyMap<string, readonly string[]>;
}

const cssOf = (node: FlatNode): CSSProperties => {
  const normal = node.styles?.normal;
  if (!normal) return {};
  const out: Record<string, string | number> = {};
  // CSS names (`font-size`) to React's (`fontSize`); custom properties stay as written.
  for (const [k, v] of Object.entries(normal))
    out[k.startsWith('--') ? k : k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return out as CSSProperties;
};

/**
 * What a node looks like on the canvas: close to the published page, but inert (links do not
 * navigate, fields do not take focus) and with data shown as its shape, not its rows.
 */
export function NodePreview({ node, children, dataSources, tables }: Props) {
  const p = node.props ?? {};
  const style = cssOf(node);
  const empty = (label: string) => <div className={classes.emptySlot}>{label}</div>;
  const kids = node.childIds.length ? children : empty('Drop components here');
  const source = dataSourceOf(p.data);
  const ds = source ? dataSources.find((d) => d.id === source) : undefined;
  switch (node.type) {
    case 'Block':
      return (
        <div className={classes.block} style={style}>
          {kids}
        </div>
      );
    case 'Text':
      return <p style={{ margin: 0, ...style }}>{shown(p.text, 'Text')}</p>;
    case 'Heading': {
      const level = Math.min(6, Math.max(1, Number(p.level) || 1));
      const H = `h${level}` as 'h1';
      return <H style={{ margin: 0, ...style }}>{shown(p.text, 'Heading')}</H>;
    }
    case 'Image':
      return p.src && typeof p.src === 'string' ? (
        <img src={p.src} alt={shown(p.alt)} style={{ maxWidth: '100%', ...style }} />
      ) : (
        <div className={classes.placeholder} style={style}>
          <IconPhoto size={20} stroke={1.5} /> Image
        </div>
      );
    case 'Link':
      return (
        <span className={classes.link} style={style}>
          {shown(p.text, 'Link')}
          {node.childIds.length > 0 && children}
        </span>
      );
    case 'Button':
      return (
        <button type="button" tabIndex={-1} className={classes.button} style={style}>
          {shown(p.label, 'Button')}
        </button>
      );
    case 'Input':
    case 'Select':
      return (
        <label className={classes.field} style={style}>
          <span>{shown(p.label)}</span>
          <span className={classes.fieldBox}>{shown(p.placeholder) || (node.type === 'Select' ? 'Choose…' : '')}</span>
        </label>
      );
    case 'Checkbox':
      return (
        <label className={classes.check} style={style}>
          <span className={classes.checkBox} aria-hidden="true">
            {p.checked === true ? '✓' : ''}
          </span>
          {shown(p.label)}
        </label>
      );
    case 'Form':
      return (
        <div className={classes.form} style={style}>
          {kids}
        </div>
      );
    case 'DataTable': {
      const listed = Array.isArray(p.columns)
        ? (p.columns as Array<{ field?: string; label?: string }>).map((c) => c.label || c.field || '')
        : [];
      const cols = listed.length ? listed : ds ? [...(tables.get(ds.table) ?? [])].slice(0, 6) : [];
      return (
        <div className={classes.dataTable} style={style}>
          <div className={classes.dataCaption}>
            {ds ? `Rows of ${ds.table}` : 'Data Table: choose a table in Properties'}
          </div>
          <table>
            <thead>
              <tr>
                {(cols.length ? cols : ['Column 1', 'Column 2', 'Column 3']).map((c) => (
                  <th key={c}>{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[0, 1, 2].map((r) => (
                <tr key={r}>
                  {(cols.length ? cols : [1, 2, 3]).map((c) => (
                    <td key={String(c)}>
                      <span className={classes.cellBar} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'List':
      return (
        <div className={classes.list} style={style}>
          <div className={classes.dataCaption}>
            {ds ? `Repeats for each row of ${ds.table}` : 'List: choose a data source'}
          </div>
          {kids}
        </div>
      );
    case 'Modal':
      return (
        <div className={classes.modal} style={style}>
          <div className={classes.modalTitle}>{shown(p.title, 'Dialog')}</div>
          {kids}
        </div>
      );
    case 'PageOutlet':
      return <div className={classes.placeholder}>Page content shows here</div>;
    case 'Chart':
      return (
        <div className={classes.placeholder} style={{ minHeight: 120, ...style }}>
          <IconChartBar size={20} stroke={1.5} /> {ds ? `${shown(p.chartType, 'bar')} chart of ${ds.table}` : 'Chart'}
        </div>
      );
    default:
      return <div className={classes.placeholder}>{node.type}</div>;
  }
}
