import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import type { Position, Sector } from '../../../../server/src/contract/sectors';
import type { ListedUser } from '../../../../server/src/contract/users';
import { createUser, updateUser } from '../../api/users';
import { useApiData } from '../../api/useApiData';
import { formatPhone } from '../../format';
import { useToast } from '../../toast';
import { ACCOUNT, isCompanyUser } from '../../../../../engine/accounts';

const text = messages.screenUsers;

interface Form {
  name: string;
  email: string;
  phone: string;
  access: boolean;
  password: string;
  sectors: number[];
  position: number | '';
  active: boolean;
}

type Errors = Partial<Record<'name' | 'email' | 'phone' | 'password' | 'sectors' | 'position', string>>;

function initialForm(user: ListedUser | null): Form {
  if (!user) return { name: '', email: '', phone: '', access: false, password: '', sectors: [], position: '', active: true };
  return {
    name: user.name,
    email: user.email,
    phone: formatPhone(user.phone),
    access: isCompanyUser(user.type_account),
    password: '',
    sectors: user.sector.map((sector) => sector.id),
    position: user.position[0]?.id ?? '',
    active: user.status,
  };
}

/** What the form lacks before it can be sent (the spec's required fields). */
function formErrors(form: Form, editing: boolean): Errors {
  const errors: Errors = {};
  if (form.name.trim() === '') errors.name = text.required;
  if (form.email.trim() === '') errors.email = text.required;
  if (form.phone.trim() === '') errors.phone = text.required;
  if (!editing && form.access && form.password === '') errors.password = text.required;
  if (editing && form.sectors.length === 0) errors.sectors = text.sectorsRequired;
  if (editing && form.position === '') errors.position = text.positionRequired;
  return errors;
}

/** Props of `UserFormDialog`. */
export interface UserFormDialogProps {
  open: boolean;
  companyId: number;
  /** The user to edit; null adds a new one. */
  user: ListedUser | null;
  onClose(): void;
  onSaved(): void;
}

/**
 * Adds or edits a user of a company: name, e-mail, phone, platform access (type 2 with a password,
 * otherwise 3), sector(s) and position. A failed save keeps the dialog open with what was typed.
 */
export function UserFormDialog({ open, companyId, user, onClose, onSaved }: UserFormDialogProps) {
  const toast = useToast();
  const editing = user !== null;
  const [form, setForm] = useState<Form>(() => initialForm(user));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sectorList = useApiData<Sector[]>(open ? `/sectors/list/${companyId}` : null);
  const positionList = useApiData<Position[]>(open ? `/positions/list/${companyId}` : null);
  const lists = {
    sectors: (sectorList.data ?? []).map((row) => ({ id: row.id, name: row.sector_name })),
    positions: (positionList.data ?? []).map((row) => ({ id: row.id, name: row.position_name })),
  };
  const listsError = sectorList.error !== null || positionList.error !== null;
  // Each opening starts from the user's saved values (state adjusted while rendering, not in an effect).
  const [shown, setShown] = useState<{ open: boolean; user: ListedUser | null }>({ open, user });
  if (shown.open !== open || shown.user !== user) {
    setShown({ open, user });
    if (open) {
      setForm(initialForm(user));
      setErrors({});
      setFailure(null);
    }
  }

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((previous) => ({ ...previous, [key]: value }));

  const submit = async () => {
    const found = formErrors(form, editing);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    const typeAccount = form.access ? ACCOUNT.company : ACCOUNT.participant;
    const password = form.access && form.password !== '' ? { password: form.password } : {};
    const position = form.position === '' ? null : form.position;
    try {
      if (editing) {
        const answer = await updateUser({
          id: user.id,
          name: form.name,
          email: form.email,
          phone: form.phone,
          status: form.active,
          type_account: typeAccount,
          sector_ids: form.sectors,
          position_id: position,
          ...password,
        });
        toast.success(answer.message);
      } else {
        const sector = form.sectors[0] ?? null;
        const answer = await createUser({
          name: form.name,
          email: form.email,
          phone: form.phone,
          company_id: companyId,
          type_account: typeAccount,
          sector_id: sector,
          position_id: position,
          ...password,
        });
        if (sector === null || position === null) toast.warning(answer.message);
        else toast.success(answer.message);
      }
      onSaved();
      onClose();
    } catch (error) {
      const message = errorMessage(error);
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  const titleId = editing ? 'edit-user-title' : 'add-user-title';
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{editing ? text.editTitle : text.addTitle}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          spacing={2}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField label={text.name} value={form.name} required error={!!errors.name} helperText={errors.name} onChange={(event) => set('name', event.target.value)} autoFocus />
          <TextField label={text.email} type="email" value={form.email} required error={!!errors.email} helperText={errors.email} onChange={(event) => set('email', event.target.value)} />
          <TextField
            label={text.phone}
            type="tel"
            value={form.phone}
            required
            error={!!errors.phone}
            helperText={errors.phone ?? text.phoneHelp}
            onChange={(event) => set('phone', event.target.value)}
          />
          <FormControlLabel control={<Checkbox checked={form.access} onChange={(event) => set('access', event.target.checked)} />} label={text.platformAccess} />
          {form.access && (
            <TextField
              label={text.password}
              type="password"
              autoComplete="new-password"
              value={form.password}
              required={!editing}
              error={!!errors.password}
              helperText={errors.password ?? (editing ? text.passwordEditHelp : text.passwordHelp)}
              onChange={(event) => set('password', event.target.value)}
            />
          )}
          {listsError && <Alert severity="warning">{text.listsError}</Alert>}
          {editing ? (
            <TextField
              select
              label={text.sectors}
              value={form.sectors}
              required
              error={!!errors.sectors}
              helperText={errors.sectors}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (selected) =>
                    (selected as number[]).map((id) => lists.sectors.find((sector) => sector.id === id)?.name ?? id).join(', '),
                },
              }}
              onChange={(event) => set('sectors', event.target.value as unknown as number[])}
            >
              {(lists.sectors ?? []).map((sector) => (
                <MenuItem key={sector.id} value={sector.id}>
                  <Checkbox checked={form.sectors.includes(sector.id)} size="small" tabIndex={-1} />
                  <ListItemText primary={sector.name} />
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              select
              label={text.sector}
              value={form.sectors[0] ?? ''}
              onChange={(event) => set('sectors', event.target.value === '' ? [] : [Number(event.target.value)])}
            >
              <MenuItem value="">{text.none}</MenuItem>
              {(lists.sectors ?? []).map((sector) => (
                <MenuItem key={sector.id} value={sector.id}>
                  {sector.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            select
            label={text.position}
            value={form.position}
            required={editing}
            error={!!errors.position}
            helperText={errors.position}
            onChange={(event) => set('position', event.target.value === '' ? '' : Number(event.target.value))}
          >
            {!editing && <MenuItem value="">{text.none}</MenuItem>}
            {(lists.positions ?? []).map((position) => (
              <MenuItem key={position.id} value={position.id}>
                {position.name}
              </MenuItem>
            ))}
          </TextField>
          {editing && <FormControlLabel control={<Checkbox checked={form.active} onChange={(event) => set('active', event.target.checked)} />} label={text.statusActive} />}
          {failure && <Alert severity="error">{failure}</Alert>}
          {busy && <LinearProgress aria-label={messages.form.loading} />}
          {/* Enter in a field submits the form. */}
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button color="secondary" onClick={onClose} disabled={busy}>
          {messages.common.cancel}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {messages.common.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
