import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { messages } from '../../../../../engine/messages';
import { errorMessage } from '../../api/client';
import type { Company } from '../../../../server/src/contract/companies';
import { createCompany, updateCompany, type CompanyForm } from '../../api/registry';
import { formatDocument, formatPhone } from '../../format';
import { useToast } from '../../toast';
import { companyFieldOf, companyProblem, retentionFormOf, retentionMonthsOf, retentionProblem, type CompanyField } from './companyForm';
import { reminderFieldOf, reminderFormOf, reminderPolicyBody, reminderProblem, type ReminderField, type ReminderForm } from './reminderPolicyForm';
import { isServerFailure } from './failures';

const text = messages.screenRegistry;
const retentionText = messages.retention;

/** The form of an existing company (stored digits shown formatted), or an empty one. */
export function companyFormOf(company: Company | null): CompanyForm {
  return {
    commercial_name: company?.commercial_name ?? '',
    company_name: company?.company_name ?? '',
    cnpj: formatDocument(company?.cnpj),
    phone: formatPhone(company?.phone),
  };
}

interface CompanyDialogProps {
  /** The company being edited; null to create one. */
  company: Company | null;
  /** The values to start from (the company's, or a draft kept from a failed save). */
  initial: CompanyForm;
  onClose(): void;
  onSaved(company: Company): void;
  /** A server failure closes the dialog (administration.md 8); the typed values are handed back to keep. */
  onServerFailure(draft: CompanyForm): void;
}

/** The anonymity minimum of a new company (the database's default). */
const DEFAULT_ANONYMITY_MIN = 3;

