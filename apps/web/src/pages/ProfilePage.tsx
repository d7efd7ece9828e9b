import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '../../../../engine/messages';
import { errorMessage } from '../api/client';
import { listCompanyUsers, updateProfile } from '../api/registry';
import { getUser, renewSession, signOut, type SessionUser } from '../auth/session';
import { LoadError, Loading, PageBody, PageHeader } from '../components/PageStates';
import { formatPhone } from '../format';
import { useToast } from '../toast';
import { PasswordField } from './registry/PasswordField';
import { profileFieldOf, profileProblem, type ProfileValues } from './registry/profileForm';
import { isAdministrator } from '../../../../engine/accounts';

const text = messages.screenRegistry;
const emptyPasswords = { password: '', newPassword: '', confirmPassword: '' };

function initialValues(user: SessionUser | null, phone?: string | null): ProfileValues {
  return { name: user?.name ?? '', email: user?.email ?? '', phone: formatPhone(phone ?? user?.phone ?? ''), ...emptyPasswords };
}

/**
 * Loads the phone of a company user (the session from sign-in does not carry it); administrators have
 * no phone on this screen (administration.md 6), so nothing is loaded for them.
 */
function useOwnPhone(user: SessionUser | null) {
  const needsLoad = user !== null && !isAdministrator(user.type_account) && user.company_id != null && user.phone == null;
  const [state, setState] = useState<{ loading: boolean; phone: string | null; error: string | null }>({ loading: needsLoad, phone: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!needsLoad || !user) return;
    let live = true;
    listCompanyUsers(user.company_id!).then(
      (users) => live && setState({ loading: false, phone: users.find((row) => String(row.id) === String(user.id))?.phone ?? null, error: null }),
      (failure: unknown) => live && setState({ loading: false, phone: null, error: errorMessage(failure) }),
    );
    return () => {
      live = false;
    };
    // The signed-in user does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsLoad, attempt]);
  function retry() {
    setState((old) => ({ ...old, loading: true, error: null }));
    setAttempt((n) => n + 1);
  }
  return { ...state, retry };
}

/** Edit Profile (/profile): name, e-mail, phone (not for administrators) and an optional password change. */
export default function ProfilePage() {
  const user = getUser();
  const own = useOwnPhone(user);
  return (
    <PageBody>
      <PageHeader title={text.profileTitle} />
      {own.loading ? <Loading /> : own.error ? <LoadError message={own.error} onRetry={own.retry} /> : <ProfileForm user={user} phone={own.phone} />}
    </PageBody>
  );
}

/** The profile form, started from the stored user and the phone loaded for it. */
function ProfileForm({ user, phone }: { user: SessionUser | null; phone: string | null }) {
  const showPhone = !isAdministrator(user?.type_account);
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<ProfileValues>(() => initialValues(user, phone));
  const [fieldError, setFieldError] = useState<{ field: keyof ProfileValues; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  function change(field: keyof ProfileValues, value: string) {
    setValues((old) => ({ ...old, [field]: value }));
    if (fieldError?.field === field) setFieldError(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user) return;
    const problem = profileProblem(values, showPhone);
    if (problem) {
      setFieldError(problem);
      toast.error(problem.message);
      document.getElementById(`profile-${problem.field}`)?.focus();
      return;
    }
    const changingPassword = values.password !== '';
    setSaving(true);
    try {
      const { message, user: saved, token } = await updateProfile({
        id: Number(user.id),
        name: values.name.trim(),
        email: values.email.trim(),
        // An administrator has no phone field: the kept value is sent back unchanged.
        phone: showPhone ? values.phone.trim() || null : (user.phone ?? null),
        ...(changingPassword ? { password: values.password, new_password: values.newPassword, confirm_password: values.confirmPassword } : {}),
      });
      // A password change answers with a fresh token: the one kept so far has just been ended.
      renewSession({ ...user, ...saved }, token);
      setValues(initialValues(saved, saved.phone));
      setFieldError(null);
      toast.success(message);
      // A new location re-renders the layout, whose top bar reads the stored user's name.
      navigate(location.pathname, { replace: true, state: { saved: Date.now() } });
    } catch (error) {
      const message = errorMessage(error);
      const field = profileFieldOf(message);
      if (field) setFieldError({ field, message });
      toast.error(message);
    } finally {
      setSaving(false);
    }
  }

  const errorOf = (field: keyof ProfileValues) => (fieldError?.field === field ? fieldError.message : undefined);
  const fieldProps = (field: keyof ProfileValues) => ({
    id: `profile-${field}`,
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    error: errorOf(field) !== undefined,
    helperText: errorOf(field),
    fullWidth: true,
    disabled: saving,
  });

  return (
    <Paper component="form" noValidate onSubmit={submit} aria-label={text.profileTitle} sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {text.profileIntro}
      </Typography>
      <Stack spacing={2}>
        <TextField label={text.profileName} autoComplete="name" required {...fieldProps('name')} />
        <TextField label={text.profileEmail} type="email" autoComplete="email" required {...fieldProps('email')} />
        {showPhone && <TextField label={text.profilePhone} type="tel" autoComplete="tel" {...fieldProps('phone')} />}
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, pt: 1 }}>
          {text.profilePasswordSection}
        </Typography>
        <PasswordField label={text.profileCurrentPassword} autoComplete="current-password" {...fieldProps('password')} />
        <PasswordField label={text.profileNewPassword} autoComplete="new-password" {...fieldProps('newPassword')} />
        <PasswordField label={text.profileConfirmPassword} autoComplete="new-password" {...fieldProps('confirmPassword')} />
      </Stack>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', mt: 3 }}>
        <Button variant="outlined" color="inherit" onClick={signOut} disabled={saving}>
          {text.profileSignOut}
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? text.profileSaving : text.profileSave}
        </Button>
      </Box>
    </Paper>
  );
}
