import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { shortDay } from './sales-words.ts';

export interface ChartDay {
  readonly date: string;
  readonly sold: number;
  readonly redeemed: number;
  readonly refunded: number;
  readonly expired: number;
}

/**
 * Units by day (recharts, drawn locally as SVG): sold and redeemed as bars, refunded and expired
 * as lines. The picture is hidden from assistive technology (its keyboard layer is off too, so
 * nothing hidden takes focus); the table "Sales by day" beside it holds the same figures, and the
 * figure's caption says so.
 */
export function SalesChart({ days, tableId }: { days: readonly ChartDay[]; tableId: string }) {
  return (
    <figure className="sales-chart">
      <div className="sales-chart__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={280} initialDimension={{ width: 720, height: 280 }}>
          <ComposedChart data={[...days]} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid stroke="var(--line)" vertical={false} />
            <XAxis dataKey="date" tickFormatter={shortDay} tick={{ fontSize: 12, fill: 'var(--muted)' }} tickLine={false} axisLine={{ stroke: 'var(--line)' }} minTickGap={24} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: 'var(--muted)' }} tickLine={false} axisLine={false} width={48} />
            <Tooltip labelFormatter={(d) => shortDay(String(d))} cursor={{ fill: 'var(--brand-soft)' }} />
            <Legend iconType="circle" itemSorter={null} wrapperStyle={{ fontSize: 13 }} />
            <Bar dataKey="sold" name="Sold" fill="var(--brand)" radius={[3, 3, 0, 0]} maxBarSize={18} isAnimationActive={false} />
            <Bar dataKey="redeemed" name="Redeemed" fill="var(--leaf)" radius={[3, 3, 0, 0]} maxBarSize={18} isAnimationActive={false} />
            <Line dataKey="refunded" name="Refunded" stroke="var(--accent)" strokeWidth={2} dot={false} type="monotone" isAnimationActive={false} />
            <Line dataKey="expired" name="Expired" stroke="var(--muted)" strokeWidth={2} strokeDasharray="4 3" dot={false} type="monotone" isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sales-chart__caption">
        Units sold, redeemed, refunded and expired each day. The same figures are in the table <a href={`#${tableId}`}>Sales by day</a>.
      </figcaption>
    </figure>
  );
}
