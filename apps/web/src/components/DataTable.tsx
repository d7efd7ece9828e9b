import Box from '@mui/material/Box';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { ptBR } from '@mui/x-data-grid/locales';

/** Props of `DataTable`: the MUI data grid's, plus the empty-state text. */
export type DataTableProps<Row extends GridValidRowModel> = DataGridProps<Row> & {
  /** Shown when there are no rows (a spec text such as 'Nenhum treinamento encontrado'). */
  emptyText: string;
  /** Accessible name of the table. */
  label: string;
};

/**
 * Every table of the staff area: the MUI X data grid in Portuguese, with sorting, paging (10/25/50/100)
 * and, when asked, row selection by checkbox; it grows with its rows up to the page and scrolls inside.
 */
export function DataTable<Row extends GridValidRowModel>({ emptyText, label, sx, localeText, ...props }: DataTableProps<Row>) {
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <DataGrid<Row>
        aria-label={label}
        autoHeight
        disableRowSelectionOnClick
        pageSizeOptions={[10, 25, 50, 100]}
        initialState={{ pagination: { paginationModel: { pageSize: 25, page: 0 } } }}
        localeText={{ ...ptBR.components.MuiDataGrid.defaultProps.localeText, noRowsLabel: emptyText, noResultsOverlayLabel: emptyText, ...localeText }}
        sx={{ bgcolor: 'background.paper', ...sx }}
        {...props}
      />
    </Box>
  );
}
