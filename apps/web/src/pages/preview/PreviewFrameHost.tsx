import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type { QuestionnaireDefinition } from '../../../../../engine/definition/types';
import { messages } from '../../../../../engine/messages';
import { fromOwnOrigin, PREVIEW_FRAME_PATH, readFrameMessage, type FrameMessage, type ShowMessage } from './protocol';

/** Phone or whole page. */
export type PreviewView = 'phone' | 'page';

/** The frame's size on a phone: a common phone's CSS width, and a height that fits a laptop screen. */
export const PHONE_FRAME = { width: 390, height: 780 };

/**
 * The form's frame (`/preview/frame`), a phone's width inside a dark bezel or the page's width: the
 * renderer's layout follows the width of the window it is in, so only a frame shows the phone layout.
 * It hands the frame each definition and run, again whenever the frame (re)starts, and passes the
 * frame's other messages up. The frame element stays the same across views, so answers survive a switch.
 */
export function PreviewFrameHost({
  definition,
  run,
  view,
  onMessage,
}: {
  definition: QuestionnaireDefinition | null;
  run: number;
  view: PreviewView;
  onMessage(message: Exclude<FrameMessage, { kind: 'avalia-preview.ready' }>): void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  /** How many times the frame said it is listening (a reloaded frame says it again). */
  const [readyCount, setReadyCount] = useState(0);
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  }, [onMessage]);

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (!fromOwnOrigin(event, frame.current?.contentWindow)) return;
      const message = readFrameMessage(event.data);
      if (!message) return;
      if (message.kind === 'avalia-preview.ready') setReadyCount((count) => count + 1);
      else handler.current(message);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  useEffect(() => {
    if (readyCount === 0 || !definition) return;
    const message: ShowMessage = { kind: 'avalia-preview.show', run, definition };
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, [readyCount, definition, run]);

  const phone = view === 'phone';
  return (
    <Box
      data-view={view}
      sx={
        phone
          ? { p: 1.25, bgcolor: '#1f2a44', borderRadius: 6, boxShadow: 3, width: 'fit-content', maxWidth: '100%', mx: 'auto' }
          : { border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }
      }
    >
      <Box
        component="iframe"
        ref={frame}
        src={PREVIEW_FRAME_PATH}
        title={messages.preview.frameTitle}
        sx={{
          display: 'block',
          border: 0,
          bgcolor: 'background.default',
          ...(phone
            ? { width: PHONE_FRAME.width, maxWidth: '100%', height: PHONE_FRAME.height, borderRadius: 4 }
            : { width: '100%', height: 'max(600px, calc(100dvh - 220px))' }),
        }}
      />
    </Box>
  );
}
