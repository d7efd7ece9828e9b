/**
 * MUI's enter and exit transitions (react-transition-group) run on real timers: in jsdom a dialog
 * closed is removed only when its fade ends, and under load that can take longer than a test waits.
 * The screens' tests check what is shown, not how it fades: transitions end at once.
 */
import { config } from 'react-transition-group';

config.disabled = true;
