import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { format, messages } from '../../../../engine/messages';
import type { Course } from '../../../server/src/contract/courses';
import { useApiData } from '../api/useApiData';
import { DataTable } from '../components/DataTable';
import { LoadError, PageBody, PageHeader } from '../components/PageStates';
import { formatDate } from '../format';
import { CheckCircleIcon } from '../icons';
import { useToast } from '../toast';
import { CreateCourseDialog } from './users/CreateCourseDialog';
import { CancelIcon, MoreIcon } from './users/icons';

const text = messages.screenUsers;

/** Search debounce of the spec (administration.md 9). */
const DEBOUNCE_MS = 500;

/** Case- and accent-insensitive text for the search. */
const fold = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Courses (Treinamentos): search, create, and the list with status and a row menu. */
export default function CoursesPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const { data, loading, error, reload } = useApiData<Course[]>('/courses');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; course: Course } | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const rows = useMemo(() => (data ?? []).filter((course) => fold(course.name).includes(fold(query.trim()))), [data, query]);

  const columns: GridColDef<Course>[] = [
    {
      field: 'name',
      headerName: text.colCourse,
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/course/${row.id}`}>
          {row.name}
        </Link>
      ),
    },
    { field: 'created_at', headerName: text.colStart, width: 120, valueFormatter: (value: string) => formatDate(value) },
    { field: 'count', headerName: text.colParticipants, type: 'number', width: 130 },
    {
      field: 'status',
      headerName: text.colStatus,
      width: 90,
      renderCell: ({ value }) =>
        value ? (
          <CheckCircleIcon titleAccess={text.statusOn} sx={{ color: 'success.main', verticalAlign: 'middle' }} />
        ) : (
          <CancelIcon titleAccess={text.statusOff} sx={{ color: 'error.main', verticalAlign: 'middle' }} />
        ),
    },
    {
      field: 'menu',
      headerName: text.colMenu,
      width: 80,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <IconButton
          size="small"
          aria-label={format(text.courseMenu, { name: row.name })}
          aria-haspopup="menu"
          onClick={(event) => setMenu({ anchor: event.currentTarget, course: row })}
        >
          <MoreIcon fontSize="small" />
        </IconButton>
      ),
    },
  ];

  return (
    <PageBody>
      <PageHeader title={text.coursesTitle}>
        <TextField size="small" type="search" label={text.searchCourses} value={search} onChange={(event) => setSearch(event.target.value)} />
        <Button variant="contained" onClick={() => setCreating(true)}>
          {text.newCourse}
        </Button>
      </PageHeader>
      {error && <LoadError message={text.coursesLoadError} onRetry={reload} />}
      <DataTable<Course> label={text.coursesTable} emptyText={text.coursesEmpty} rows={rows} columns={columns} loading={loading} />
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setMenu(null);
            toast.info(text.notImplemented);
          }}
        >
          {text.editCourse}
        </MenuItem>
        <MenuItem
          onClick={() => {
            const id = menu?.course.id;
            setMenu(null);
            if (id !== undefined) void navigate(`/course/${id}`);
          }}
        >
          {text.openCourse}
        </MenuItem>
      </Menu>
      <CreateCourseDialog open={creating} onClose={() => setCreating(false)} onCreated={reload} />
    </PageBody>
  );
}
