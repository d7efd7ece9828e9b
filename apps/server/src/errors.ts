/** A domain error with its HTTP status and Portuguese message; the error handler sends `{message, errors?}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Every message, when there are several (validation of a submission). */
    readonly errors?: string[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
