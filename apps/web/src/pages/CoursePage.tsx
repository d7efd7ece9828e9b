import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { format, messages } from '../../../../engine/messages';
import type { CourseDetail, Participant } from '../../../server/src/contract/courses';
import type { AnyUser } from '../../../server/src/contract/users';
import { useApiData } from '../api/useApiData';
import { DataTable } from '../components/DataTable';
import { LoadError, PageBody, PageHeader } from '../components/PageStates';
import { formatDate } from '../format';
import { AddParticipantsDialog } from './users/AddParticipantsDialog';
import { CreateEvaluationDialog } from './users/CreateEvaluationDialog';
import { RemoveParticipantsDialog } from './users/RemoveParticipantsDialog';
import { noSelection, selectedIds } from './users/selection';

const text = messages.screenUsers;

const columns: GridColDef<Participant>[] = [
  { field: 'name', headerName: text.colName, flex: 1, minWidth: 180 },
  { field: 'email', headerName: text.colEmail, flex: 1, minWidth: 200 },
  { field: 'created_at', headerName: text.colJoined, width: 140, valueFormatter: (value: string) => formatDate(value) },
];

/** Course detail: its participants, adding and removing them, and creating evaluations for those selected. */
export default function CoursePage() {
  const { id } = useParams();
  const courseId = Number(id);
  const valid = Number.isInteger(courseId) && courseId > 0;
  const { data, loading, error, reload } = useApiData<CourseDetail>(valid ? `/usercourses/${courseId}` : null);
  const [selection, setSelection] = useState<GridRowSelectionModel>(noSelection);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Participant[] | null>(null);
  const [evaluating, setEvaluating] = useState(false);
  // The participants' companies: the evaluated people and sectors of the dialog come from the first one.
  const everyone = useApiData<AnyUser[]>(evaluating && data?.course.company_id == null ? '/users/all' : null);

  const rows = useMemo(() => data?.userCourses ?? [], [data]);
  const chosen = useMemo(() => {
    const ids = selectedIds(selection, rows.map((row) => row.id));
    return rows.filter((row) => ids.includes(row.id));
  }, [selection, rows]);
  const companyId = data?.course.company_id ?? everyone.data?.find((user) => user.id === chosen[0]?.user_id)?.company_id ?? null;

  if (!valid) return <LoadError message={text.participantsLoadError} />;
  return (
    <PageBody>
      <Link component={RouterLink} to="/courses" variant="body2">
        {text.backToCourses}
      </Link>
      <PageHeader title={data ? format(text.courseTitle, { name: data.course.name }) : text.coursesTitle}>
        <Button variant="outlined" color="secondary" onClick={() => setAdding(true)} disabled={!data}>
          {text.addParticipant}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setRemoving(chosen)} disabled={chosen.length === 0}>
          {text.removeParticipants}
        </Button>
        <Button variant="contained" onClick={() => setEvaluating(true)} disabled={chosen.length === 0}>
          {text.evaluate}
        </Button>
      </PageHeader>
      {error && <LoadError message={error} onRetry={reload} />}
      <DataTable<Participant>
        label={text.participantsTable}
        emptyText={text.participantsEmpty}
        rows={rows}
        columns={columns}
        loading={loading}
        checkboxSelection
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
      />
      <AddParticipantsDialog
        open={adding}
        courseId={courseId}
        courseCompanyId={data?.course.company_id ?? null}
        participantIds={rows.map((row) => row.user_id)}
        onClose={() => setAdding(false)}
        onAdded={reload}
      />
      <RemoveParticipantsDialog
        participants={removing}
        onClose={() => setRemoving(null)}
        onRemoved={() => {
          setSelection(noSelection());
          reload();
        }}
      />
      <CreateEvaluationDialog
        open={evaluating}
        companyId={companyId}
        courseId={courseId}
        participants={chosen.map((row) => ({ user_id: row.user_id, name: row.name, usercourse_id: row.usercourse_id }))}
        onClose={() => setEvaluating(false)}
        onCreated={() => setSelection(noSelection())}
      />
    </PageBody>
  );
}
