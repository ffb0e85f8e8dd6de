// Only the English locale: zod configures it by default; the others are never used by indx.
export { default as en } from "zod/v4/locales/en.js";
