import { toast, type ToastOptions } from 'react-toastify';

/** Toasts replace whatever toast is showing (docs/product/screens.md#26-shared-widgets). */
function show(
  kind: 'success' | 'error' | 'info' | 'warning',
  message: string,
  options?: ToastOptions,
) {
  toast.dismiss();
  return toast[kind](message, options);
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
};
