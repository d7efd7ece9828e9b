import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { decodeAnswers } from '../../../../../engine/answers/decoding';
import type { QuestionnaireDefinition, ScoreDefinition, WireItem } from '../../../../../engine/definition/types';
import { format, messages } from '../../../../../engine/messages';
import { scoreAnswers } from '../../../../../engine/scoring/score';

const p = messages.preview;
const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** One computed score with its label: a score of the definition, or one question's part of a per-question score. */
interface ScoreLine {
  key: string;
  label: string;
  value: string;
}

/** The label and the shown value of a result key ("total", "{score}.{question}"). */
function scoreLine(definition: QuestionnaireDefinition, key: string, value: number): ScoreLine {
  const scores = definition.scoring?.scores ?? [];
  const own = scores.find((score) => score.id === key);
  const perQuestion = own ? undefined : scores.find((score) => score.perQuestion && key.startsWith(`${score.id}.`));
  const score: ScoreDefinition | undefined = own ?? perQuestion;
  const label = perQuestion ? format(p.scorePerQuestion, { score: perQuestion.label, question: key.slice(perQuestion.id.length + 1) }) : (score?.label ?? key);
  const shown = number.format(value);
  const percent = score?.aggregate === 'percent' || score?.aggregate === 'share';
  return { key, label, value: percent ? format(p.scorePercent, { value: shown }) : shown };
}

/** The wire items as JSON, one item a line. */
function wireJson(items: WireItem[]): string {
  return items.length === 0 ? '[]' : `[\n${items.map((item) => `  ${JSON.stringify(item)}`).join(',\n')}\n]`;
}

/** A titled part of the panel. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 2 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * What one respondent's answers produce, as the server would compute it from the wire items it
 * receives: the items read back into answers (`decodeAnswers`), then the definition's scores, band and
 * rankings (`scoreAnswers`); and the items themselves, as JSON.
 */
export function ResultsPanel({ definition, items }: { definition: QuestionnaireDefinition; items: WireItem[] }) {
  const { answers, errors } = decodeAnswers(definition, items);
  const result = scoreAnswers(definition, answers);
  const scoring = definition.scoring;
  const lines = Object.entries(result.scores).map(([key, value]) => scoreLine(definition, key, value));
  const classification = scoring?.classification;
  const banded = classification ? result.scores[classification.score] : undefined;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="preview-results-title" sx={{ p: 2, mt: 3 }}>
      <Typography id="preview-results-title" variant="h6" component="h2">
        {p.resultsTitle}
      </Typography>
      <Typography role="status" color="text.secondary">
        {format(p.resultsReady, { count: items.length })}
      </Typography>

      <Part title={p.scoresTitle}>
        {lines.length === 0 ? (
          <Typography>{p.noScoring}</Typography>
        ) : (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, max-content) auto', columnGap: 3, rowGap: 0.5, m: 0 }} data-testid="preview-scores">
            {lines.map((line) => (
              <Box key={line.key} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ fontWeight: 600 }}>
                  {line.label}
                </Box>
                <Box component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }} data-score={line.key}>
                  {line.value}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </Part>

      {scoring && (
        <Part title={p.bandTitle}>
          {classification && result.band && banded !== undefined ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }} data-testid="preview-band">
              <Box aria-hidden sx={{ width: 24, height: 24, borderRadius: 1, bgcolor: result.band.color, border: 1, borderColor: 'divider', flex: 'none' }} />
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {format(p.band, {
                  label: result.band.label,
                  score: scoreLine(definition, classification.score, banded).label,
                  value: number.format(banded),
                  min: number.format(classification.min),
                  max: number.format(classification.max),
                })}
              </Typography>
              <Typography component="span" color="text.secondary">
                {format(p.bandColor, { color: result.band.color })}
              </Typography>
            </Box>
          ) : (
            <Typography>{p.noBand}</Typography>
          )}
        </Part>
      )}

      {(scoring?.rankings ?? []).length > 0 && (
        <Part title={p.rankingsTitle}>
          {(scoring?.rankings ?? []).map((ranking) => {
            const labels = result.rankings[ranking.id] ?? [];
            return (
              <Box key={ranking.id} sx={{ mb: 1 }}>
                <Typography sx={{ fontWeight: 600 }} id={`preview-ranking-${ranking.id}`}>
                  {ranking.label}
                </Typography>
                {labels.length === 0 ? (
                  <Typography color="text.secondary">{p.rankingEmpty}</Typography>
                ) : (
                  <Box component="ol" aria-labelledby={`preview-ranking-${ranking.id}`} sx={{ my: 0.5, pl: 3 }}>
                    {labels.map((label, index) => (
                      <li key={`${index}-${label}`}>{label}</li>
                    ))}
                  </Box>
                )}
              </Box>
            );
          })}
        </Part>
      )}

      <Part title={p.wireTitle}>
        {errors.length > 0 && (
          <Box sx={{ mb: 1 }}>
            <Typography color="error">{p.decodeErrors}</Typography>
            <Box component="ul" sx={{ my: 0.5, pl: 3, color: 'error.main' }}>
              {errors.map((error, index) => (
                <li key={index}>{error}</li>
              ))}
            </Box>
          </Box>
        )}
        {/* Focusable, so its scroll works from the keyboard. */}
        <Box
          component="pre"
          tabIndex={0}
          role="region"
          aria-label={p.wireLabel}
          data-testid="preview-wire"
          sx={{
            m: 0,
            p: 1.5,
            maxHeight: 360,
            overflow: 'auto',
            bgcolor: 'grey.100',
            borderRadius: 1,
            fontSize: '0.8125rem',
            '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main' },
          }}
        >
          {wireJson(items)}
        </Box>
      </Part>
    </Paper>
  );
}
