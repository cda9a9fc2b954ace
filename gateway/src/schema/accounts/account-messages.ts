/**
 * The gateway's copy for account outcomes the spec has no words for (British English). They never
 * say whether an email is registered (reliability A6).
 */
export const ACCOUNT_OUTCOMES = {
  registerAccepted: 'Thanks! Check your email: we have sent you a link to finish creating your account.',
  passwordResetRequested: 'If there is an account for that email, we have sent it a link to reset your password. Check your email.',
  signInLinkRequested: 'If there is an account for that email, we have sent it a link to sign in. It works once, for 15 minutes. Check your email.',
  passwordReset: 'Your password has been changed. Please sign in with your new password.',
  passwordActivated: 'Your password has been set. Please sign in with it.',
  accountDeleted: 'Your account has been deleted and your personal details erased.',
  accountDeletionRequested: 'Check your email: we have sent you a link to confirm. Open it in this browser, while signed in, to delete your account. It works for 30 minutes.',
  subscriptionRequested: 'Nearly there! Check your email and click the link to confirm your subscription.',
} as const;
