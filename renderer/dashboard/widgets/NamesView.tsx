import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { cellText } from '../../../engine/charts/format';
import { format } from '../../../engine/messages';
import type { WidgetProps } from './types';

/**
 * The area maps' 'N respostas': the number of rows as a button that shows the respondents' names
 * (a list that opens on hover or focus, and stays open when clicked).
 */
export function NamesView({ widget, rows }: WidgetProps<'names'>) {
  const [pinned, setPinned] = useState(false);
  const [hovered, setHovered] = useState(false);
  const id = useId();
  const open = pinned || hovered;
  return (
    <Box onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      <Button size="small" color="secondary" aria-expanded={open} aria-controls={id} onClick={() => setPinned((value) => !value)}>
        {format(widget.label, { n: rows.length })}
      </Button>
      <Box component="ul" id={id} hidden={!open} sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {rows.map((row, index) => (
          <li key={index}>
            <Typography variant="body2">{cellText(row[widget.name])}</Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}
