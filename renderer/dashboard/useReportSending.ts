import { useEffect, useRef, useState } from 'react';
import { messages } from '../../engine/messages';
import { staffToasts } from '../toast.ts';
import type { DashboardSource } from './types';

const m = messages.dashboard;

/** How often, and how many times, a queued report e-mail is asked about (the spec's 3 s; two minutes in all). */
const SEND_POLL_MS = 3000;
const SEND_POLLS = 40;

/**
 * 'Enviar Relatório': the confirmation, the sending of the chosen person's report (`sendTo`; none: no
 * sending), and then the queued e-mail followed until it left or failed ('Relatório enviado com
 * sucesso.'), for as long as the view is on screen.
 */
export function useReportSending(source: DashboardSource, dashboardId: number, sendTo: number | undefined) {
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function follow(jobId: string) {
    for (let attempt = 0; attempt < SEND_POLLS && mounted.current; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, SEND_POLL_MS));
      if (!mounted.current) return;
      const state = await source.sendState(jobId).catch(() => 'queued' as const);
      if (state === 'sent') return void staffToasts.success(m.sendDone);
      if (state === 'failed') return void staffToasts.error(m.sendFailed);
    }
  }

  async function send() {
    if (sendTo === undefined) return;
    setConfirming(false);
    setSending(true);
    let jobId = '';
    try {
      const answer = await source.sendReport(dashboardId, sendTo);
      jobId = answer.jobId;
      staffToasts.info(answer.message || m.sendQueued);
    } catch {
      staffToasts.error(m.sendFailed);
    } finally {
      setSending(false);
    }
    if (jobId) void follow(jobId);
  }

  return { confirming, setConfirming, sending, send };
}
