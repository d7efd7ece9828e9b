import { ScannerReportPage } from './ReportDialogPage';

/** The route's page (its own chunk). */
export default ScannerReportPage;
