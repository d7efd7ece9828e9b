import { useId, useMemo, type ComponentType } from 'react';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { Widget } from '../../engine/definition/dashboard';
import { widgetRows } from '../../engine/charts/rows';
import { format, messages } from '../../engine/messages';
import type { LayoutContext } from './types';
import { widgetRegistry } from './widgets/registry';
import type { WidgetProps } from './widgets/types';
import { WidgetHelpView } from './WidgetHelpView';

/** The page controls under a table of a paged dataset (the PSS-14 respondents of a large company). */
function Pages({ dataset, view }: { dataset: string; view: LayoutContext }) {
  const result = view.data.datasets[dataset];
  const size = view.paging?.sizes[dataset];
  if (!result || result.total === undefined || size === undefined || result.total <= size || !view.paging) return null;
  const { onPage } = view.paging;
  return (
    <TablePagination
      component="div"
      count={result.total}
      page={result.page ?? 0}
      rowsPerPage={size}
      rowsPerPageOptions={[]}
      onPageChange={(_event, page) => onPage(dataset, page)}
      labelDisplayedRows={({ from, to, count }) => format(messages.dashboard.pageRows, { from, to, count })}
      getItemAriaLabel={(type) => (type === 'next' ? messages.dashboard.nextPage : type === 'previous' ? messages.dashboard.previousPage : type === 'first' ? messages.dashboard.firstPage : messages.dashboard.lastPage)}
    />
  );
}

interface WidgetCardProps {
  widget: Widget;
  view: LayoutContext;
  /** Heading level of the widget's title. */
  level: number;
}

/** One widget in a card: its title, its 'Como ler' explanation, then its component, or its empty text when no row remains. */
export function WidgetCard({ widget, view, level }: WidgetCardProps) {
  const { data, narrow, title: viewTitle, empty: viewEmpty, block } = view;
  const rows = useMemo(() => widgetRows(widget, data, narrow), [widget, data, narrow]);
  const own = widget.title ?? viewTitle;
  const name = block ? `${own} – ${block}` : own;
  const titleId = useId();
  const ownEmpty = widget.kind === 'legend' ? undefined : widget.empty;
  const empty = widget.kind !== 'legend' && rows.length === 0;
  // The registry pairs each kind with its props; TypeScript cannot correlate the union here.
  const Component = widgetRegistry[widget.kind] as ComponentType<WidgetProps<Widget['kind']>>;
  return (
    <Paper
      role="group"
      aria-labelledby={widget.title ? titleId : undefined}
      aria-label={widget.title ? undefined : name}
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
    >
      {widget.title && (
        <Typography id={titleId} component={`h${Math.min(level, 6)}` as 'h2'} variant="h6" gutterBottom>
          {widget.title}
        </Typography>
      )}
      {widget.help && <WidgetHelpView help={widget.help} />}
      {empty ? (
        <Typography color="text.secondary">{ownEmpty ?? viewEmpty}</Typography>
      ) : (
        <Component widget={widget} rows={rows} name={name} level={level + 1} />
      )}
      {widget.kind === 'table' && <Pages dataset={widget.dataset} view={view} />}
    </Paper>
  );
}
