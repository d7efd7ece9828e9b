import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { bootstrapJson, BOOTSTRAP_ELEMENT_ID, detailLines, linkDestination, type RespondentBootstrap } from '../../../../engine/lifecycle/respondentLink.ts';
import { outcomePath, type RespondentPage } from '../../../../engine/lifecycle/respondentPaths.ts';
import { questionnaireOf } from '../definitions.ts';
import { findEvaluation } from '../repositories/evaluations.ts';
import { isUuid } from '../schemas/common.ts';
import type { QuestionnaireDefinition } from '../../../../engine/definition/types.ts';
import { BuildAssets } from './assets.ts';
import { evaluationLink } from './evaluationLink.ts';
import type { RespondentRenderer } from './render.tsx';

/** What a respondent page request gets: HTML (personal when it names its respondent), or a redirect. */
export type PageAnswer = { kind: 'html'; html: string; personal: boolean } | { kind: 'redirect'; location: string };

/** Source of the page component a questionnaire link draws (repository path). */
const QUESTIONNAIRE_PAGE = 'apps/web/src/respondent/QuestionnairePage.tsx';
const OUTCOME_PAGE = 'apps/web/src/respondent/OutcomePage.tsx';

/**
 * Respondent pages made on the server, so a phone on a slow network gets a usable form in the first
 * response: the link is checked before any HTML is sent (an answered, expired or unknown link is
 * redirected to its outcome page), the first page is rendered to HTML (native fields that work before
 * the script arrives), the evaluation and its definition travel in the page (no lookup request), and
 * every chunk the page will run is announced at once (`modulepreload`) instead of one after another.
 */
export function respondentPages(app: FastifyInstance, root: string) {
  const templatePath = join(root, 'respondent.html');
  const template = existsSync(templatePath) ? readFileSync(templatePath, 'utf8') : null;
  const assets = BuildAssets.read(root);
  const catalog = app.definitions.catalog;
  // React and the respondent components load on the first page, or now when a real build is served.
  let loading: Promise<{ renderer: RespondentRenderer; formSources: (definition: QuestionnaireDefinition) => string[] }> | undefined;
  const load = () => (loading ??= import('./render.tsx').then((module) => ({ renderer: new module.RespondentRenderer(), formSources: module.formSources })));
  if (template && assets) void load().catch(() => undefined);

  function assemble(rootHtml: string, bootstrap: RespondentBootstrap, sources: string[]): string {
    const { scripts, styles } = assets?.preloads(sources, 'respondent.html') ?? { scripts: [], styles: [] };
    const hints = [...styles.map((href) => `<link rel="stylesheet" href="${href}">`), ...scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)].join('');
    return template!
      .replace('</head>', `${hints}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${rootHtml}</div><script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${bootstrapJson(bootstrap)}</script>`);
  }

  async function questionnaire(path: string, slug: string, id: string): Promise<PageAnswer> {
    const view = isUuid(id) ? await findEvaluation(app.db, id.toLowerCase()) : null;
    const evaluation = view ? evaluationLink(view) : null;
    const destination = linkDestination(catalog, slug, id, evaluation, new Date());
    if (destination.kind === 'outcome') return { kind: 'redirect', location: destination.path };
    const definition = questionnaireOf(app.definitions, evaluation!.type_evaluation, evaluation!.definition_version);
    if (!definition) return { kind: 'redirect', location: outcomePath('invalid', id) };
    const bootstrap = { kind: 'questionnaire' as const, evaluation: evaluation!, definition, details: detailLines(definition, evaluation!) };
    const { renderer, formSources } = await load();
    const rootHtml = await renderer.questionnaire(path, bootstrap, String(evaluation!.type_evaluation));
    return { kind: 'html', html: assemble(rootHtml, bootstrap, [QUESTIONNAIRE_PAGE, ...formSources(definition)]), personal: true };
  }

  return {
    /** Whether pages can be made (the build has the respondent entry). */
    available: () => template !== null,
    /** The answer to a respondent page request; falls back to the plain entry when rendering fails. */
    async page(path: string, page: RespondentPage, log: FastifyBaseLogger): Promise<PageAnswer> {
      try {
        if (page.kind === 'questionnaire') return await questionnaire(path, page.slug, page.id);
        const { renderer } = await load();
        const rootHtml = await renderer.outcome(path);
        return { kind: 'html', html: assemble(rootHtml, { kind: 'outcome' }, [OUTCOME_PAGE]), personal: false };
      } catch (error) {
        // The browser can still build the page itself from the plain entry: degrade, do not fail.
        log.error({ err: error }, 'respondent page not rendered on the server');
        return { kind: 'html', html: template!, personal: page.kind === 'questionnaire' };
      }
    },
  };
}
