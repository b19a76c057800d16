import { useMutation } from '@tanstack/react-query';
import { useErrorToast } from '../toast/use-error-toast.ts';

/**
 * The mutation of a form: on failure the server's field errors (400 `details[{field, message}]`) go under the
 * form's fields, and anything else becomes an error toast (server message, translated code or `errorMessage`).
 */
export function useFormMutation<Input, Result>({
  form,
  mutationFn,
  onSuccess,
  onError,
  errorMessage,
}: {
  form: { showServerFieldErrors: (error: unknown) => boolean };
  mutationFn: (input: Input) => Promise<Result>;
  onSuccess?: (result: Result, input: Input) => void;
  /** Besides the message: what the screen does about the failure (e.g. read again what the answer says has changed). */
  onError?: (error: unknown) => void;
  /** Translated default text of the error toast (docs/product.md, Errors). */
  errorMessage: string;
}) {
  const showErrorToast = useErrorToast();
  return useMutation({
    mutationFn,
    onSuccess,
    onError: (error) => {
      if (!form.showServerFieldErrors(error)) showErrorToast(error, errorMessage);
      onError?.(error);
    },
  });
}