/** Creates or edits a company: commercial name, company name, CNPJ/CPF and phone. */
export function CompanyDialog({ company, initial, onClose, onSaved, onServerFailure }: CompanyDialogProps) {
  const toast = useToast();
  const [form, setForm] = useState<CompanyForm>(initial);
  const [problem, setProblem] = useState<{ field: CompanyField; message: string } | null>(null);
  const [reminders, setReminders] = useState<ReminderForm>(() => reminderFormOf(company));
  const [reminderIssue, setReminderIssue] = useState<{ field: ReminderField; message: string } | null>(null);
  const [anonymity, setAnonymity] = useState(String(company?.anonymity_min ?? DEFAULT_ANONYMITY_MIN));
  const [anonymityIssue, setAnonymityIssue] = useState<string | null>(null);
  const [retention, setRetention] = useState(() => retentionFormOf(company));
  const [retentionIssue, setRetentionIssue] = useState<string | null>(null);
  const [normExcluded, setNormExcluded] = useState(company?.norm_excluded ?? false);
  const [saving, setSaving] = useState(false);
  const titleId = 'company-dialog-title';

  function change(field: CompanyField, value: string) {
    setForm((old) => ({ ...old, [field]: value }));
    if (problem?.field === field) setProblem(null);
  }

  /** Shows the typed digits punctuated once the field is left, keeping any message on it. */
  function reformat(field: 'cnpj' | 'phone', formatter: (value: string) => string) {
    setForm((old) => ({ ...old, [field]: formatter(old[field].trim()) }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = companyProblem(form);
    if (found) {
      setProblem(found);
      toast.error(found.message);
      document.getElementById(`company-${found.field}`)?.focus();
      return;
    }
    const reminderFound = reminderProblem(reminders);
    if (reminderFound) {
      setReminderIssue(reminderFound);
      toast.error(reminderFound.message);
      document.getElementById(`company-${reminderFound.field}`)?.focus();
      return;
    }
    const minimum = Number(anonymity);
    if (anonymity.trim() === '' || !Number.isInteger(minimum) || minimum < 2 || minimum > 100) {
      setAnonymityIssue(messages.registry.anonymityMinInvalid);
      toast.error(messages.registry.anonymityMinInvalid);
      document.getElementById('company-anonymity_min')?.focus();
      return;
    }
    const retentionFound = retentionProblem(retention);
    if (retentionFound) {
      setRetentionIssue(retentionFound);
      toast.error(retentionFound);
      document.getElementById('company-retention_months')?.focus();
      return;
    }
    setSaving(true);
    const sent = { ...reminderPolicyBody(reminders), anonymity_min: minimum, retention_months: retentionMonthsOf(retention), norm_excluded: normExcluded, ...form, commercial_name: form.commercial_name.trim(), company_name: form.company_name.trim(), cnpj: form.cnpj.trim(), phone: form.phone.trim() };
    try {
      const saved = company ? await updateCompany(company.id, sent) : await createCompany(sent);
      toast.success(saved.message || messages.registry.companySaved);
      onSaved(saved.company);
    } catch (error) {
      setSaving(false);
      if (isServerFailure(error)) {
        toast.error(text.companySaveFailed);
        onServerFailure(form);
        return;
      }
      const message = errorMessage(error);
      if (message === messages.registry.anonymityMinInvalid) {
        setAnonymityIssue(message);
        toast.error(message);
        document.getElementById('company-anonymity_min')?.focus();
        return;
      }
      if (message === retentionText.monthsInvalid) {
        setRetentionIssue(message);
        toast.error(message);
        document.getElementById('company-retention_months')?.focus();
        return;
      }
      const reminderField = reminderFieldOf(message);
      if (reminderField) {
        setReminderIssue({ field: reminderField, message });
        toast.error(message);
        document.getElementById(`company-${reminderField}`)?.focus();
        return;
      }
      const field = companyFieldOf(message);
      setProblem(field ? { field, message } : null);
      toast.error(message);
      if (field) document.getElementById(`company-${field}`)?.focus();
    }
  }

  const fieldProps = (field: CompanyField) => ({
    id: `company-${field}`,
    value: form[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    error: problem?.field === field,
    fullWidth: true,
    disabled: saving,
  });

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{company ? text.companyEditTitle : text.companyCreateTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={text.companyCommercialName}
              required
              autoFocus
              helperText={problem?.field === 'commercial_name' ? problem.message : undefined}
              {...fieldProps('commercial_name')}
            />
            <TextField
              label={text.companyCompanyName}
              required
              helperText={problem?.field === 'company_name' ? problem.message : undefined}
              {...fieldProps('company_name')}
            />
            <TextField
              label={text.companyDocument}
              required
              helperText={problem?.field === 'cnpj' ? problem.message : text.companyDocumentHelp}
              onBlur={() => reformat('cnpj', formatDocument)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              {...fieldProps('cnpj')}
            />
            <TextField
              label={text.companyPhone}
              type="tel"
              helperText={problem?.field === 'phone' ? problem.message : text.companyPhoneHelp}
              onBlur={() => reformat('phone', formatPhone)}
              {...fieldProps('phone')}
            />
            <TextField
              id="company-anonymity_min"
              label={text.companyAnonymityMin}
              type="number"
              required
              fullWidth
              disabled={saving}
              value={anonymity}
              error={anonymityIssue !== null}
              helperText={anonymityIssue ?? text.companyAnonymityMinHelp}
              onChange={(event) => {
                setAnonymity(event.target.value);
                setAnonymityIssue(null);
              }}
              slotProps={{ htmlInput: { inputMode: 'numeric', min: 2, max: 100, step: 1 } }}
            />
            <TextField
              id="company-retention_months"
              label={retentionText.companyField}
              type="number"
              fullWidth
              disabled={saving}
              value={retention}
              error={retentionIssue !== null}
              helperText={retentionIssue ?? retentionText.companyFieldHelp}
              onChange={(event) => {
                setRetention(event.target.value);
                setRetentionIssue(null);
              }}
              slotProps={{ htmlInput: { inputMode: 'numeric', min: 1, max: 120, step: 1 } }}
            />
            <div>
              <FormControlLabel
                control={<Switch id="company-norm_excluded" checked={normExcluded} disabled={saving} onChange={(event) => setNormExcluded(event.target.checked)} slotProps={{ input: { 'aria-describedby': 'company-norm_excluded-help' } }} />}
                label={text.companyNormExcluded}
              />
              <Typography id="company-norm_excluded-help" variant="caption" color="text.secondary" sx={{ display: 'block', px: 1.75 }}>
                {text.companyNormExcludedHelp}
              </Typography>
            </div>
            <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle1" sx={{ p: 0 }}>
                {text.companyRemindersTitle}
              </Typography>
              <FormControlLabel
                control={
                  <Switch
                    id="company-reminders"
                    checked={reminders.enabled}
                    disabled={saving}
                    onChange={(event) => {
                      const enabled = event.target.checked;
                      setReminders((old) => ({ ...old, enabled }));
                      setReminderIssue(null);
                    }}
                  />
                }
                label={text.companyRemindersSwitch}
              />
              <Typography variant="body2" color="text.secondary">
                {text.companyRemindersHelp}
              </Typography>
              {reminders.enabled && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  {(
                    [
                      ['reminder_days_before', text.companyReminderDaysBefore, text.companyReminderDaysBeforeHelp],
                      ['reminder_max', text.companyReminderMax, text.companyReminderMaxHelp],
                      ['reminder_min_gap_days', text.companyReminderMinGap, text.companyReminderMinGapHelp],
                    ] as const
                  ).map(([field, label, help]) => (
                    <TextField
                      key={field}
                      id={`company-${field}`}
                      label={label}
                      type="number"
                      required
                      fullWidth
                      disabled={saving}
                      value={reminders[field]}
                      error={reminderIssue?.field === field}
                      helperText={reminderIssue?.field === field ? reminderIssue.message : help}
                      onChange={(event) => {
                        const value = event.target.value;
                        setReminders((old) => ({ ...old, [field]: value }));
                        if (reminderIssue?.field === field) setReminderIssue(null);
                      }}
                      slotProps={{ htmlInput: { inputMode: 'numeric', min: 1, step: 1 } }}
                    />
                  ))}
                </Stack>
              )}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving} color="inherit">
            {text.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? text.saving : text.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
