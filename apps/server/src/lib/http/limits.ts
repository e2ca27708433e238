/** The largest JSON body any route accepts (documents are multipart, with their own limit). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
