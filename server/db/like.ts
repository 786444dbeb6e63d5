/** `%`, `_` and `\` of a user's search text escaped for LIKE / ILIKE (backslash is the escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ILIKE pattern of "contains this text", the text taken literally. */
export const containing = (text: string) => `%${escapeLike(text)}%`;
