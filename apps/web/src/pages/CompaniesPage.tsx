import UnderConstructionPage from './UnderConstructionPage';

/** Placeholder until the screen is built. */
export default function CompaniesPage() {
  return <UnderConstructionPage />;
}
