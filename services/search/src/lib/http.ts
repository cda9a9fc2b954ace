export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** C0/C1 control characters (NUL included, tab and newline not): never valid in search text (PostgreSQL rejects NUL). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
