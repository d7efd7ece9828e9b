import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { format, messages } from '../../../../../engine/messages';
import type { PersonalProfile } from '../../../../server/src/contract/personal';
import { downloadPersonalReport, loadPersonalProfile } from '../../api/personal';
import type { PersonalReport } from './reports';
import { saveFile } from '../../../../../renderer/saveFile';
import { useToast } from '../../toast';
import { PersonalFrame } from './PersonalFrame';

const text = messages.personal;

export interface ReportDialogProps {
  report: PersonalReport;
}

type Profile = { kind: 'loading' } | { kind: 'ready'; profile: PersonalProfile } | { kind: 'failed' };

/**
 * A person's report dialog (public, by personal key): it cannot be closed (no close button; Escape and
 * the backdrop do nothing), shows the person's name (and company) and downloads the report's PDF,
 * with progress while it is generated and a toast when it is done or failed.
 */
export default function ReportDialogPage({ report }: ReportDialogProps) {
  const { title, evaluationType, buttonLabel, showCompany } = report;
  const { userKey = '' } = useParams();
  const toast = useToast();
  const [state, setState] = useState<Profile>({ kind: 'loading' });
  const [generating, setGenerating] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    loadPersonalProfile(userKey, controller.signal).then(
      (profile) => setState({ kind: 'ready', profile }),
      () => {
        if (controller.signal.aborted) return;
        setState({ kind: 'failed' });
        toast.error(text.userLoadFailed);
      },
    );
    return () => controller.abort();
  }, [userKey, toast]);

  async function generate() {
    setGenerating(true);
    try {
      const file = await downloadPersonalReport(userKey, evaluationType, format(report.fileName, { name: state.kind === 'ready' ? state.profile.name : '', company: state.kind === 'ready' ? (state.profile.company_name ?? '') : '' }));
      saveFile(file.blob, file.fileName);
      toast.success(text.reportReady);
    } catch {
      toast.error(text.reportFailed);
    } finally {
      setGenerating(false);
    }
  }

  const profile = state.kind === 'ready' ? state.profile : null;
  return (
    <PersonalFrame maxWidth={720}>
      {/* No onClose: neither Escape nor the backdrop closes it, and it has no close button (results.md 2.11). */}
      <Dialog open aria-labelledby="report-dialog-title" aria-describedby="report-dialog-person" fullWidth maxWidth="xs">
        <DialogTitle id="report-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Box id="report-dialog-person" aria-live="polite">
            {state.kind === 'failed' ? (
              <Alert severity="error">{text.userLoadFailed}</Alert>
            ) : (
              <>
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {text.nameLabel}
                  </Box>{' '}
                  {profile ? profile.name : text.loading}
                </Typography>
                {showCompany && (
                  <Typography sx={{ overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {text.companyLabel}
                    </Box>{' '}
                    {profile ? (profile.company_name ?? '') : text.loading}
                  </Typography>
                )}
              </>
            )}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button
            variant="contained"
            onClick={generate}
            disabled={!profile || generating}
            aria-busy={generating}
            startIcon={generating ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {generating ? text.generating : buttonLabel}
          </Button>
        </DialogActions>
      </Dialog>
    </PersonalFrame>
  );
}
