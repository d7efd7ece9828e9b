import type { QuestionnaireDefinition, WireItem } from '../../../../../engine/definition/types';

/**
 * What the preview screen and its frame (`/preview/frame`) say to each other with `postMessage`. Both
 * sides accept messages only from their own origin and from the other window (the frame's parent, the
 * screen's frame), so no other page can drive the frame or feed answers to the screen.
 */

/** The page the form is drawn in (the server lets only this page be framed, by its own origin). */
export const PREVIEW_FRAME_PATH = '/preview/frame';

/** Screen → frame: run this definition; a new `run` is a fresh form. */
export interface ShowMessage {
  kind: 'avalia-preview.show';
  run: number;
  definition: QuestionnaireDefinition;
}

/** Frame → screen. */
export type FrameMessage =
  /** The frame is listening (sent when it starts, so a reloaded frame gets the definition again). */
  | { kind: 'avalia-preview.ready' }
  /** The respondent sent the form of `run`: the wire items that would have gone to the server. */
  | { kind: 'avalia-preview.submitted'; run: number; items: WireItem[] }
  /** The respondent asked to answer again. */
  | { kind: 'avalia-preview.restart' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isWireItem = (value: unknown): value is WireItem => isRecord(value) && typeof value.question === 'string' && typeof value.response === 'string';

/** A message from the frame, or null when the data is none of them. */
export function readFrameMessage(data: unknown): FrameMessage | null {
  if (!isRecord(data)) return null;
  if (data.kind === 'avalia-preview.ready' || data.kind === 'avalia-preview.restart') return { kind: data.kind };
  if (data.kind === 'avalia-preview.submitted' && typeof data.run === 'number' && Array.isArray(data.items) && data.items.every(isWireItem)) {
    return { kind: data.kind, run: data.run, items: data.items };
  }
  return null;
}

/** A message from the screen, or null. The definition was checked by the server's parser before it was sent. */
export function readShowMessage(data: unknown): ShowMessage | null {
  if (!isRecord(data) || data.kind !== 'avalia-preview.show' || typeof data.run !== 'number' || !isRecord(data.definition)) return null;
  return { kind: data.kind, run: data.run, definition: data.definition as unknown as QuestionnaireDefinition };
}

/** Whether a message event comes from `source` on this page's own origin. */
export function fromOwnOrigin(event: MessageEvent, source: MessageEventSource | null | undefined): boolean {
  return source !== null && source !== undefined && event.source === source && event.origin === window.location.origin;
}
