import { formatDateBR } from '../../../../engine/rules/dates.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { escapeHtml, isWebLink } from './escape.ts';

/*
 * The e-mails, built from the templates of `definitions/messages/mail.json`. A message is a list of
 * paragraphs; each paragraph is a template and its values. The text body formats them as they are;
 * the HTML body escapes the template and every value (names are user-provided) and turns the links
 * into anchors.
 */

/** A piece of an e-mail paragraph value: plain text, or a link shown as an anchor in HTML. */
type Value = string | { link: string };

/** One paragraph: a catalogue template and its values. */
interface Paragraph {
  template: string;
  params?: Record<string, Value>;
}

/** Subject and bodies of an e-mail. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

function plain(value: Value): string {
  return typeof value === 'string' ? value : value.link;
}

function html(value: Value): string {
  if (typeof value === 'string') return escapeHtml(value);
  const escaped = escapeHtml(value.link);
  return isWebLink(value.link) ? `<a href="${escaped}">${escaped}</a>` : escaped;
}

function mapValues(params: Record<string, Value>, render: (value: Value) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, render(value)]));
}

/** Renders subject and paragraphs as a text body and an escaped HTML body. */
export function renderMail(subject: string, paragraphs: Paragraph[]): MailContent {
  const text = paragraphs.map((p) => format(p.template, mapValues(p.params ?? {}, plain))).join('\n\n');
  const body = paragraphs.map((p) => `<p>${format(escapeHtml(p.template), mapValues(p.params ?? {}, html))}</p>`).join('\n');
  return {
    subject: subject.replace(/[\r\n]+/g, ' '),
    text: `${text}\n`,
    html: `<!doctype html>\n<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>\n${body}\n</body></html>\n`,
  };
}

/** The personal link of an evaluation: `{publicUrl}/{slug}/{evaluationId}`. */
export function evaluationLink(publicUrl: string, slug: string, evaluationId: string): string {
  return `${publicUrl}/${slug}/${evaluationId}`;
}

/** A person's page of all their evaluations (public, by their personal key): `{publicUrl}/evaluations/{personalKey}`. */
export function personalPagesLink(publicUrl: string, personalKey: string): string {
  return `${publicUrl}/evaluations/${personalKey}`;
}

/** What an evaluation e-mail says. */
export interface EvaluationMailInput {
  renewed: boolean;
  evaluatorName: string;
  evaluationName: string;
  /** The evaluated person's name, for a 360 (otherwise null). */
  ratedName: string | null;
  link: string;
  expireAt: Date | null;
  timeZone: string;
  /** The evaluator's page of all their evaluations (`personalPagesLink`); absent: not mentioned. */
  personalLink?: string | null;
}

/** The paragraph pointing to the person's page of all their evaluations, when there is one. */
function personalLinkParagraph(link: string | null | undefined): Paragraph[] {
  return link ? [{ template: messages.personal.personalLink, params: { link: { link } } }] : [];
}

/** The e-mail that invites (or, renewed, reminds) the evaluator to answer one evaluation. */
export function evaluationMail(input: EvaluationMailInput): MailContent {
  const m = messages.mail;
  const evaluation = input.evaluationName;
  const rated = input.ratedName;
  const subject = format(input.renewed ? m.evaluationRenewedSubject : m.evaluationSubject, { evaluation });
  const intro = input.renewed ? (rated ? m.evaluationRenewedIntroRated : m.evaluationRenewedIntro) : rated ? m.evaluationIntroRated : m.evaluationIntro;
  return renderMail(subject, [
    { template: m.greeting, params: { name: input.evaluatorName } },
    { template: intro, params: { evaluation, rated: rated ?? '' } },
    { template: m.evaluationLink, params: { link: { link: input.link } } },
    input.expireAt ? { template: m.evaluationExpiry, params: { date: formatDateBR(input.expireAt, input.timeZone) } } : { template: m.evaluationNoExpiry },
    ...personalLinkParagraph(input.personalLink),
    { template: m.linkPersonal },
    { template: m.signature },
  ]);
}

/** One pending evaluation listed in a reminder. */
export interface ReminderItem {
  evaluationName: string;
  ratedName: string | null;
  link: string;
  expireAt: Date | null;
}

/**
 * The reminder listing every pending evaluation of a user, with links and expiry dates, and the link of
 * their page of all their evaluations when given.
 */
export function reminderMail(userName: string, items: ReminderItem[], timeZone: string, personalLink?: string | null): MailContent {
  const m = messages.mail;
  const lines: Paragraph[] = items.map((item) => {
    const template = item.expireAt
      ? item.ratedName
        ? m.reminderItemRated
        : m.reminderItem
      : item.ratedName
        ? m.reminderItemRatedNoExpiry
        : m.reminderItemNoExpiry;
    return {
      template,
      params: {
        evaluation: item.evaluationName,
        rated: item.ratedName ?? '',
        link: { link: item.link },
        date: item.expireAt ? formatDateBR(item.expireAt, timeZone) : '',
      },
    };
  });
  return renderMail(m.reminderSubject, [
    { template: m.greeting, params: { name: userName } },
    { template: m.reminderIntro },
    ...lines,
    ...personalLinkParagraph(personalLink),
    { template: m.linkPersonal },
    { template: m.signature },
  ]);
}

/** What a report e-mail says. */
export interface ReportMailInput {
  /** Who gets it. */
  name: string;
  /** The evaluation it is about ("Escala de Estresse Percebido"), and the evaluated person when someone else. */
  evaluationName: string;
  ratedName: string | null;
  /** The attached PDF's file name. */
  fileName: string;
  /** The recipient's page of all their evaluations and reports. */
  personalLink: string;
  support: { email: string; phone: string };
}

/** The e-mail that carries a report's PDF (attached by the caller). */
export function reportMail(input: ReportMailInput): MailContent {
  const m = messages.mail;
  const evaluation = input.evaluationName;
  return renderMail(format(m.reportSubject, { evaluation }), [
    { template: m.greeting, params: { name: input.name } },
    { template: input.ratedName ? m.reportIntroRated : m.reportIntro, params: { evaluation, rated: input.ratedName ?? '' } },
    { template: m.reportAttached, params: { file: input.fileName } },
    { template: messages.personal.personalLink, params: { link: { link: input.personalLink } } },
    { template: m.reportSupport, params: { email: input.support.email, phone: input.support.phone } },
    { template: m.signature },
  ]);
}
