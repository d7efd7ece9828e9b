import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** Shield with an "i" (Material Design's privacy tip, Apache 2.0): a person's data rights (LGPD). */
export function PrivacyIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5zm1 16h-2v-6h2zm0-8h-2V7h2z" />
    </SvgIcon>
  );
}
