/** Every user-facing message of the specification lives here once (spec 5 and 8). */
export const MESSAGES = {
  generic: 'Oops! An unexpected error occurred.',
  noNetwork: 'No network connection. Check your connection and try again.',
  noToken: 'You are not signed in.',

  password: {
    required: 'Password is required',
    min: 'Password must be at least 8 characters long',
    max: 'Password must not exceed 10 characters',
    uppercase: 'Password must contain at least one uppercase letter',
    lowercase: 'Password must contain at least one lowercase letter',
    number: 'Password must contain at least one number',
    special: 'Password must contain at least one special character',
    hint: '8 to 10 characters with an uppercase and a lowercase letter, a number and a special character.',
  },
  field: {
    required: (label: string) => `${label} is required`,
    tooLong: (max: number) => `Must be at most ${max} characters`,
    mustBeText: (label: string) => `${label} must be text`,
    email: 'Enter a valid e-mail address',
    passwordsMatch: 'Passwords do not match',
    domain: 'Enter a website domain like example.com',
    avatar: 'Avatar must be an http or https URL',
  },
  auth: {
    invalidCredentials: 'Incorrect e-mail or password.',
    emailNotVerified:
      'Please verify your e-mail address before signing in. We can send you a new verification link.',
    invalidToken: 'This link is invalid or has expired. Request a new one.',
    sessionExpired: 'Your session has expired. Please sign in again.',
    wrongCurrentPassword: 'Current password is incorrect.',
    tooManyAttempts: 'Too many attempts. Please wait and try again later.',
    signUpDone: 'Account created. Check your inbox for a verification link.',
    verificationSent: 'If the account exists and is not yet verified, a new link is on its way.',
    resetRequested: 'If an account exists for this e-mail, a reset link is on its way.',
    resetDone: 'Your password has been reset. Sign in with the new password.',
    verified: 'Your e-mail is verified. You can sign in now.',
    passwordChanged: 'Password updated.',
    profileUpdated: 'Profile updated.',
  },
  brands: {
    created: 'Product created.',
    updated: 'Product updated.',
    deleted: 'Product deleted.',
    keyRotated: 'Write key rotated. Update the snippet on your website.',
    notFound: 'Product not found.',
    limitReached: (limit: number) =>
      `Your plan allows ${limit} tracked product${limit === 1 ? '' : 's'}. Upgrade your plan to add more.`,
    copied: 'Copied to clipboard.',
    copyFailed: 'Could not copy. Select the key and copy it by hand.',
    deleteConfirm: (name: string) =>
      `Delete "${name}"? Its write key stops working at once and its tracking data is no longer shown. This cannot be undone.`,
    rotateConfirm: (name: string) =>
      `Rotate the write key of "${name}"? The current key stops working at once; update the snippet on your website with the new key.`,
    empty: 'No tracked products yet. Add your website to get a write key for the tracking snippet.',
  },
  http: {
    notFound: 'Not found.',
    invalidJson: 'The request body is not valid JSON.',
    unsupportedMediaType: 'Send the request body as JSON (Content-Type: application/json).',
    bodyTooLarge: 'The request body is too large.',
    validation: 'Some fields are not valid.',
    bodyNotObject: 'The request body must be a JSON object.',
    badCharacters: 'Text must not contain control characters such as NUL (\\u0000).',
    unauthorized: 'Please sign in to continue.',
  },
} as const;
