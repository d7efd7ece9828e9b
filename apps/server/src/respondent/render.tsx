import { ThemeProvider } from '@mui/system';
import { renderToString } from 'react-dom/server';
import type { RespondentBootstrap } from '../../../../engine/lifecycle/respondentLink.ts';
import { preloadPage, RespondentApp } from '../../../web/src/respondent/RespondentApp.tsx';
import { theme } from '../../../web/src/theme.ts';

/** Private-use characters that mark where a detail line goes in a cached render; never in real text. */
const MARK_START = '\uE000';
const MARK_END = '\uE001';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Renders the respondent app as the browser's first render will draw it (so it can hydrate). */
async function render(path: string, bootstrap: RespondentBootstrap): Promise<string> {
  await preloadPage(bootstrap);
  return renderToString(
    <ThemeProvider theme={theme}>
      <RespondentApp initialPath={path} bootstrap={bootstrap} />
    </ThemeProvider>,
  );
}

/**
 * Renders a questionnaire's first page to HTML. The markup depends only on the definition and the
 * number of detail lines (the names under the title), so it is rendered once per definition and line
 * count, with marks where the lines go, and the escaped lines are put in per request.
 */
export class RespondentRenderer {
  private readonly forms = new Map<string, Promise<string>>();

  /** HTML of `#root` for a questionnaire link. */
  async questionnaire(path: string, bootstrap: Extract<RespondentBootstrap, { kind: 'questionnaire' }>, cacheKey: string): Promise<string> {
    const key = `${cacheKey}:${bootstrap.details.length}`;
    let cached = this.forms.get(key);
    if (!cached) {
      const marked = { ...bootstrap, details: bootstrap.details.map((_line, index) => `${MARK_START}${index}${MARK_END}`) };
      cached = render(path, marked);
      // A failed render is not kept: the next request tries again.
      cached.catch(() => this.forms.delete(key));
      this.forms.set(key, cached);
    }
    const html = await cached;
    return html.replace(new RegExp(`${MARK_START}(\\d+)${MARK_END}`, 'g'), (_mark, index: string) => escapeHtml(bootstrap.details[Number(index)] ?? ''));
  }

  /** HTML of `#root` for an outcome page. */
  outcome(path: string): Promise<string> {
    return render(path, { kind: 'outcome' });
  }
}

export { formSources } from '../../../../renderer/QuestionnaireRunner.tsx';
