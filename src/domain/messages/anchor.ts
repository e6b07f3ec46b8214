// Where a conversation sits on its page, in a module without schemas: the customer's dashboard links to it and
// validates nothing before its first screen (decision 0248).

/** The id of the conversation on a shipment's or request's page: a mail's link ends in `#messages` and lands on it. */
export const CONVERSATION_ANCHOR = 'messages';
