import { TeamReportPage } from './ReportDialogPage';

/** The route's page (its own chunk). */
export default TeamReportPage;
