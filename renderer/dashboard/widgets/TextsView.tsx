import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Row } from '../../../engine/definition/dashboard';
import { groupRows } from '../../../engine/charts/rows';
import { cellText } from '../../../engine/charts/format';
import type { WidgetProps } from './types';

function heading(level: number): 'h3' {
  return `h${Math.min(level, 6)}` as 'h3';
}

/** A list of free-text answers (blank ones left out). */
function Answers({ rows, field }: { rows: Row[]; field: string }) {
  const texts = rows.map((row) => cellText(row[field]).trim()).filter((text) => text !== '');
  return (
    <Box component="ul" sx={{ m: 0, mb: 1.5, pl: 2.5 }}>
      {texts.map((text, index) => (
        <li key={index}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {text}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/**
 * Free-text answers under their question; with `by`, under a sub-heading per author group (self,
 * evaluators), named by `byLabels`.
 */
export function TextsView({ widget, rows, level }: WidgetProps<'texts'>) {
  return (
    <Box>
      {groupRows(rows, widget.group).map(([question, answers]) => (
        <Box key={question} sx={{ mb: 2 }}>
          <Typography component={heading(level)} variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
            {question}
          </Typography>
          {widget.by === undefined ? (
            <Answers rows={answers} field={widget.text} />
          ) : (
            groupRows(answers, widget.by).map(([author, written]) => (
              <Box key={author}>
                <Typography component={heading(level + 1)} variant="subtitle2" color="text.secondary">
                  {widget.byLabels?.[author] ?? author}
                </Typography>
                <Answers rows={written} field={widget.text} />
              </Box>
            ))
          )}
        </Box>
      ))}
    </Box>
  );
}
