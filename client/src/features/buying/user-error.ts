/** An error a shopper can act on, as a result union's member gives it (`...UserErrorFields @alias(as: "userError")`). */
export interface AnswerError {
  code: string | null;
  message: string;
  field?: string | null;
}

/** A member this client does not know (a newer server's) has no words: the caller says something went wrong. */
export const UNKNOWN_ERROR: AnswerError = { code: null, message: '', field: null };
