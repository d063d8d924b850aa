// Code units that no UTF-8 text can hold, shared by every check and cleaner of text that leaves the process.

/** A lone UTF-16 surrogate (a high one not followed by a low one, or a low one not preceded by a high one). */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
