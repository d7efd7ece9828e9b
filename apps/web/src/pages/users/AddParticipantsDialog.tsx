import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { format, messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import type { Company } from '../../../../server/src/contract/companies';
import type { ListedUser } from '../../../../server/src/contract/users';
import { addParticipant, usersPath } from '../../api/users';
import { useApiData } from '../../api/useApiData';
import { useToast } from '../../toast';

const text = messages.screenUsers;

/** Props of `AddParticipantsDialog`. */
export interface AddParticipantsDialogProps {
  open: boolean;
  courseId: number;
  /** The course's company, when it belongs to one: only its people may join. */
  courseCompanyId: number | null;
  /** Users already in the course (not offered again). */
  participantIds: number[];
  onClose(): void;
  onAdded(): void;
}

/** Adds participants to a course: choose the company, then its users; one call per user, with progress. */
export function AddParticipantsDialog({ open, courseId, courseCompanyId, participantIds, onClose, onAdded }: AddParticipantsDialogProps) {
  const toast = useToast();
  const companies = useApiData<Company[]>(open ? '/companies' : null);
  const [picked, setPicked] = useState<Company | null>(null);
  const [users, setUsers] = useState<ListedUser[]>([]);
  const [done, setDone] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const companyOptions = useMemo(
    () => (companies.data ?? []).filter((item) => item.status !== false && (courseCompanyId === null || item.id === courseCompanyId)),
    [companies.data, courseCompanyId],
  );
  // A course of one company has only that company to offer: it comes chosen.
  const company = picked ?? (courseCompanyId !== null && companyOptions.length === 1 ? companyOptions[0]! : null);
  const people = useApiData<ListedUser[]>(open && company ? usersPath(company.id) : null);

  const userOptions = useMemo(() => (people.data ?? []).filter((user) => user.status && !participantIds.includes(user.id)), [people.data, participantIds]);

  const close = () => {
    setPicked(null);
    setUsers([]);
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    setDone(0);
    const added: number[] = [];
    try {
      for (const user of users) {
        await addParticipant(user.id, courseId);
        added.push(user.id);
        setDone(added.length);
      }
      toast.success(messages.registry.participantAdded);
      onAdded();
      close();
    } catch (error) {
      // Those already added stay; the rest remain chosen so the user can retry.
      setUsers((previous) => previous.filter((user) => !added.includes(user.id)));
      if (added.length > 0) onAdded();
      setFailure(errorMessage(error));
      toast.error(text.courseAddError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="sm" aria-labelledby="add-participants-title">
      <DialogTitle id="add-participants-title">{text.addParticipantTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Autocomplete
            options={companyOptions}
            value={company}
            loading={companies.loading}
            disabled={busy}
            getOptionLabel={(item) => item.commercial_name}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            noOptionsText={text.noOptions}
            onChange={(_, item) => {
              setPicked(item);
              setUsers([]);
            }}
            renderInput={(params) => <TextField {...params} label={text.company} />}
          />
          <Autocomplete
            multiple
            options={userOptions}
            value={users}
            loading={people.loading}
            disabled={!company || busy}
            getOptionLabel={(user) => `${user.name} (${user.email})`}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            noOptionsText={text.noOptions}
            onChange={(_, chosen) => setUsers(chosen)}
            renderInput={(params) => <TextField {...params} label={text.users} />}
          />
          {(companies.error || people.error) && <Alert severity="error">{companies.error ?? people.error}</Alert>}
          {failure && <Alert severity="error">{format(text.courseAddErrorDetail, { message: failure })}</Alert>}
          {busy && <LinearProgress variant="determinate" value={users.length ? (done / users.length) * 100 : 0} aria-label={text.adding} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button color="secondary" onClick={close} disabled={busy}>
          {messages.common.cancel}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || users.length === 0}>
          {busy ? text.adding : text.add}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
