import { drawTextCell, GridCellKind, type CustomCell, type CustomRenderer, type Rectangle, type Theme } from '@glideapps/glide-data-grid';
import { formatLocalDateTime } from '../../../data-format';
import { formatNumberCell, nextBoolean, parseBooleanText, parseDateTimeText, parseNumberText } from './cell-values';
import { isBooleanCell, isDateTimeCell, isNumberCell, type BooleanCell, type DateTimeCell, type NumberCell } from './grid-cells';
import { NumberCellEditor } from './NumberCellEditor';
import { DateTimeCellEditor } from './DateTimeCellEditor';

const BOX = 16;
// The click target is a little larger than the box: rows are only 28 px high.
const HIT = 12;

/** A tri-state box: ticked (true), empty outline (false), dashed and faint (null). */
function drawBox(ctx: CanvasRenderingContext2D, theme: Theme, rect: Rectangle, value: boolean | null, readonly: boolean) {
  const x = Math.round(rect.x + rect.width / 2 - BOX / 2) + 0.5;
  const y = Math.round(rect.y + rect.height / 2 - BOX / 2) + 0.5;
  ctx.save();
  ctx.globalAlpha = readonly ? 0.5 : 1;
  ctx.beginPath();
  ctx.roundRect(x, y, BOX, BOX, 3);
  if (value === true) {
    ctx.fillStyle = theme.accentColor;
    ctx.fill();
    ctx.strokeStyle = theme.accentFg;
    ctx.lineWidth = 2;
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(x + 4, y + 8.5);
    ctx.lineTo(x + 7, y + 11.5);
    ctx.lineTo(x + 12, y + 5);
    ctx.stroke();
  } else {
    ctx.strokeStyle = value === false ? theme.textMedium : theme.textLight;
    ctx.lineWidth = 1.25;
    if (value === null) {
      ctx.setLineDash([2, 2]);
      ctx.globalAlpha *= 0.7;
    }
    ctx.stroke();
  }
  ctx.restore();
}

const booleanRenderer: CustomRenderer<BooleanCell> = {
  kind: GridCellKind.Custom,
  isMatch: (cell: CustomCell): cell is BooleanCell => isBooleanCell(cell),
  needsHover: false,
  draw: (args, cell) => drawBox(args.ctx, args.theme, args.rect, cell.data.value, cell.readonly === true),
  onClick: ({ cell, posX, posY, bounds }) => {
    if (cell.readonly) return undefined;
    const hit = Math.abs(posX - bounds.width / 2) <= HIT && Math.abs(posY - bounds.height / 2) <= HIT;
    return hit ? { ...cell, data: { ...cell.data, value: nextBoolean(cell.data.value, cell.data.required) } } : undefined;
  },
  onPaste: (text, data) => {
    const parsed = parseBooleanText(text);
    return 'error' in parsed || (parsed.value === null && data.required) ? undefined : { ...data, value: parsed.value };
  },
  onDelete: (cell) => (cell.data.required ? undefined : { ...cell, data: { ...cell.data, value: null } }),
};

const numberRenderer: CustomRenderer<NumberCell> = {
  kind: GridCellKind.Custom,
  isMatch: (cell: CustomCell): cell is NumberCell => isNumberCell(cell),
  draw: (args, cell) => drawTextCell(args, formatNumberCell(cell.data.value), 'right'),
  provideEditor: () => ({ editor: NumberCellEditor, disablePadding: true }),
  onPaste: (text, data) => {
    const parsed = parseNumberText(text, data);
    return 'error' in parsed ? undefined : { ...data, value: parsed.value };
  },
  onDelete: (cell) => (cell.data.required ? undefined : { ...cell, data: { ...cell.data, value: null } }),
};

const dateTimeRenderer: CustomRenderer<DateTimeCell> = {
  kind: GridCellKind.Custom,
  isMatch: (cell: CustomCell): cell is DateTimeCell => isDateTimeCell(cell),
  draw: (args, cell) => drawTextCell(args, cell.data.value === null ? '' : formatLocalDateTime(cell.data.value)),
  provideEditor: () => ({ editor: DateTimeCellEditor, disablePadding: true }),
  onPaste: (text, data) => {
    const parsed = parseDateTimeText(text);
    return 'error' in parsed || (parsed.value === null && data.required) ? undefined : { ...data, value: parsed.value };
  },
  onDelete: (cell) => (cell.data.required ? undefined : { ...cell, data: { ...cell.data, value: null } }),
};

/** The grid's renderers for typed cells (booleans, numbers, dates); text stays Glide's own. */
export const typedCellRenderers = [booleanRenderer, numberRenderer, dateTimeRenderer];
