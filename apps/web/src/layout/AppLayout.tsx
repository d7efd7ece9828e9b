import { Suspense, useState, type MouseEvent } from 'react';
import { Link as RouterLink, Outlet, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { messages } from '../../../../engine/messages';
import { getUser, signOut } from '../auth/session';
import { AccountCircleIcon, LogoMark, MenuIcon } from '../icons';
import { menuFor } from './menu';
import { SideMenu } from './SideMenu';

const DRAWER_WIDTH = 264;
const DRAWER_ID = 'app-side-menu';

/** The signed-in layout: yellow top bar, side menu by account type, and the page. */
export default function AppLayout() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const navigate = useNavigate();
  const user = getUser();
  const sections = menuFor(user?.type_account);
  const hasMenu = sections.length > 0;
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [profileAnchor, setProfileAnchor] = useState<HTMLElement | null>(null);
  const open = desktop ? desktopOpen : phoneOpen;
  const drawerShown = hasMenu && desktop && desktopOpen;

  function toggleMenu() {
    if (desktop) setDesktopOpen((value) => !value);
    else setPhoneOpen((value) => !value);
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar position="fixed" color="primary" elevation={1} sx={{ zIndex: (t) => (desktop ? t.zIndex.drawer + 1 : t.zIndex.appBar) }}>
        <Toolbar sx={{ gap: 1 }}>
          {hasMenu && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={open ? messages.layout.closeMenu : messages.layout.openMenu}
              aria-controls={DRAWER_ID}
              aria-expanded={open}
              onClick={toggleMenu}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Link
            component={RouterLink}
            to="/home"
            color="inherit"
            underline="none"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700, fontSize: '1.25rem' }}
          >
            <LogoMark aria-hidden />
            {messages.common.appName}
          </Link>
          <Box sx={{ flexGrow: 1 }} />
          <Typography
            component="span"
            sx={{ maxWidth: { xs: 120, sm: 320 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {user?.name}
          </Typography>
          <IconButton
            color="inherit"
            aria-label={messages.layout.profile}
            aria-haspopup="menu"
            aria-controls={profileAnchor ? 'profile-menu' : undefined}
            aria-expanded={Boolean(profileAnchor)}
            onClick={(event: MouseEvent<HTMLElement>) => setProfileAnchor(event.currentTarget)}
          >
            <AccountCircleIcon />
          </IconButton>
          <Menu id="profile-menu" anchorEl={profileAnchor} open={Boolean(profileAnchor)} onClose={() => setProfileAnchor(null)}>
            <MenuItem
              onClick={() => {
                setProfileAnchor(null);
                navigate('/profile');
              }}
            >
              {messages.layout.profile}
            </MenuItem>
            <MenuItem onClick={signOut}>{messages.layout.signOut}</MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      {hasMenu && (
        <Drawer
          id={DRAWER_ID}
          variant={desktop ? 'persistent' : 'temporary'}
          open={open}
          onClose={() => setPhoneOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ width: drawerShown ? DRAWER_WIDTH : 0, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          {desktop && <Toolbar />}
          <Box component="nav" aria-label={messages.layout.navigation}>
            <SideMenu sections={sections} onNavigate={desktop ? undefined : () => setPhoneOpen(false)} />
          </Box>
        </Drawer>
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 } }}>
        <Toolbar />
        <Suspense fallback={<LinearProgress aria-label={messages.form.loading} />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
