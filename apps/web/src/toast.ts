import { staffToasts } from '../../../renderer/toast';

export { TOAST_MS } from '../../../renderer/toast';

/** Success, error, info and warning toasts (the renderer's one toaster); each closes after 3 s unless a duration is given. */
export function useToast() {
  return staffToasts;
}
