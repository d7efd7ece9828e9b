import { isIsoDate } from '../../../../../engine/rules/dates';
import type { SavedStaffForm, StaffSaveItem } from '../../../../server/src/contract/staffForms';

/*
 * The frame of a staff form: the fields of the evaluation around the questionnaire (status,
 * attendance dates), and their place in the save call. The answers themselves are the questionnaire
 * machine's.
 */

/** The evaluation's fields the frame edits. */
export interface StaffFrame {
  /** Status key; '' when none was chosen. */
  status: string;
  /** Every attendance date created (ISO yyyy-mm-dd): the options of the multi-select. */
  dates: string[];
  /** The dates ticked in the multi-select (ISO): sent as 'show'. */
  show: string[];
}

/** The frame of a saved form (a date only ticked is an option too). */
export function frameFromSaved(saved: SavedStaffForm): StaffFrame {
  return {
    status: saved.status ?? '',
    show: [...saved.show],
    dates: [...saved.dates, ...saved.show.filter((date) => !saved.dates.includes(date))],
  };
}

/** The frame's pairs of the save call; without a chosen status none is sent (the server keeps 'Não iniciado'). */
export function framePairs(frame: StaffFrame): StaffSaveItem[] {
  return [...(frame.status === '' ? [] : [{ question: 'status', response: frame.status }]), { question: 'date', response: frame.dates }, { question: 'show', response: frame.show }];
}

/** 'dd/mm/aaaa' → 'aaaa-mm-dd', or null when it is not a real date. */
export function parseBrDate(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** 'aaaa-mm-dd' → 'dd/mm/aaaa' (a calendar date: no time zone involved). */
export function formatIsoDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}
