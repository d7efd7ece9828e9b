import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { respondentPage } from '../../../../engine/lifecycle/respondentPaths';
import { Loading } from '../../../../renderer/Loading';
import { catalog } from '../catalog';

const QuestionnairePage = lazy(() => import('./QuestionnairePage'));
const OutcomePage = lazy(() => import('./OutcomePage'));

/**
 * The respondent side: questionnaire links and their outcome pages. It is its own entry, without the
 * staff app's router, so a respondent's phone downloads only what these pages need. Moves between its
 * pages replace the history entry: Voltar must not reopen a questionnaire that was just sent.
 */
export function RespondentApp() {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((next: string) => {
    window.history.replaceState(null, '', next);
    window.scrollTo(0, 0);
    setPath(next);
  }, []);
  const page = respondentPage(catalog, path) ?? { kind: 'outcome' as const, outcome: 'invalid' as const, param: '' };
  return (
    <Suspense fallback={<Loading />}>
      {page.kind === 'questionnaire' ? (
        <QuestionnairePage key={page.id} slug={page.slug} id={page.id} navigate={navigate} />
      ) : (
        <OutcomePage kind={page.outcome} param={page.param} />
      )}
    </Suspense>
  );
}
