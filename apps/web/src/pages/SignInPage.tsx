import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '../../../../engine/messages';
import { isEmail } from '../../../../engine/rules/email';
import { errorMessage } from '../api/client';
import { createSession } from '../api/endpoints';
import { saveSession } from '../auth/session';
import { LogoMark, VisibilityIcon, VisibilityOffIcon } from '../icons';
import { useToast } from '../toast';

/** The first sign-in validation message (respondent.md 5), or null when the fields are fine. */
export function signInError(email: string, password: string): string | null {
  if (email.trim() === '') return messages.signIn.emailRequired;
  if (!isEmail(email.trim())) return messages.signIn.emailInvalid;
  if (password === '') return messages.signIn.passwordRequired;
  return null;
}

/** The 'Acesso' screen at '/'. */
export default function SignInPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = signInError(email, password);
    if (problem) {
      toast.error(problem);
      return;
    }
    setSending(true);
    try {
      const { token, user } = await createSession(email.trim(), password);
      saveSession(token, user);
      navigate('/home', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error));
      setSending(false);
    }
  }

  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'primary.main' }}
    >
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <LogoMark fontSize="large" aria-hidden />
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {messages.common.appName}
          </Typography>
        </Box>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {messages.signIn.title}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextField
            id="signin-email"
            label={messages.signIn.email}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            fullWidth
            autoFocus
          />
          <TextField
            id="signin-password"
            label={messages.signIn.password}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            fullWidth
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showPassword ? messages.signIn.hidePassword : messages.signIn.showPassword}
                      aria-pressed={showPassword}
                      onClick={() => setShowPassword((shown) => !shown)}
                      edge="end"
                    >
                      {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button type="submit" variant="contained" color="secondary" size="large" disabled={sending}>
            {messages.signIn.submit}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
