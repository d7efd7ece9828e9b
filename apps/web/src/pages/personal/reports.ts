import { messages } from '../../../../../engine/messages';

const text = messages.personal;

/** What a person's public report dialog shows and downloads. */
export interface PersonalReport {
  /** The public route, keyed by the personal key. */
  path: string;
  title: string;
  /** The report kind of `POST /tableresponse/report/download`: the id of a view with `publicReport`. */
  evaluationType: string;
  /** The download button's text. */
  buttonLabel: string;
  /** Whether the person's company is shown under the name. */
  showCompany: boolean;
  /** The file name when the server gives none, with {name} and {company}. */
  fileName: string;
}

/**
 * The public report dialogs (respondent.md 2.2, results.md 2.4 and 2.11), as data: each is drawn by
 * the one `ReportDialogPage`.
 */
export const PERSONAL_REPORTS: PersonalReport[] = [
  { path: '/scanner/:userKey', title: text.scannerTitle, evaluationType: '-1', buttonLabel: text.scannerDownload, showCompany: true, fileName: text.scannerFileName },
  { path: '/printevaluation/:userKey', title: text.teamTitle, evaluationType: '7', buttonLabel: text.teamPrint, showCompany: false, fileName: text.teamFileName },
];
