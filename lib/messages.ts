/**
 * Every user-facing message of the product reference lives here once (docs/product/validation.md,
 * docs/product/messages.md).
 */
export const MESSAGES = {
  generic: 'Oops! An unexpected error occurred.',
  noNetwork: 'No network connection. Check your connection and try again.',
  noToken: 'You are not signed in.',
  /** The Discard Changes dialog (docs/product/screens.md#23-dialogs), wherever a form can be left. */
  discardConfirm: 'Are you sure you want to go back? Any unsaved changes will be lost.',

  password: {
    required: 'Password is required',
    min: 'Password must be at least 8 characters long',
    max: 'Password must not exceed 64 characters',
    uppercase: 'Password must contain at least one uppercase letter',
    lowercase: 'Password must contain at least one lowercase letter',
    number: 'Password must contain at least one number',
    special: 'Password must contain at least one special character',
    hint: '8 to 64 characters with an uppercase and a lowercase letter, a number and a special character.',
  },
  field: {
    required: (label: string) => `${label} is required`,
    tooLong: (max: number) => `Must be at most ${max} characters`,
    mustBeText: (label: string) => `${label} must be text`,
    email: 'Enter a valid e-mail address',
    passwordsMatch: 'Passwords do not match',
    domain:
      'Enter a website domain like example.com; for local testing, localhost, 127.0.0.1 or [::1], with a port if needed (localhost:3000)',
    avatar: 'Avatar must be an http or https URL',
  },
  auth: {
    invalidCredentials: 'Incorrect e-mail or password.',
    emailNotVerified:
      'Please verify your e-mail address before signing in. We can send you a new verification link.',
    invalidToken: 'This link is invalid or has expired. Request a new one.',
    sessionExpired: 'Your session has expired. Please sign in again.',
    noSession: 'That session does not exist or is already signed out.',
    verifyPasswordRequired: 'Enter the password you chose when you signed up.',
    sessionRevoked: 'The session was signed out.',
    otherSessionsRevoked: 'Every other session was signed out.',
    wrongCurrentPassword: 'Current password is incorrect.',
    tooManyAttempts: 'Too many attempts. Please wait and try again later.',
    signUpDone: 'Account created. Check your inbox for a verification link.',
    verificationSent: 'If the account exists and is not yet verified, a new link is on its way.',
    resetRequested: 'If an account exists for this e-mail, a reset link is on its way.',
    resetDone: 'Your password has been reset. Sign in with the new password.',
    verified: 'Your e-mail is verified. Welcome to Signpost!',
    passwordChanged: 'Password updated.',
    profileUpdated: 'Profile updated.',
  },
  reports: {
    notFound: 'Report not found.',
    deleted: 'Report deleted.',
    created: 'Report saved.',
    updated: 'Report updated.',
    failedToSave: (m: string) => `Failed to save report: ${m}`,
    failedToGetReport: (m: string) => `Failed to get report: ${m}`,
    failedToGetReports: (m: string) => `Failed to get reports: ${m}`,
    failedToDownload: (m: string) => `Failed to download the CSV: ${m}`,
    restored: 'Your unsaved report was restored.',
    unknownProperty: (key: string) =>
      `No event property or customer attribute named "${key}" has been seen yet: it is read as typed.`,
    noData: 'No events match this report in this period.',
    listEmpty: 'No reports yet. Create one to follow a number of your products over time.',
    listNoMatches: 'No reports match this search.',
    deleteConfirm: (name: string) =>
      `Delete the report "${name}"? It also leaves its product's dashboard. This cannot be undone.`,
  },
  shortUrls: {
    notFound: 'Short link not found.',
    deleted: 'Short link deleted.',
    urlRequired: 'Destination URL is required',
    urlInvalid: 'Destination URL must be a full http:// or https:// address',
    urlTooLong: (max: number) => `Destination URL must be at most ${max} characters`,
    expiredUrlInvalid: 'The "after expiry" URL must be a full http:// or https:// address',
    slugFormat: (min: number, max: number) =>
      `Slug must be ${min} to ${max} characters: letters, digits, "-" or "_", starting with a letter or digit`,
    slugReserved: (slug: string) => `The slug "${slug}" is reserved: choose another one`,
    slugTaken: (slug: string) => `The slug "${slug}" is already taken: choose another one`,
    utmTooLong: (field: string, max: number) => `UTM ${field} must be at most ${max} characters`,
    expiresAtInvalid: 'Expiry must be a date and time (ISO 8601, e.g. 2026-12-31T23:59:00Z)',
    destinationBlocked: (host: string) =>
      `Links to ${host} are not allowed on this service. Link to the final address instead.`,
    expiresAtRange: (min: number, max: number) =>
      `Expiry must be a date between the years ${min} and ${max} (e.g. 2026-12-31T23:59:00Z)`,
    limitReached: (limit: number, plan: string) =>
      `Your ${plan} plan allows ${limit.toLocaleString('en-US')} short links per product. Delete one or upgrade at /profile/plans.`,
    tooManyClicks: 'Too many requests from this address. Try again in a minute.',
    pageNotFoundTitle: 'Link not found',
    pageNotFound: 'This short link does not exist. Check the address, or ask whoever sent it.',
    pageGoneTitle: 'Link no longer available',
    pageGone: 'This short link has expired or was switched off by its owner.',
    created: 'Short link created.',
    updated: 'Short link saved.',
    disabledDone: (slug: string) =>
      `Short link "${slug}" disabled: it now answers "no longer available".`,
    enabledDone: (slug: string) => `Short link "${slug}" enabled.`,
    copied: 'Short link copied to clipboard.',
    copyFailed: 'Could not copy. Select the short link and copy it by hand.',
    failedToGetList: (m: string) => `Failed to get short links: ${m}`,
    failedToGet: (m: string) => `Failed to get short link: ${m}`,
    failedToGetReport: (m: string) => `Failed to get the clicks: ${m}`,
    failedToSave: (m: string) => `Failed to save short link: ${m}`,
    failedToUpdate: (m: string) => `Failed to update short link: ${m}`,
    failedToDelete: (m: string) => `Failed to delete short link: ${m}`,
    listEmpty: 'No short links yet. Create one to share a short address and count its clicks.',
    listNoMatches: 'No short links match this search.',
    noClicks: 'No clicks in this period.',
    deleteConfirm: (slug: string) =>
      `Delete the short link "${slug}"? Its address stops working at once and its clicks are no longer shown. This cannot be undone.`,
  },
  brands: {
    badOrigin: (v: string) =>
      `"${v.slice(0, 80)}" is not an origin (https://app.example.com) or a host name (app.example.com).`,
    tooManyOrigins: (max: number) => `At most ${max} allowed origins.`,
    noServerKey: 'This product has no server key.',
    created: 'Product created.',
    updated: 'Product updated.',
    deleted: 'Product deleted.',
    keyRotated: 'Write key rotated. Update the snippet on your website.',
    notFound: 'Product not found.',
    timeZone: 'Time zone must be a zone name such as UTC, Europe/Paris or America/New_York.',
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
  settings: {
    ipCapture: 'IP capture must be off, anonymised or full.',
    filterKind: 'Filter kind must be ip, customer_id or event_code.',
    filterValueRequired: 'Enter the value to filter on.',
    badIpRule: (v: string) =>
      `"${v.slice(0, 80)}" is not an IP address or a CIDR range (192.0.2.7, 192.0.2.0/24, 2001:db8::/32).`,
    tooManyFilters: (max: number) => `At most ${max} filters per product.`,
    duplicateFilter: 'This filter is already in the list.',
    generalSaved: 'General settings saved.',
    ipCaptureSaved: 'IP capture saved.',
    filtersSaved: 'Filters saved.',
  },
  /** Settings → Data → Retention (docs/retention.md). */
  retention: {
    months: (max: number) => `Retention must be a whole number of months from 1 to ${max}.`,
    overPlan: (plan: string, max: number) =>
      `The ${plan} plan keeps events for at most ${max} months: choose ${max} or fewer, or upgrade the plan.`,
    saved: 'Retention saved.',
    failedToLoad: (m: string) => `Failed to load the retention: ${m}`,
  },
  events: {
    failedToGet: (m: string) => `Failed to get events: ${m}`,
    failedToDelete: (m: string) => `Fail to delete event: ${m}`,
    failedAutocomplete: (m: string) => `Fail to get autocomplete event: ${m}`,
    failedTail: (m: string) => `Fail to get tailSessionData: ${m}`,
    failedTrackingData: (m: string) => `Fail to get tracking session data: ${m}`,
    fetchError: (m: string) => `something went wrong: ${m}`,
    failedToCreate: (m: string) => `Failed to create event: ${m}`,
    failedToUpdate: (m: string) => `Failed to update event: ${m}`,
    created: 'Create event successfully',
    updated: 'Update event successfully',
    deleted: 'Event deleted.',
    deleteConfirm: (name: string) =>
      `Delete the event "${name}"? Its definition and attributes are removed; tracked data stays.`,
    notFound: 'Event not found.',
    codeTaken: 'An event with this code already exists in this product.',
    brandRequired: 'Choose a tracked product first.',
    dataType: 'Data type must be one of string, number, date, boolean or list',
    duplicateAttribute: 'Each attribute code may appear only once.',
    tooManyAttributes: 'An event can have at most 100 attributes.',
    empty:
      'No events defined yet. Define one, or send events from your website and define them from the list of undefined events.',
    testSent: 'Test event sent.',
    testFailed: (m: string) => `Could not send the test event: ${m}`,
    noMatches: 'No events match your search.',
  },
  profiles: {
    cursorTooDeep:
      'That page is too deep to jump to: follow nextCursor from the previous page instead.',
    invalidCursor: 'The cursor is not valid. Start from the first page.',
    notFound: 'Customer profile not found.',
    empty: 'No customers yet. Install the tracking snippet and call identify() to see them here.',
    noMatch: 'No customers match the search or filter.',
    metadataCreated: 'Metadata attribute created.',
    metadataUpdated: 'Metadata attribute updated.',
    metadataDeleted: 'Metadata attribute deleted.',
    attributeCreated: 'Data attribute created.',
    attributeUpdated: 'Data attribute updated.',
    attributeDeleted: 'Data attribute deleted.',
    fieldTaken: 'An attribute with this field name already exists.',
    systemAttribute: 'System attributes cannot be changed.',
    fieldName: 'Use letters, digits and underscores, starting with a letter.',
    invalidFilter: 'The filter is not valid. Check each condition.',
    unknownAttribute: (key: string) => `Unknown attribute: ${key}`,
    metadataSaved: 'Metadata saved.',
    deleteConfirm: (name: string) =>
      `Delete the attribute "${name}"? Values stored on profiles are kept but no longer shown.`,
  },
  flows: {
    titleEmpty: 'Title cannot be empty',
    titleTooLong: 'Field must not exceed 60 characters.',
    urlFieldsRequired: 'All URL fields must be filled in before saving.',
    maxUrlConditions: 'Maximum of 8 URL conditions (includes + excludes) allowed.',
    maxTriggers: 'A flow has at most 5 trigger conditions.',
    maxSegmentConditions: (max: number) => `A segment trigger names at most ${max} segments.`,
    valueRequired: 'Value is required for this condition.',
    valueNumber: 'Value must be a valid number.',
    valueEmpty: 'Value cannot be empty.',
    valueDate: 'Value must be a valid date.',
    rangeRequired: 'Range requires from and to values',
    rangeBothDates: 'Both from and to dates are required for range',
    rangeFromValid: 'From date must be valid',
    rangeToValid: 'To date must be valid',
    conditionN: (n: number, message: string) => `Condition ${n}: ${message}`,
    eventRequired: 'Event is required',
    eventSelected: 'Event must be selected',
    eventCodeRequired: 'Event code is required',
    conditionTypeRequired: 'Condition type is required',
    frequencyRequired: 'Frequency value is required',
    valueAtLeastZero: 'Value must be at least 0',
    betweenObjectWhen:
      'Value must be an object with from and to fields when condition type is between',
    betweenObject: 'Value must be an object with from and to fields',
    betweenNumbers: 'Both from and to must be numbers',
    betweenAtLeastOne: 'Both from and to must be at least 1',
    betweenOrder: 'From value must be less than to value',
    /** The event condition's time range (docs/product/validation.md#57-event-condition-form). */
    timeRangeRequired: 'Time range is required',
    timeRangeAtLeastOne: 'Time range value must be at least 1',
    timeRangeOrder: 'Time range from value must be less than to value',
    timeRangeDateOrder: 'Time range from date must not be after to date',
    noTrigger: 'Please set at least one trigger condition.',
    displayTimesRequired: 'Please input valid display times',
    displayTimesNumber: 'Please input number',
    stepContent: 'Step must include display content.',
    actionStep: 'Please select step for action',
    actionLink: 'Please input link for action',
    buttonAction: 'Please add action for this step',
    selectElement: 'Please select an element.',
    elementActionStep: 'Please select step for tooltip element action',
    elementActionLink: 'Please input link for tooltip element action',
    triggerDataMissing: 'Trigger data no longer exists',
    noActionApplied: 'No action applied',
    /** Step options (docs/flows.md, "Step options"). */
    tooltipOffset: (max: number) => `Offset must be a whole number from 0 to ${max} px`,
    backOnFirstStep: 'The first step has no step to go back to',
    /** Navigation links and background images (docs/product/validation.md#56-condition-value-checks, "a valid URL"). */
    linkInvalid:
      'A valid URL uses http or https only: enter an address starting with http:// or https://, or a path on this site starting with /',
    /** Beside a last step's button whose action ends the tour (docs/flows.md, "How an ending counts"). */
    endsTourCompleted: 'Ends the tour: counts as completed',
    failedToCreate: (m: string) => `Fail to create product tour: ${m}`,
    updated: 'Update product tour successfully',
    failedToGetList: (m: string) => `Failed to get product tour: ${m}`,
    failedToGet: (m: string) => `Failed to get get tour: ${m}`,
    failedToUpdate: (m: string) => `Failed to update tour: ${m}`,
    failedToDeleteFlow: (m: string) => `Failed to delete Flow: ${m}`,
    failedToDelete: (m: string) => `Failed to delete flow: ${m}`,
    failedDetail: (m: string) => `Failed to get detail: ${m}`,
    failedToGetReport: (m: string) => `Failed to get report: ${m}`,
    failedToGetAvailable: (m: string) => `Failed to get available flow: ${m}`,
    reportEmpty: 'No one has seen this tour in this period yet.',
    sessionNotFound: 'Tour session not found.',
    runtimeRateLimited: (perSecond: number) =>
      `This product asks for product tours more than ${perSecond.toLocaleString('en-US')} times per second. Retry after the time in Retry-After.`,
    reportFromDate: 'From date must be a valid date (YYYY-MM-DD).',
    reportToDate: 'To date must be a valid date (YYYY-MM-DD).',
    reportRangeOrder: 'From date must not be after to date.',
    reportTooManyBuckets: (max: number) =>
      `This range has more than ${max} points at this granularity: choose a shorter range or a coarser granularity.`,
    unknownStep: 'This step is not part of the tour (it may have been edited).',
    unknownButton: 'This button is not part of the step (the tour may have been edited).',
    notFound: 'Product tour not found.',
    empty: 'No product tours yet. Create one to welcome customers or point out a feature.',
    noMatches: 'No product tours match your search.',
    noFilterMatches: 'No product tours match the search or filter.',
    duplicated: (name: string) => `Created "${name}".`,
    deleted: (name: string) => `Deleted "${name}".`,
    /** The API's answer to a delete. */
    deletedAnswer: 'Product tour deleted.',
    /** Step content before and after cleaning (docs/flows.md, "Limits"). */
    stepContentTooLong: (max: number) =>
      `Step content must not exceed ${max.toLocaleString('en-US')} characters.`,
    stepContentTooLongCleaned: (step: number, length: number, max: number) =>
      `Step ${step}'s content is ${length.toLocaleString('en-US')} characters once cleaned for display (links gain rel="noopener noreferrer nofollow", special characters are escaped); the limit is ${max.toLocaleString('en-US')}. Shorten it or use fewer links.`,
    /** The plan's limits per product (lib/plans.ts, docs/flows.md "Limits"). */
    tourLimitReached: (limit: number, plan: string) =>
      `Your ${plan} plan allows ${limit.toLocaleString('en-US')} product tours per product. Delete one or upgrade at /profile/plans.`,
    tourBytesLimitReached: (total: string, limit: string, plan: string) =>
      `This product's tours would take ${total}; your ${plan} plan allows ${limit} per product. Shorten step content, delete tours you no longer use or upgrade at /profile/plans.`,
    deleteConfirm: (name: string) =>
      `Delete "${name}"? Customers stop seeing it at once. This cannot be undone.`,
    cannotPublish: 'The flow cannot be published yet: fix the problems listed.',
    unpublishConfirm: (name: string) => `Do you sure want to unpublish this flow "${name}"?`,
    unpublishWarning: 'When you press Unpublish, all ongoing sessions will be immediately closed.',
  },
  ingest: {
    originRefused: (origin: string) =>
      `Events from ${origin.slice(0, 200)} are not accepted for this product. Add that origin under Product Tracking → Sources (allowed origins).`,
    serverKeyInBrowser:
      'A server key must never be used from a browser: send events from your server, or use the write key in the page.',
    identityUnverified:
      'userId needs a valid userHash (HMAC-SHA256 of the userId with the identity secret) for this product.',
    unknownKey: 'Unknown write key. Copy the snippet again from Product Tracking.',
    noKey: 'Send the write key as the HTTP Basic user name, a Bearer token or the writeKey field.',
    tooManyUnknownKeys:
      'Too many requests with an unknown write key from this address. Copy the snippet again from Product Tracking, then retry after the time in Retry-After.',
    overloaded: 'Too many events right now. Retry after the time in Retry-After.',
    rateLimited: (perSecond: number) =>
      `This product sends more than ${perSecond.toLocaleString('en-US')} events per second. Retry after the time in Retry-After.`,
    dailyBytes: (bytes: number) =>
      `This account has stored its ${Math.round(bytes / (1024 * 1024)).toLocaleString('en-US')} MB of events for today (UTC). Tracking resumes at midnight UTC; smaller events or a larger plan raise what fits.`,
    diskLow:
      'The server is low on disk space and is not storing events right now. Retry after the time in Retry-After; the operator has been warned.',
    dailyAllowance: (events: number) =>
      `This account has sent its ${events.toLocaleString('en-US')} events for today (UTC). Tracking resumes at midnight UTC; a larger plan raises the allowance.`,
    unavailable: 'The event store is unavailable. Retry later.',
    profileRejected:
      'The customer profile could not take the values of this request; its events were stored, the profile was not changed.',
    noneAccepted: 'No event in the request was valid.',
    emptyBatch: 'The batch is empty.',
    notObject: 'Each event must be a JSON object.',
    missingId: 'Each event needs a userId or an anonymousId.',
    missingEvent: 'A track event needs an event name.',
    reservedEvent: (name: string) =>
      `"${name}" is recorded by Signpost's product tours and cannot be sent: choose another event name.`,
    reservedSegmentEvent: (name: string) =>
      `"${name}" is recorded by Signpost when a customer enters or leaves a segment and cannot be sent: choose another event name.`,
    eventTooLarge: 'The event is larger than 32 KB.',
    tooDeep: 'The event is nested deeper than 32 levels.',
    badText: 'The event contains invalid text (a lone UTF-16 surrogate or a NUL character).',
    badTimestamp: 'timestamp must be an ISO 8601 date.',
    timestampOutOfRange:
      'timestamp (after clock-skew correction from sentAt) must be between 2000-01-01 and one day from now.',
    tooManyEvents: (max: number) =>
      `A request holds at most ${max.toLocaleString('en-US')} events: split the batch.`,
    tooManyTraits: (field: string, max: number) => `${field} has more than ${max} keys.`,
    valueTooLarge: (field: string, key: string, max: number) =>
      `${field}.${key} is larger than ${max} bytes.`,
    textTooLong: (field: string, max: number) => `${field} is longer than ${max} characters.`,
    badType: 'type must be track, page or identify.',
    badField: (field: string) => `${field} is not valid.`,
  },
  /** Home (docs/home.md). */
  home: {
    failedToLoad: (m: string) => `Failed to load Home: ${m}`,
  },
  /** The Usage limit dialog (docs/product/screens.md#usage-limit). */
  usage: {
    limitTitle: "You've reached your usage limit",
    underLimitTitle: 'Your usage this month',
    /** GRACE_DAYS of lib/billing. */
    trackingDisabled: 'Your Tracking feature will be disabled after 7 days',
  },
  payments: {
    cardAdded: 'Card added successfully!',
    cardDeleted: 'Payment method deleted successfully!',
    cardSetDefault: 'Card set as default successfully!',
    cardInvalid: 'Your card number is invalid.',
    cardExpired: 'Your card has expired.',
    cardBrand: 'We accept Visa, Mastercard and American Express.',
    cardDeclined: 'Your card was declined.',
    cardDetailsRequired: 'Enter the card number, expiry date and security code.',
    cardNumberFormat: 'Enter a valid card number.',
    cardExpiryFormat: 'Enter a valid expiry date.',
    cardCvcFormat: 'Enter a valid security code.',
    cardExists: 'This card is already saved.',
    authenticationRefused: 'The card holder refused the authentication.',
    unknownPlan: 'Unknown plan or price.',
    enterprise: 'Enterprise is sold by our sales team: contact us.',
    samePlan: 'You are already on this plan.',
    addOnsNeedPaidPlan: 'Add-ons need a paid plan. Choose a plan first.',
    addOnsWithDowngrade:
      'Buy add-ons on your current plan, or change the plan without new add-ons.',
    noCard: 'Add a card before paying.',
    inProgress: 'A payment is already in progress. Wait for its result before paying again.',
    customerRequired: 'Stripe customer id is required',
    paymentNotFound: 'Payment not found.',
    cardNotFound: 'Payment method not found.',
    chargeFailed: 'The payment could not be started. Try again in a moment.',
    replaced: 'Not confirmed: replaced by a newer payment.',
    nothingScheduled: 'No plan change is scheduled.',
    planKept: (plan: string) => `Your ${plan} plan continues.`,
    noCardForRenewal: 'No card to renew the plan with: back to the Free plan.',
    renewalNeedsAuthentication: 'The card asked for authentication at renewal.',
    quotaExceeded:
      'Monthly active user limit reached: tracking is paused. Buy add-ons or upgrade at /profile/plans.',
  },
  http: {
    queryTimeout:
      'The request took too long and was stopped. Try again, or narrow it (a shorter date range, fewer filters).',
    notFound: 'Not found.',
    invalidJson: 'The request body is not valid JSON.',
    unsupportedMediaType: 'Send the request body as JSON (Content-Type: application/json).',
    bodyTooLarge: 'The request body is too large.',
    validation: 'Some fields are not valid.',
    bodyNotObject: 'The request body must be a JSON object.',
    badCharacters:
      'Text must not contain control characters such as NUL (\\u0000) or a lone UTF-16 surrogate: send it as valid Unicode.',
    unauthorized: 'Please sign in to continue.',
    tooManyRequests:
      'You are sending requests faster than this service allows. Wait for the time in Retry-After, then try again.',
    clientClosed: 'The request was closed before its answer was ready.',
    analyticsBusy:
      'Too many reports are running for your account right now. Wait a few seconds and try again.',
    segmentsBusy:
      'Too many segment counts and exports are running for your account right now. Wait a few seconds and try again.',
    runtimeBusy:
      'Too many tour decisions of this product are reading events right now. Ask again in a few seconds.',
    analyticsRefused:
      'This report cannot be computed from the events as they are. Check its property names and filter types.',
    analyticsTooLarge:
      'This report needs more memory or rows than one report may use. Narrow it: a shorter date range, fewer series or a breakdown with fewer values.',
  },
  /** Signed download links (docs/security.md, "Download links"). */
  downloads: {
    notDownloadable: (allowed: string) =>
      `Only these addresses can be downloaded through a link: ${allowed}.`,
    pathInvalid:
      'path must be an API address starting with /v1/, with its query (e.g. /v1/segments/1/members?format=csv).',
    linkExpired: 'This download link has expired. Start the download again from the dashboard.',
    linkInvalid:
      'This download link is not valid for this address. Start the download again from the dashboard.',
    linkNotHere: 'A download link opens only the address it was made for.',
    sessionEnded:
      'The session that made this download link has ended. Sign in and start the download again.',
  },
  /** Deleting a product (docs/data-rights.md, "Deleting a product"). */
  productDeletion: {
    nameMismatch: (name: string) => `Type the product’s name exactly to confirm: ${name}`,
    requested: (due: string) => `The product will be deleted on ${due}. You can cancel until then.`,
    cancelled: 'Deletion cancelled. The product stays.',
  },
  /** Erasure of a customer (docs/data-rights.md). */
  erasure: {
    notFound: 'Erasure not found.',
    queued: (who: string) =>
      `${who} is erased from the customers now; their events and tour sessions follow within a minute.`,
  },
  /** Settings → Webhooks (docs/webhooks.md, "Dashboard"). */
  webhooks: {
    created: 'Endpoint added. Copy its secret now.',
    updated: 'Endpoint saved.',
    deleted: 'Endpoint deleted.',
    rotated: 'Secret rotated. Copy the new secret now.',
    testSent: 'Test event sent. Its delivery shows in the log.',
    resent: 'Delivery sent again.',
    copied: 'Secret copied to clipboard.',
    copyFailed: 'Could not copy. Select the secret and copy it by hand.',
    failedToLoad: (m: string) => `Failed to load the webhook endpoints: ${m}`,
    failedDeliveries: (m: string) => `Failed to load the delivery log: ${m}`,
    eventCodeTaken: (code: string) => `event.${code} is already chosen.`,
  },
  /** The data export (docs/data-export.md). */
  dataExport: {
    badCursor:
      'cursor is not one this export gave. Pass the cursor of the last row you received, or leave it out to start from the beginning.',
    busy: 'An export of your account is already running. Wait for it to finish (or stop it), then try again.',
    serverBusy: 'Too many exports are running right now. Try again in a minute.',
    brandRequired:
      "brand_id is required: the id of the product to export (with the product's server key it may be left out).",
    unknownServerKey:
      'Unknown server key: it may have been rotated or revoked. Issue a new one under Settings → Tracking.',
    failedToExport: (m: string) => `Failed to export: ${m}`,
  },
  /** The product theme, "Custom styling" (docs/theme.md). */
  theme: {
    color: (label: string) => `${label} must be a hex colour like #2563eb`,
    range: (label: string, min: number, max: number) =>
      `${label} must be a whole number from ${min} to ${max}`,
    font: 'Font family must be font names separated by commas, such as Inter, sans-serif',
    fontTooLong: (max: number) => `Font family must be at most ${max} characters`,
    shadow: 'Shadow must be none, soft or strong',
    opacity: 'Backdrop opacity must be a number from 0 to 1',
    bannerPlacement: 'Banner placement must be top or bottom',
    bubblePlacement: 'Speech bubble placement must be bottom-right or bottom-left',
    paidOnly: (plan: string) =>
      `Custom styling is part of the paid plans; your ${plan} plan shows tours in the default style. Upgrade at /profile/plans to save a theme.`,
    saved: 'Theme saved.',
    upgradePrompt: 'Custom styling comes with the paid plans. Upgrade to save your theme.',
  },
  /** Segments (docs/segments.md). */
  segments: {
    notFound: 'Segment not found.',
    nameTaken: 'A segment with this name already exists in this product.',
    noConditions: 'Add at least one condition.',
    emptyGroup: 'A group needs at least one condition.',
    maxConditions: (max: number) => `A group has at most ${max} conditions.`,
    attributeRequired: 'Attribute is required',
    segmentRequired: 'Choose a segment.',
    unknownSegment: 'This segment does not exist in this product.',
    selfReference: 'A segment cannot include itself.',
    cycle: (names: string) => `Segments cannot include each other in a circle: ${names}.`,
    tooDeep: (max: number) =>
      `Segments can include segments at most ${max} levels deep (this one included).`,
    limitReached: (max: number) =>
      `A product has at most ${max} segments. Delete one you no longer use to add another.`,
    usedBySegment: (name: string) =>
      `This segment is used by the segment "${name}". Remove it from there first.`,
    usedByTour: (name: string) =>
      `The published product tour "${name}" targets this segment. Change its trigger or unpublish it first.`,
    deletedAnswer: 'Segment deleted.',
    dateProperty: (key: string) =>
      `Event property "${key}" cannot be compared as a date in a segment`,
    // The screens' messages (features/segments).
    empty: 'No segments yet. Create one to group customers by what they are and what they do.',
    noMatches: 'No segments match this search.',
    failedToGetList: (m: string) => `Failed to get segments: ${m}`,
    failedToGet: (m: string) => `Failed to get the segment: ${m}`,
    failedToGetMembers: (m: string) => `Failed to get the members: ${m}`,
    deleted: (name: string) => `Segment "${name}" deleted.`,
    failedToDelete: (m: string) => `Failed to delete the segment: ${m}`,
    saved: (name: string) => `Segment "${name}" saved.`,
    /** A saved definition published tours read: who joins and leaves their audience. */
    savedAudience: (name: string, gained: number, lost: number, tours: string[]) => {
      const n = (v: number) => v.toLocaleString('en-US');
      const named = tours.slice(0, tours.length > 3 ? 2 : 3).map((t) => `"${t}"`);
      const rest = tours.length > 3 ? [`${tours.length - 2} other tours`] : [];
      const all = [...named, ...rest];
      const list = all.length > 1 ? `${all.slice(0, -1).join(', ')} and ${all.at(-1)}` : all[0];
      const audience = `the ${tours.length > 1 ? 'audiences' : 'audience'} of ${list}`;
      if (gained === 0 && lost === 0)
        return `Segment "${name}" saved. No customer joins or leaves ${audience}.`;
      const join =
        gained === 0
          ? 'No customer joins'
          : `${n(gained)} ${gained === 1 ? 'customer joins' : 'customers join'}`;
      const leave = lost === 0 ? 'none leave' : `${n(lost)} ${lost === 1 ? 'leaves' : 'leave'}`;
      return `Segment "${name}" saved. ${join} and ${leave} ${audience}.`;
    },
    failedToSave: (m: string) => `Failed to save the segment: ${m}`,
    failedToCount: (m: string) => `Could not count the customers: ${m}`,
    failedToExport: (m: string) => `Failed to export the members: ${m}`,
    noMembers: 'No customer is in this segment right now.',
  },
  builder: {
    urlRequired: 'Enter the address of the page where the element is.',
    urlInvalid:
      'Enter the full address of a page of your site, starting with https:// (http:// works for localhost).',
    originRefused: (origin: string) =>
      `The builder opens only on your product's own sites, and ${origin.slice(0, 200)} is not one of them. Add that origin under Product Tracking → Sources (allowed origins), or change the product's website domain.`,
    modeInvalid: 'Mode must be "pick" or "preview".',
    stepNotFound:
      'This step is not in the saved tour. Save the tour, then select the element again.',
    codeInvalid:
      'This builder link has expired or was already used. Click Select element in the editor again.',
    codeWrongOrigin:
      'This builder link was made for another site. Click Select element in the editor again.',
    tokenInvalid:
      'The builder session has ended. Click Select element in the editor to start a new one.',
    wrongOrigin: 'This builder session belongs to another site.',
    wrongProduct:
      "This page's Signpost snippet belongs to another product. Open the builder from that product's tour editor.",
    otherStep:
      'This builder session picks the element of another step. Click Select element on this step in the editor.',
    previewOnly:
      'A preview cannot change the tour. Click Select element in the editor to pick an element.',
  },
} as const;
