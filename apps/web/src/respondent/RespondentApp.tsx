import { Suspense, useCallback, useEffect, useState } from 'react';
import type { RespondentBootstrap } from '../../../../engine/lifecycle/respondentLink';
import { respondentPage } from '../../../../engine/lifecycle/respondentPaths';
import { Loading } from '../../../../renderer/Loading';
import { preloadable } from '../../../../renderer/preloadable';
import { catalog } from '../catalog';

const questionnairePage = preloadable(() => import('./QuestionnairePage'), 'QuestionnairePage');
const outcomePage = preloadable(() => import('./OutcomePage'), 'OutcomePage');
const QuestionnairePage = questionnairePage.Component;
const OutcomePage = outcomePage.Component;

/** Loads the code of the page the server sent, so it hydrates without waiting for any chunk. */
export async function preloadPage(bootstrap: RespondentBootstrap): Promise<void> {
  if (bootstrap.kind === 'outcome') return outcomePage.preload();
  await questionnairePage.preload();
  const { preloadForm } = await import('./QuestionnairePage');
  await preloadForm(bootstrap.definition);
}

/**
 * The respondent side: questionnaire links and their outcome pages. It is its own entry, without the
 * staff app's router, so a respondent's phone downloads only what these pages need. The server renders
 * it too (`initialPath`, `bootstrap`); the browser hydrates that HTML. Moves between its pages replace
 * the history entry: Voltar must not reopen a questionnaire that was just sent.
 */
export function RespondentApp({ initialPath, bootstrap }: { initialPath: string; bootstrap?: RespondentBootstrap }) {
  const [path, setPath] = useState(initialPath);
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
  const initial = bootstrap?.kind === 'questionnaire' && page.kind === 'questionnaire' && bootstrap.evaluation.id === page.id ? bootstrap : undefined;
  return (
    <Suspense fallback={<Loading />}>
      {page.kind === 'questionnaire' ? (
        <QuestionnairePage key={page.id} slug={page.slug} id={page.id} navigate={navigate} initial={initial} />
      ) : (
        <OutcomePage kind={page.outcome} param={page.param} />
      )}
    </Suspense>
  );
}
