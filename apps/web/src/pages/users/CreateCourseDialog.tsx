import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import type { Company } from '../../../../server/src/contract/companies';
import { useApiData } from '../../api/useApiData';
import { createCourse } from '../../api/users';
import { useToast } from '../../toast';

const text = messages.screenUsers;

/**
 * Creates a course from its name and, optionally, its company (a course of one company takes only that
 * company's participants); a failure keeps the dialog open with what was typed.
 */
export function CreateCourseDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(): void }) {
  const toast = useToast();
  const [name, setName] = useState('');
  const [companyId, setCompanyId] = useState('');
  const companies = useApiData<Company[]>(open ? '/companies' : null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setName('');
    setCompanyId('');
    setMissing(false);
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    if (name.trim() === '') {
      setMissing(true);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await createCourse(name.trim(), companyId === '' ? null : Number(companyId));
      toast.success(answer.message);
      onCreated();
      close();
    } catch (error) {
      const message = errorMessage(error);
      setFailure(message);
      toast.error(text.courseAddError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="xs" aria-labelledby="new-course-title">
      <DialogTitle id="new-course-title">{text.newCourse}</DialogTitle>
      <DialogContent>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            label={text.courseName}
            value={name}
            required
            autoFocus
            fullWidth
            margin="dense"
            error={missing}
            helperText={missing ? text.required : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setMissing(false);
            }}
          />
          <TextField
            select
            label={text.courseCompany}
            value={companyId}
            fullWidth
            margin="dense"
            onChange={(event) => setCompanyId(event.target.value)}
          >
            <MenuItem value="">{text.courseAnyCompany}</MenuItem>
            {(companies.data ?? []).map((company) => (
              <MenuItem key={company.id} value={String(company.id)}>
                {company.commercial_name}
              </MenuItem>
            ))}
          </TextField>
        </form>
        {failure && <Alert severity="error" sx={{ mt: 1 }}>{failure}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button color="secondary" onClick={close} disabled={busy}>
          {messages.common.cancel}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {messages.common.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
