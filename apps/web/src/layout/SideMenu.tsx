import { Link as RouterLink, useLocation } from 'react-router-dom';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { MenuSection } from './menu';

interface SideMenuProps {
  sections: MenuSection[];
  /** Called after a link is followed (closes the temporary drawer on phones). */
  onNavigate?: () => void;
}

/** The side menu's links, grouped; the current route is marked. */
export function SideMenu({ sections, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  return (
    <>
      {sections.map((section, index) => (
        <div key={section.title ?? index}>
          {index > 0 && <Divider />}
          {/* The heading sits before the list: a <ul> may hold only <li> children. */}
          {section.title && (
            <ListSubheader id={`menu-section-${index}`} component="h2" sx={{ lineHeight: '40px' }}>
              {section.title}
            </ListSubheader>
          )}
          <List aria-labelledby={section.title ? `menu-section-${index}` : undefined} sx={{ pt: section.title ? 0 : undefined }}>
            {section.links.map((link) => {
              const current = pathname === link.to || pathname.startsWith(`${link.to}/`);
              return (
                <ListItem key={link.to} disablePadding>
                  <ListItemButton component={RouterLink} to={link.to} selected={current} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
                    <ListItemText primary={link.label} />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </div>
      ))}
    </>
  );
}
