import UnderConstructionPage from './UnderConstructionPage';

/** Placeholder until the screen is built. */
export default function DataManagementPage() {
  return <UnderConstructionPage />;
}
